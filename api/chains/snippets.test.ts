// The Connect snippets run as pasted: each one generated for a chain of the dataset, its endpoints pointed at a real
// local node (anvil, started once for the file), is run by the real library — viem (reading the head and a
// multicall through multicall3 at its canonical address), wagmi's core, ethers 6 and Hardhat 2 — or, for the tools
// that cannot run here, type-checked against Hardhat 3's published types, parsed as TOML (Foundry) and as Python
// (web3.py).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import ts from 'typescript';
import { parseAbi, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSnippets, viemChainExport, type ProviderAccess, type SnippetChain } from '../../contract/snippets.ts';
import { closedPort, rpc, startAnvil, type Anvil } from '../health/test-servers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
const MULTICALL3_ABI = parseAbi([
  'function getBlockNumber() view returns (uint256)',
  'function getChainId() view returns (uint256)',
]);
const BASE_CHAIN_ID = 8453;

// The snippets are generated for these https URLs, then pointed at loopback: the first at a port nothing listens
// on (so every fallback list is really walked), the second at anvil.
const DEAD = 'https://dead.example/';
const LIVE = 'https://live.example/';

type DatasetChain = {
  name: string;
  slug: string;
  chainId: number;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  explorers: { name: string; url: string }[];
  isTestnet: boolean;
  status: string;
};
const dataset: DatasetChain[] = JSON.parse(readFileSync(path.join(ROOT, 'data/chains.json'), 'utf8'));

/** A dataset chain whose endpoints are the placeholders above (by default both: tools taking one URL, LIVE). */
function chainAt(slug: string, urls = [DEAD, LIVE]): SnippetChain {
  const c = dataset.find((d) => d.slug === slug)!;
  const endpoint = (url: string) => ({ url, needsApiKey: false, tracking: 'none' as const });
  return {
    name: c.name,
    title: null,
    slug: c.slug,
    evmChainId: c.chainId,
    shortName: null,
    nativeCurrency: c.nativeCurrency,
    explorers: c.explorers,
    isTestnet: c.isTestnet,
    status: c.status,
    websiteUrl: null,
    ethereumLists: null,
    rpcEndpoints: urls.map(endpoint),
  };
}
/** A chain of the dataset that viem does not ship (the snippets define it themselves). */
const notInViem = dataset.find((c) => !viemChainExport(c.chainId))!;

