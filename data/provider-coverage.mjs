// Builds data/provider-coverage.json: the chains large providers serve to customers with an API key, read from
// the providers' own published npm packages (exact versions below) and matched to chains.json by EVM chain id.
// Only facts a package states are kept; a network with no chain in this dataset is listed under `unmatched`.
// The packages are installed into a temporary directory, never into the project:
// `node data/provider-coverage.mjs` (needs the npm registry; ≈ 30 s).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'data/provider-coverage.json');
const KEY = '{API_KEY}';

// Each package once, at the version read; bump a version here and re-run to refresh the data.
const PACKAGES = {
  'alchemy-sdk': '3.6.5',
  '@account-kit/infra': '4.88.5',
  '@wagmi/chains': '1.8.0',
  '@quicknode/sdk': '2.6.0',
  '@thirdweb-dev/chains': '0.1.120',
};
const source = (pkg) => `${pkg}@${PACKAGES[pkg]}`;
// Installed beside them, not a source: @quicknode/sdk 2.6.0 imports viem chains that later viem releases dropped
// (seiDevnet, gone from 2.46.3 on), so viem is held at the last release that has them all.
const PEERS = { viem: '2.46.2' };

const dir = mkdtempSync(path.join(tmpdir(), 'provider-coverage-'));
try {
  const specs = Object.entries({ ...PACKAGES, ...PEERS }).map(([name, version]) => `${name}@${version}`);
  const flags = ['--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', dir];
  execFileSync('npm', ['install', ...flags, ...specs], { stdio: 'inherit' });
  // Imports resolve from the importing file, so the reads happen through a module placed in the temporary tree.
  const entry = path.join(dir, 'packages.mjs');
  writeFileSync(
    entry,
    [
      "export * as alchemySdk from 'alchemy-sdk';",
      "export * as accountKit from '@account-kit/infra';",
      "export * as wagmiChains from '@wagmi/chains';",
      "export { default as QuickNodeCore } from '@quicknode/sdk/core';",
      "export { allChains as thirdwebChains } from '@thirdweb-dev/chains';",
      "export const quickNodeChainsFile = new URL('node_modules/@quicknode/sdk/esm/core/chains.js', import.meta.url);",
    ].join('\n'),
  );
  const pkgs = await import(pathToFileURL(entry).href);
  writeFileSync(OUT, format(coverage(await listings(pkgs))));
  console.log(`wrote ${path.relative(ROOT, OUT)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Every network each package lists: `{ provider, network, chainId (null when the package gives none, e.g. Solana),
 * urlTemplates, source }`. URL templates follow each package's own way of adding the key.
 */
async function listings(pkgs) {
  const out = [];
  const add = (provider, pkg, network, chainId, urlTemplates) =>
    out.push({ provider, network, chainId, urlTemplates, source: source(pkg) });

  // alchemy-sdk: its Network enum; the SDK's own provider for each network gives the chain id and the URL.
  const { Alchemy, Network } = pkgs.alchemySdk;
  for (const network of Object.values(Network)) {
    const provider = await new Alchemy({ network, apiKey: KEY }).config.getProvider().catch(() => null);
    const url = provider?.connection.url;
    // The SDK's WebSocket URL is its HTTPS URL with the wss scheme (its getAlchemyWsUrl).
    const urls = url ? [url, url.replace(/^https:/, 'wss:')] : [];
    add('alchemy', 'alchemy-sdk', network, provider?.network.chainId ?? null, urls);
  }

  // viem-style chain objects (account-kit, wagmi 1.x) with the provider's base URL under rpcUrls.<provider>;
  // the key is the last path segment, as alchemy-sdk and wagmi 1.x's alchemy/infura providers build it.
  const viemChains = (mod) =>
    Object.entries(mod).filter(([, c]) => c && typeof c === 'object' && 'id' in c && 'rpcUrls' in c);
  const fromRpcUrls = (mod, pkg, provider) => {
    for (const [name, chain] of viemChains(mod)) {
      const urls = chain.rpcUrls[provider];
      if (!urls) continue;
      add(provider, pkg, name, chain.id, [...(urls.http ?? []), ...(urls.webSocket ?? [])].map((u) => `${u}/${KEY}`));
    }
  };
  fromRpcUrls(pkgs.accountKit, '@account-kit/infra', 'alchemy');
  fromRpcUrls(pkgs.wagmiChains, '@wagmi/chains', 'alchemy');
  fromRpcUrls(pkgs.wagmiChains, '@wagmi/chains', 'infura');

  // @quicknode/sdk: its table of endpoint-host network names (not exported, read from its file); the SDK's own
  // Core derives each one's chain from an endpoint URL of the form its parser accepts.
  const quickNodeSource = readFileSync(pkgs.quickNodeChainsFile, 'utf8');
  const tableStart = quickNodeSource.indexOf('qnChainToViemChain');
  const table = quickNodeSource.slice(tableStart, quickNodeSource.indexOf('};', tableStart));
  const names = [...table.matchAll(/^\s*(?:'([\w-]+)'|\['([\w-]+)'\]|\[(ETH_MAINNET_NETWORK)\]):/gm)];
  if (names.length === 0) throw new Error('@quicknode/sdk: its chain table was not found (the file changed shape)');
  for (const [, quoted, bracketed, ethereum] of names) {
    const host = ethereum ? '' : `${quoted ?? bracketed}.`;
    const { client } = new pkgs.QuickNodeCore({ endpointUrl: `https://endpoint.${host}quiknode.pro/key/` });
    const network = ethereum ? 'ethereum-mainnet' : (quoted ?? bracketed);
    const template = `https://{ENDPOINT_NAME}.${host}quiknode.pro/${KEY}/`;
    add('quicknode', '@quicknode/sdk', network, client.chain.id, [template]);
  }

  // @thirdweb-dev/chains: thirdweb's own RPC URL on each chain it lists (other providers' URLs there come
  // from ethereum-lists, not from those providers, and are not read).
  for (const chain of pkgs.thirdwebChains) {
    const own = chain.rpc.filter((u) => new URL(u).hostname.endsWith('.rpc.thirdweb.com'));
    const templates = own.map((u) => u.replace('${THIRDWEB_API_KEY}', KEY));
    if (own.length) add('thirdweb', '@thirdweb-dev/chains', chain.slug, chain.chainId, templates);
  }
  return out;
}

