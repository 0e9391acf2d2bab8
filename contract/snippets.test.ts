// The snippets are run by the real libraries (viem, ethers) and checked by real parsers (Python's ast, a TOML
// parser, the TypeScript compiler, the ethereum-lists JSON schema) against chains of the shipped dataset.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import { FetchRequest } from 'ethers';
import { parse as parseToml } from 'smol-toml';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import schema from './vendor/ethereum-lists-chain.schema.json' with { type: 'json' };
import { addChainParams, isKeyless } from './eip3085.ts';
import {
  chainIdentifier,
  connectSnippets,
  SNIPPET_ENDPOINTS,
  templateUrl,
  viemChainExport,
  type SnippetChain,
} from './snippets.ts';
import viemChains from './viem-chains.json' with { type: 'json' };
import { datasetChainIds, viemChainTable } from '../scripts/viem-chains.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

type DatasetChain = {
  name: string;
  title: string | null;
  slug: string;
  chainId: number;
  shortName: string;
  ethereumListsChain: string;
  networkId: number;
  faucets: string[];
  nativeCurrency: { name: string; symbol: string; decimals: number };
  infoUrl: string;
  explorers: { name: string; url: string }[];
  isTestnet: boolean;
  status: string;
  publicRpcs: { url: string; needsApiKey: boolean; tracking: 'none' | 'limited' | 'yes' | 'unspecified' }[];
};
const dataset: DatasetChain[] = JSON.parse(readFileSync(path.join(ROOT, 'data/chains.json'), 'utf8'));

/** A dataset chain as the API describes it (websiteUrl, rpcEndpoints), with its ethereum-lists facts. */
const snippetChain = (c: DatasetChain): SnippetChain => ({
  name: c.name,
  title: c.title,
  slug: c.slug,
  evmChainId: c.chainId,
  shortName: c.shortName,
  nativeCurrency: c.nativeCurrency,
  explorers: c.explorers,
  isTestnet: c.isTestnet,
  status: c.status,
  websiteUrl: c.infoUrl,
  rpcEndpoints: c.publicRpcs,
  ethereumLists: { chain: c.ethereumListsChain, networkId: c.networkId, faucets: c.faucets },
});
const chain = (slug: string) => snippetChain(dataset.find((c) => c.slug === slug)!);
const snippets = (c: SnippetChain) => connectSnippets(c)!;

// Ethereum (many wss endpoints), Base, Arbitrum One, a testnet, and a chain without explorers.
const SAMPLE = ['ethereum', 'base', 'arbitrum-one', 'ethereum-sepolia', 'smart-bitcoin-cash'];

// Generated modules live under node_modules/.cache so that `viem` and `ethers` resolve as in a user's project.
let dir: string;
let written = 0;
const writeModule = (source: string, ext = 'mjs') => {
  const file = path.join(dir, `snippet-${written++}.${ext}`);
  writeFileSync(file, source);
  return file;
};
const importModule = (file: string) => import(/* @vite-ignore */ pathToFileURL(file).href);
const transpile = (source: string) =>
  ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
    .outputText;

// ethers' requests never leave the process: each method is recorded; only eth_blockNumber is answered.
const RESULTS: Record<string, string> = { eth_blockNumber: '0x1' };
const requests: string[] = []; // JSON-RPC methods
beforeAll(() => {
  mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  dir = mkdtempSync(path.join(ROOT, 'node_modules/.cache/snippets-'));
  FetchRequest.registerGetUrl(async (req) => {
    const payload = JSON.parse(new TextDecoder().decode(req.body!));
    requests.push(...[payload].flat().map((p: { method: string }) => p.method));
    const answer = ({ id, method }: { id: number; method: string }) =>
      RESULTS[method]
        ? { jsonrpc: '2.0', id, result: RESULTS[method] }
        : { jsonrpc: '2.0', id, error: { code: -32601, message: `${method} is not answered in this test` } };
    const body = JSON.stringify(Array.isArray(payload) ? payload.map(answer) : answer(payload));
    const headers = { 'content-type': 'application/json' };
    return { statusCode: 200, statusMessage: 'OK', headers, body: new TextEncoder().encode(body) };
  });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  // ethers is loaded once per worker process, which the next test file shares: its requests go out again.
  FetchRequest.registerGetUrl(FetchRequest.createGetUrlFunc());
});