let anvil: Anvil;
let dead: string;
let dir: string;
let written = 0;
/** The snippet with its placeholder URLs pointed at loopback, written as a module beside the project's packages. */
const writeSnippet = (source: string, ext: string, at = dir) => {
  const file = path.join(at, `snippet-${written++}.${ext}`);
  writeFileSync(file, source.replaceAll(DEAD, dead).replaceAll(LIVE, `${anvil.url}/`));
  return file;
};
const importModule = (file: string) => import(/* @vite-ignore */ pathToFileURL(file).href);
const transpile = (source: string, module = ts.ModuleKind.ESNext) =>
  ts.transpileModule(source, { compilerOptions: { module, target: ts.ScriptTarget.ES2022 } }).outputText;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: BASE_CHAIN_ID, blockTime: null });
  dead = `http://127.0.0.1:${await closedPort()}/`;
  await rpc(anvil.url, 'anvil_mine', ['0x7']);
  // multicall3's runtime code at its canonical address: its creation code (viem's copy) run by eth_call returns it.
  const { multicall3Bytecode } = await import(
    /* @vite-ignore */ pathToFileURL(path.join(ROOT, 'node_modules/viem/_esm/constants/contracts.js')).href
  );
  const runtime = await rpc(anvil.url, 'eth_call', [{ data: multicall3Bytecode }, 'latest']);
  await rpc(anvil.url, 'anvil_setCode', [MULTICALL3, runtime]);
  // Generated modules live under node_modules/.cache so that their packages resolve as in a user's project.
  mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  dir = mkdtempSync(path.join(ROOT, 'node_modules/.cache/snippets-run-'));
});
afterAll(async () => {
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const alchemy: ProviderAccess = {
  slug: 'alchemy',
  name: 'Alchemy',
  endpoints: [],
  // As the dataset's templates, with the key where anvil ignores it (anvil answers on its root path only).
  urlTemplates: [`${LIVE}?key={API_KEY}`],
};

describe('viem', () => {
  it("imports viem's own chain (multicall3, formatters), reads the head and multicalls over the fallback", async () => {
    const { client, base } = await importModule(writeSnippet(connectSnippets(chainAt('base'))!.viem, 'mjs'));
    expect(base.id).toBe(BASE_CHAIN_ID);
    expect(base.contracts.multicall3.address.toLowerCase()).toBe(MULTICALL3.toLowerCase());
    expect(base.formatters).toBeDefined(); // the OP stack's
    expect(base.rpcUrls.default.http).toEqual([dead, `${anvil.url}/`]);
    expect(await (client as PublicClient).getBlockNumber()).toBe(7n);
    const results = await (client as PublicClient).multicall({
      contracts: [
        { address: MULTICALL3, abi: MULTICALL3_ABI, functionName: 'getBlockNumber' },
        { address: MULTICALL3, abi: MULTICALL3_ABI, functionName: 'getChainId' },
      ],
      allowFailure: false,
    });
    expect(results).toEqual([7n, BigInt(BASE_CHAIN_ID)]);
  });

  it('defines a chain viem lacks and reads its head', async () => {
    const code = connectSnippets(chainAt(notInViem.slug))!.viem;
    expect(code).not.toContain("from 'viem/chains'");
    const module = await importModule(writeSnippet(code, 'mjs'));
    expect(Object.values(module).find((v: any) => v?.id === notInViem.chainId)).toMatchObject({
      name: notInViem.name,
      nativeCurrency: notInViem.nativeCurrency,
    });
    expect(await module.client.getBlockNumber()).toBe(7n);
  });

  it("defines a chain viem lacks with multicall3 where Multicall3's deployment list has it, and multicalls", async () => {
    const code = connectSnippets(chainAt('huobi-eco-chain'))!.viem;
    expect(code).toContain('// multicall3 (client.multicall) as listed in github.com/mds1/multicall3@');
    const { client } = await importModule(writeSnippet(code, 'mjs'));
    const results = await (client as PublicClient).multicall({
      contracts: [{ address: MULTICALL3, abi: MULTICALL3_ABI, functionName: 'getBlockNumber' }],
      allowFailure: false,
    });
    expect(results).toEqual([7n]);
    // A chain missing from the list gets no multicall3 entry rather than a guessed one.
    expect(connectSnippets(chainAt('coti'))!.viem).not.toContain('multicall3');
  });

  it("a provider's config reads its API key from the environment", async () => {
    process.env.ALCHEMY_API_KEY = 'key-from-env';
    try {
      const code = connectSnippets(chainAt('base'), { provider: alchemy })!.viem;
      expect(code).toContain('const ALCHEMY_API_KEY = process.env.ALCHEMY_API_KEY;');
      const { client } = await importModule(writeSnippet(code, 'mjs'));
      expect(client.transport.transports[0].value.url).toBe(`${anvil.url}/?key=key-from-env`);
      expect(await client.getBlockNumber()).toBe(7n);
    } finally {
      delete process.env.ALCHEMY_API_KEY;
    }
  });
});

describe('wagmi', () => {
  it("builds a config with wagmi's createConfig whose client reads the head", async () => {
    // `wagmi` is the React binding of @wagmi/core, which holds createConfig, http and fallback.
    const code = transpile(connectSnippets(chainAt('base'))!.wagmi).replace("from 'wagmi'", "from '@wagmi/core'");
    const { config } = await importModule(writeSnippet(code, 'mjs'));
    const { getBlockNumber } = await import('@wagmi/core');
    expect(config.chains.map((c: { id: number }) => c.id)).toEqual([BASE_CHAIN_ID]);
    expect(await getBlockNumber(config, { chainId: BASE_CHAIN_ID })).toBe(7n);
  });
});

describe('ethers 6', () => {
  it('a FallbackProvider with a quorum of 1 reads the head past the dead endpoint', async () => {
    const { provider } = await importModule(writeSnippet(connectSnippets(chainAt('base'))!.ethers, 'mjs'));
    try {
      expect(provider.quorum).toBe(1);
      expect(await provider.getBlockNumber()).toBe(7);
      expect((await provider.getNetwork()).chainId).toBe(BigInt(BASE_CHAIN_ID));
    } finally {
      provider.destroy();
    }
  });
});

describe('Hardhat', () => {
  it('2: the config, run by Hardhat 2, reads the head on its network', () => {
    const config = writeSnippet(
      transpile(connectSnippets(chainAt('base', [LIVE]))!.hardhat2, ts.ModuleKind.CommonJS),
      'cjs',
    );
    const script = path.join(dir, 'block-number.cjs');
    writeFileSync(
      script,
      "const hre = require('hardhat');\n" +
        "hre.network.provider.request({ method: 'eth_blockNumber' }).then((n) => console.log(hre.network.name, n));\n",
    );
    const out = execFileSync(
      path.join(ROOT, 'node_modules/.bin/hardhat'),
      ['--config', config, 'run', script, '--network', 'base'],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' } },
    );
    expect(out.trim()).toBe('base 0x7');
  });

  it("3: the config type-checks against Hardhat 3's published types (Hardhat 3 needs Node 22)", () => {
    // Hardhat 3 is installed as `hardhat3`; a node_modules beside the snippets lets them import it as `hardhat`.
    const project = path.join(dir, 'hardhat3');
    mkdirSync(path.join(project, 'node_modules'), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules/hardhat3'), path.join(project, 'node_modules/hardhat'), 'dir');
    const good = [
      connectSnippets(chainAt('base'))!.hardhat,
      connectSnippets(chainAt('base'), { provider: alchemy })!.hardhat,
      connectSnippets(chainAt('base'), {
        provider: { ...alchemy, urlTemplates: ['https://{ENDPOINT_NAME}.example/{API_KEY}/'] },
      })!.hardhat,
    ].map((code) => writeSnippet(code, 'ts', project));
    // A config with a mistake, which the same check must refuse: the types are really read.
    const wrong = writeSnippet(
      connectSnippets(chainAt('base'))!.hardhat.replace("type: 'http'", "type: 'https'"),
      'ts',
      project,
    );
    const program = ts.createProgram([...good, wrong], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
      skipLibCheck: true,
    });
    const errors = (file: string) =>
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(file))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    for (const file of good) expect(errors(file)).toEqual([]);
    expect(errors(wrong).join()).toMatch(/"https"/);
  });
});

describe('the tools that cannot run here', () => {
  const variants = (slug: string) => [
    connectSnippets(chainAt(slug))!,
    connectSnippets(chainAt(slug), { provider: alchemy })!,
  ];

  it('Foundry: TOML naming the endpoints, a key as ${VARIABLE}, which Foundry reads from the environment', () => {
    const [best, provider] = variants('base');
    expect(parseToml(best.foundry)).toEqual({ rpc_endpoints: { base: DEAD } });
    expect(parseToml(provider.foundry)).toEqual({ rpc_endpoints: { base: `${LIVE}?key=\${ALCHEMY_API_KEY}` } });
  });

  it('web3.py: valid Python, a key read with os.environ', () => {
    const sources = [...variants('base'), ...variants(notInViem.slug)].map((s) => s.web3py);
    const check = 'import ast, json, sys\nfor s in json.load(sys.stdin): ast.parse(s)\nprint("ok")';
    const out = execFileSync('python3', ['-c', check], { input: JSON.stringify(sources), encoding: 'utf8' });
    expect(out.trim()).toBe('ok');
    expect(sources[1]).toContain('ALCHEMY_API_KEY = os.environ["ALCHEMY_API_KEY"]');
    expect(sources[1]).toContain('f"https://live.example/?key={ALCHEMY_API_KEY}",');
  });
});