/**
 * Per provider, one link per dataset chain (the first package that lists it is its source; the others that do are
 * `alsoListedBy`), and per package the networks it lists that have no chain in this dataset.
 */
function coverage(listed) {
  const chains = JSON.parse(readFileSync(path.join(ROOT, 'data/chains.json'), 'utf8'));
  const known = JSON.parse(readFileSync(path.join(ROOT, 'data/providers.json'), 'utf8'));
  const providerSlugs = new Set(known.map((p) => p.slug));
  const chainById = new Map(chains.map((c) => [c.chainId, c]));
  const order = new Map(chains.map((c, i) => [c.chainId, i]));
  const providers = {};
  for (const l of listed) {
    if (!providerSlugs.has(l.provider)) throw new Error(`no provider ${l.provider} in providers.json`);
    const p = (providers[l.provider] ??= { links: new Map(), unmatched: {} });
    const chain = chainById.get(l.chainId);
    if (!chain) {
      (p.unmatched[l.source] ??= []).push(`${l.network} (${l.chainId ?? 'no EVM chain id'})`);
      continue;
    }
    const link = p.links.get(chain.chainId);
    if (!link) {
      p.links.set(chain.chainId, {
        chainId: chain.chainId,
        chain: chain.slug,
        kind: 'api-key',
        networks: [l.network],
        urlTemplates: l.urlTemplates,
        source: l.source,
        alsoListedBy: [],
      });
      continue;
    }
    if (l.source !== link.source) {
      if (!link.alsoListedBy.includes(l.source)) link.alsoListedBy.push(l.source);
      continue;
    }
    // Two names of one network in the same package (QuickNode's `xdai` and `gnosis`): both kept, first one first.
    if (!link.networks.includes(l.network)) link.networks.push(l.network);
    for (const u of l.urlTemplates) if (!link.urlTemplates.includes(u)) link.urlTemplates.push(u);
  }
  const result = {};
  for (const [slug, p] of Object.entries(providers)) {
    const links = [...p.links.values()].sort((a, b) => order.get(a.chainId) - order.get(b.chainId));
    const unmatchedCount = Object.values(p.unmatched).reduce((n, list) => n + list.length, 0);
    result[slug] = { chainCount: links.length, unmatchedCount, links, unmatched: p.unmatched };
  }
  return { generatedAt: new Date().toISOString().slice(0, 10), packages: PACKAGES, providers: result };
}

/** Indented JSON with each link and each unmatched network on one line (small diffs on a re-run). */
function format(value, indent = '') {
  if (typeof value !== 'object' || value === null || 'chainId' in value) {
    return JSON.stringify(value);
  }
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((v) => inner + format(v, inner))
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return items.length ? `${open}\n${items.join(',\n')}\n${indent}${close}${indent ? '' : '\n'}` : `${open}${close}`;
}