describe('connectSnippets on the shipped dataset', () => {
  it('gives every chain snippets, with the best keyless endpoints and no key template', () => {
    for (const c of dataset) {
      const s = connectSnippets(snippetChain(c));
      expect(s, c.slug).not.toBeNull();
      for (const code of [s!.viem, s!.wagmi, s!.ethers, s!.web3py, s!.hardhat, s!.hardhat2, s!.foundry]) {
        expect(code).not.toMatch(/\$\{API_KEY\}|\$\{[A-Z_]*API_KEY\}"/);
      }
    }
  });

  it("viem: the table of viem's chain exports is the one the installed viem gives", () => {
    expect(viemChains).toEqual(viemChainTable(datasetChainIds()));
  });

  it('viem: a chain viem ships is imported from viem/chains with only its RPC URLs replaced', async () => {
    const { createPublicClient, http } = await import('viem');
    const viemChainsModule: Record<string, { id: number; name: string; contracts?: object }> =
      await import('viem/chains');
    const shipped = SAMPLE.filter((slug) => viemChainExport(chain(slug).evmChainId!));
    expect(shipped).toEqual(['ethereum', 'base', 'arbitrum-one', 'ethereum-sepolia']);
    for (const slug of shipped) {
      const c = chain(slug);
      const exportName = viemChainExport(c.evmChainId!)!;
      const s = snippets(c);
      expect(s.viem).toContain(`from 'viem/chains';`);
      const exported = (await importModule(writeModule(s.viem)))[chainIdentifier(slug)];
      const own = viemChainsModule[exportName];
      expect(exported).toMatchObject({ id: own.id, name: own.name, contracts: own.contracts ?? undefined });
      expect(exported.rpcUrls.default.http).toEqual(addChainParams(c)!.rpcUrls.slice(0, SNIPPET_ENDPOINTS));
      expect(createPublicClient({ chain: exported, transport: http() }).chain.id).toBe(c.evmChainId);
    }
    const ethereum = (await importModule(writeModule(snippets(chain('ethereum')).viem))).ethereum;
    expect(ethereum.contracts.multicall3).toBeDefined();
    expect(ethereum.rpcUrls.default.webSocket).toHaveLength(SNIPPET_ENDPOINTS);
    expect(ethereum.rpcUrls.default.webSocket.every((u: string) => u.startsWith('wss://'))).toBe(true);
  });

  it('viem: every chain of the dataset gives a module that loads, with a client; those viem lacks are defined', async () => {
    for (const c of dataset.map(snippetChain)) {
      const code = snippets(c).viem;
      const module = await importModule(writeModule(code));
      expect(module[chainIdentifier(c.slug)].id, c.slug).toBe(c.evmChainId);
      expect(module.client.chain.id, c.slug).toBe(c.evmChainId);
      if (viemChainExport(c.evmChainId!)) continue;
      expect(module[chainIdentifier(c.slug)], c.slug).toMatchObject({ name: c.name, nativeCurrency: c.nativeCurrency });
      expect(Boolean(module[chainIdentifier(c.slug)].testnet)).toBe(c.isTestnet);
    }
  });

  it('ethers v6: one FallbackProvider (quorum 1) that knows its network without asking the endpoints', async () => {
    for (const slug of SAMPLE) {
      const c = chain(slug);
      requests.length = 0;
      const { provider } = await importModule(writeModule(snippets(c).ethers));
      try {
        // The fallback provider syncs each endpoint's block number first, but never asks for the chain id.
        expect((await provider.getNetwork()).chainId).toBe(BigInt(c.evmChainId!));
        expect(new Set(requests)).toEqual(new Set(['eth_blockNumber']));
        expect(provider.quorum).toBe(1);
        expect(
          provider.providerConfigs.map(
            (p: { provider: { _getConnection(): { url: string } } }) => p.provider._getConnection().url,
          ),
        ).toEqual(addChainParams(c)!.rpcUrls.slice(0, SNIPPET_ENDPOINTS));
      } finally {
        provider.destroy();
      }
    }
  });

  it('web3.py: every snippet is valid Python', () => {
    const sources = dataset.map((c) => snippets(snippetChain(c)).web3py);
    const check = 'import ast, json, sys\nfor s in json.load(sys.stdin): ast.parse(s)\nprint("ok")';
    const out = execFileSync('python3', ['-c', check], { input: JSON.stringify(sources), encoding: 'utf8' });
    expect(out.trim()).toBe('ok');
    expect(snippets(chain('base')).web3py).toContain('w3 = Web3(Web3.HTTPProvider(url))');
  });

  it('Foundry: every snippet is TOML naming the best endpoint, with no [etherscan] when no API is known', () => {
    for (const c of dataset.map(snippetChain)) {
      const toml = parseToml(snippets(c).foundry) as { rpc_endpoints: Record<string, string>; etherscan?: unknown };
      expect(toml.rpc_endpoints[c.slug], c.slug).toBe(addChainParams(c)!.rpcUrls[0]);
      expect(toml.etherscan).toBeUndefined();
    }
    expect(parseToml(snippets(chain('ethereum')).foundry).rpc_endpoints).toHaveProperty('ethereum-ws');
  });

  it('Hardhat 2: the config compiles and has the network, with no etherscan part when no API is known', async () => {
    for (const slug of SAMPLE) {
      const c = chain(slug);
      const config = (await importModule(writeModule(transpile(snippets(c).hardhat2)))).default;
      const best = addChainParams(c)!.rpcUrls[0];
      expect(config.networks[slug]).toEqual({ url: best, chainId: c.evmChainId, accounts: [] });
      expect(config).not.toHaveProperty('etherscan');
    }
  });

  it('ethereum-lists: every chain validates against the vendored schema', () => {
    const validate = new Ajv({ strict: false, validateSchema: false }).compile(schema);
    for (const c of dataset.map(snippetChain)) {
      const json = snippets(c).ethereumLists;
      expect(validate(json), `${c.slug}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(json!.rpc.every((u) => !u.includes('${'))).toBe(true);
    }
    const base = snippets(chain('base')).ethereumLists!;
    expect(base).toMatchObject({ chainId: 8453, networkId: 8453, chain: 'ETH', shortName: 'base' });
  });

  it('EIP-3085: the wallet parameters of "Add to wallet"', () => {
    const c = chain('arbitrum-one');
    expect(snippets(c).eip3085).toEqual(addChainParams(c));
  });
});

describe('with a known explorer API', () => {
  // The dataset names no explorer API yet; this one is made up for the test.
  const explorer = { name: 'scan', url: 'https://scan.example', apiUrl: 'https://scan.example/api' };
  const c = { ...chain('base'), explorers: [explorer] };

  it('Hardhat 2 gains etherscan.customChains', async () => {
    const config = (await importModule(writeModule(transpile(snippets(c).hardhat2)))).default;
    expect(config.etherscan.customChains).toEqual([
      { network: 'base', chainId: 8453, urls: { apiURL: explorer.apiUrl, browserURL: explorer.url } },
    ]);
  });

  it('Foundry gains [etherscan]', () => {
    expect(parseToml(snippets(c).foundry).etherscan).toEqual({
      base: { key: '${ETHERSCAN_API_KEY}', chain: 8453, url: 'https://scan.example/api' },
    });
  });
});

describe('connectSnippets', () => {
  it('is null when no library could use the chain', () => {
    const base = chain('base');
    expect(connectSnippets({ ...base, evmChainId: null })).toBeNull();
    expect(
      connectSnippets({ ...base, rpcEndpoints: base.rpcEndpoints.filter((e) => !e.url.startsWith('https:')) }),
    ).toBeNull();
  });
  it('leaves out the ethereum-lists chain when a required field is unknown', () => {
    expect(connectSnippets({ ...chain('base'), ethereumLists: null })!.ethereumLists).toBeNull();
    expect(connectSnippets({ ...chain('base'), websiteUrl: null })!.ethereumLists).toBeNull();
  });
  it("puts a chosen keyless endpoint first in its list, and ignores one that is not the chain's keyless", () => {
    const base = chain('base');
    const best = snippets(base);
    const lastHttps = base.rpcEndpoints.filter((e) => isKeyless(e) && e.url.startsWith('https:')).at(-1)!.url;
    expect(lastHttps).not.toBe(best.eip3085!.rpcUrls[0]);
    const chosen = connectSnippets(base, { chosenUrl: lastHttps })!;
    expect(chosen.eip3085!.rpcUrls[0]).toBe(lastHttps);
    expect(chosen.eip3085!.rpcUrls.filter((u) => u === lastHttps)).toHaveLength(1);
    expect(chosen.foundry).toContain(`base = ${JSON.stringify(lastHttps)}`);
    expect(chosen.ethereumLists!.rpc[0]).toBe(lastHttps);
    const wss = base.rpcEndpoints.find((e) => isKeyless(e) && e.url.startsWith('wss:'))!.url;
    expect(connectSnippets(base, { chosenUrl: wss })!.foundry).toContain(`base-ws = ${JSON.stringify(wss)}`);
    expect(connectSnippets(base, { chosenUrl: 'https://not-listed.example' })).toEqual(best);
  });
  it('writes string literals safely and names chains as JavaScript identifiers', async () => {
    const coti = chain('coti'); // one viem does not ship: its name is written into the snippet
    expect(viemChainExport(coti.evmChainId!)).toBeUndefined();
    const c = { ...coti, name: 'Quote " and \\ back\nslash' };
    expect((await importModule(writeModule(snippets(c).viem))).coti.name).toBe(c.name);
    const { provider } = await importModule(writeModule(snippets(c).ethers));
    provider.destroy();
    execFileSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], { input: snippets(c).web3py });
    expect(chainIdentifier('arbitrum-one')).toBe('arbitrumOne');
    expect(chainIdentifier('0g-mainnet')).toBe('chain0gMainnet');
    expect(chainIdentifier('delete')).toBe('chainDelete');
  });
});

describe("a provider's own config", () => {
  const base = chain('base');
  const alchemy = {
    slug: 'alchemy',
    name: 'Alchemy',
    endpoints: [],
    urlTemplates: ['https://base-mainnet.g.alchemy.com/v2/{API_KEY}', 'wss://base-mainnet.g.alchemy.com/v2/{API_KEY}'],
  };

  it('turns template placeholders into environment variables named after the provider', () => {
    expect(templateUrl('alchemy', 'https://base-mainnet.g.alchemy.com/v2/{API_KEY}')).toEqual({
      text: 'https://base-mainnet.g.alchemy.com/v2/${ALCHEMY_API_KEY}',
      vars: ['ALCHEMY_API_KEY'],
    });
    expect(templateUrl('quicknode', 'https://{ENDPOINT_NAME}.base-mainnet.quiknode.pro/{API_KEY}/').vars).toEqual([
      'QUICKNODE_ENDPOINT_NAME',
      'QUICKNODE_API_KEY',
    ]);
    expect(templateUrl('thirdweb', 'https://8453.rpc.thirdweb.com/${THIRDWEB_API_KEY}').text).toBe(
      'https://8453.rpc.thirdweb.com/${THIRDWEB_API_KEY}',
    );
  });

  it('uses only its URLs, reads the key from the environment and never writes a literal placeholder', () => {
    const s = connectSnippets(base, { provider: alchemy })!;
    const url = 'https://base-mainnet.g.alchemy.com/v2/${ALCHEMY_API_KEY}';
    expect(s.viem).toContain(`http: [\`${url}\`]`);
    expect(s.viem).toContain(`webSocket: [\`wss://base-mainnet.g.alchemy.com/v2/\${ALCHEMY_API_KEY}\`]`);
    expect(s.ethers).toContain('const ALCHEMY_API_KEY = process.env.ALCHEMY_API_KEY;');
    expect(s.hardhat).toContain(
      'configVariable("ALCHEMY_API_KEY", { format: "https://base-mainnet.g.alchemy.com/v2/{variable}" })',
    );
    expect(s.foundry).toContain(`base = ${JSON.stringify(url)}`);
    for (const code of [s.viem, s.wagmi, s.ethers, s.web3py, s.hardhat, s.hardhat2, s.foundry]) {
      expect(code).not.toContain('{API_KEY}');
      for (const other of addChainParams(base)!.rpcUrls) expect(code).not.toContain(other);
    }
    // Wallets take no placeholder; the chain JSON describes the chain, not one provider.
    expect(s.eip3085).toBeNull();
    expect(s.ethereumLists).toBeNull();
  });

  it('puts its keyless endpoints after its key templates, and gives wallets those', () => {
    const keyless = base.rpcEndpoints.find((e) => isKeyless(e) && e.url.startsWith('https:'))!;
    const s = connectSnippets(base, { provider: { ...alchemy, endpoints: [keyless] } })!;
    expect(s.eip3085!.rpcUrls).toEqual([keyless.url]);
    expect(s.viem).toContain(
      `http: [\`https://base-mainnet.g.alchemy.com/v2/\${ALCHEMY_API_KEY}\`, ${JSON.stringify(keyless.url)}]`,
    );
  });

  it('is null when the provider has no HTTPS URL for the chain', () => {
    expect(connectSnippets(base, { provider: { ...alchemy, urlTemplates: [] } })).toBeNull();
  });
});
