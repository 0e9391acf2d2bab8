// Copy-ready configuration for connecting to a chain with the common libraries and tools, built from the
// directory's facts and its public endpoints (keyless only, best first: endpoint-rank.ts). Every string literal is
// written with JSON.stringify, which is valid JavaScript, TypeScript, Python and TOML string syntax.
// The answer's schema is in chains.ts with the other chain answers: the PWA imports this file, and schemas here would
// make every chain page build zod's schemas as it loads.
import type { ChainDetail } from './chains.ts';
import {
  addChainParams,
  isHttps,
  isKeyless,
  keylessUrls,
  type AddEthereumChainParameter,
  type ChainEndpoint,
  type WalletChain,
} from './eip3085.ts';

/** Endpoints a snippet offers as alternatives (fallback lists); the first one is the single-URL choice. */
export const SNIPPET_ENDPOINTS = 3;

export type SnippetChain = Omit<WalletChain, 'explorers'> &
  Pick<ChainDetail, 'slug' | 'title' | 'shortName' | 'websiteUrl' | 'isTestnet' | 'status' | 'ethereumLists'> & {
    /** `apiUrl`: the explorer's Etherscan-compatible API, only when a source gives it (never guessed). */
    explorers: (ChainDetail['explorers'][number] & { apiUrl?: string | null })[];
  };

/** A chain in the ethereum-lists (chainid.network) schema, the fields this directory can fill. */
export type EthereumListsChain = {
  name: string;
  title?: string;
  chain: string;
  rpc: string[];
  faucets: string[];
  nativeCurrency: { name: string; symbol: string; decimals: number };
  infoURL: string;
  shortName: string;
  chainId: number;
  networkId: number;
  explorers?: { name: string; url: string }[];
  status?: string;
};

export type ConnectSnippets = {
  viem: string;
  wagmi: string;
  ethers: string;
  web3py: string;
  hardhat: string;
  foundry: string;
  eip3085: AddEthereumChainParameter;
  /** Null when the chain lacks a field the schema requires (short name, website, ethereum-lists facts). */
  ethereumLists: EthereumListsChain | null;
};

const str = (value: string) => JSON.stringify(value);
const list = (values: readonly string[]) => `[${values.map(str).join(', ')}]`;
/** Text inside a one-line comment (a line break there would end the comment). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

const RESERVED = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if implements import in instanceof interface let new null package private protected public return ' +
    'static super switch this throw true try typeof var void while with yield'
  ).split(' '),
);

/** A JavaScript identifier from a slug: `arbitrum-one` → `arbitrumOne`, `0g` → `chain0g`. */
export function chainIdentifier(slug: string): string {
  const camel = slug
    .toLowerCase()
    .replace(/[^a-z0-9]+([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    .replace(/[^a-zA-Z0-9]/g, '');
  if (/^[a-z]/.test(camel) && !RESERVED.has(camel)) return camel;
  return `chain${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}

/** A keyless endpoint a config can start with: snippets list HTTPS and WebSocket URLs only. */
export const isConfigurable = (endpoint: ChainEndpoint) =>
  isKeyless(endpoint) && (isHttps(endpoint.url) || /^wss:\/\//i.test(endpoint.url));

/** `urls` with `chosen` first, when it is one of `pool` (the keyless endpoints over the same protocol). */
const chosenFirst = (urls: string[], chosen: string | undefined, pool: readonly string[] = urls) =>
  chosen && pool.includes(chosen) ? [chosen, ...urls.filter((u) => u !== chosen)] : urls;

/**
 * The snippets for a chain, or null when a wallet or library could not use it (as addChainParams). `chosenUrl`, one
 * of the chain's keyless endpoints, goes first in its list (HTTPS or WebSocket), before the best of the others:
 * the config for that endpoint (the chain page's per-endpoint "Config", `?endpoint=` of the API).
 */
export function connectSnippets(chain: SnippetChain, chosenUrl?: string): ConnectSnippets | null {
  const params = addChainParams(chain);
  if (!params || chain.evmChainId == null || !chain.nativeCurrency) return null;
  // The chosen one goes first even when the wallet's list leaves it out (not healthy now): the developer picked it.
  const eip3085 = {
    ...params,
    rpcUrls: chosenFirst(params.rpcUrls, chosenUrl, keylessUrls(chain.rpcEndpoints, 'https:')),
  };
  const facts = {
    ...chain,
    id: chain.evmChainId,
    nativeCurrency: chain.nativeCurrency,
    http: eip3085.rpcUrls.slice(0, SNIPPET_ENDPOINTS),
    wss: chosenFirst(keylessUrls(chain.rpcEndpoints, 'wss:'), chosenUrl).slice(0, SNIPPET_ENDPOINTS),
    explorer: chain.explorers.find((e) => isHttps(e.url)) ?? null,
    ident: chainIdentifier(chain.slug),
  };
  return {
    viem: `import { defineChain } from 'viem';\n\n${defineChainCode(facts)}`,
    wagmi: wagmiCode(facts),
    ethers: ethersCode(facts),
    web3py: web3pyCode(facts),
    hardhat: hardhatCode(facts),
    foundry: foundryCode(facts),
    eip3085,
    ethereumLists: ethereumListsJson(chain, eip3085, chosenUrl),
  };
}

type Facts = SnippetChain & {
  id: number;
  nativeCurrency: NonNullable<SnippetChain['nativeCurrency']>;
  http: string[];
  wss: string[];
  explorer: SnippetChain['explorers'][number] | null;
  ident: string;
};

function defineChainCode(c: Facts): string {
  const { name, symbol, decimals } = c.nativeCurrency;
  return [
    `export const ${c.ident} = defineChain({`,
    `  id: ${c.id},`,
    `  name: ${str(c.name)},`,
    `  nativeCurrency: { name: ${str(name)}, symbol: ${str(symbol)}, decimals: ${decimals} },`,
    '  rpcUrls: {',
    '    default: {',
    `      http: ${list(c.http)},`,
    ...(c.wss.length ? [`      webSocket: ${list(c.wss)},`] : []),
    '    },',
    '  },',
    ...(c.explorer
      ? ['  blockExplorers: {', `    default: { name: ${str(c.explorer.name)}, url: ${str(c.explorer.url)} },`, '  },']
      : []),
    ...(c.isTestnet ? ['  testnet: true,'] : []),
    '});',
    '',
  ].join('\n');
}

function wagmiCode(c: Facts): string {
  const transports = c.http.map((url) => `http(${str(url)})`);
  const transport =
    transports.length > 1
      ? ['fallback([', ...transports.map((t) => `      ${t},`), '    ])'].join('\n')
      : transports[0];
  return [
    "import { defineChain } from 'viem';",
    "import { createConfig, fallback, http } from 'wagmi';",
    '',
    defineChainCode(c),
    'export const config = createConfig({',
    `  chains: [${c.ident}],`,
    '  transports: {',
    `    [${c.ident}.id]: ${transport},`,
    '  },',
    '});',
    '',
  ].join('\n');
}

function ethersCode(c: Facts): string {
  const provider = (url: string) => `new JsonRpcProvider(${str(url)}, network, { staticNetwork: network })`;
  return [
    "import { FallbackProvider, JsonRpcProvider, Network } from 'ethers';",
    '',
    `// ${oneLine(c.name)}, chain ID ${c.id}: a fixed network, so no request is spent detecting it.`,
    `const network = new Network(${str(c.slug)}, ${c.id});`,
    '',
    `export const provider = ${provider(c.http[0])};`,
    '',
    '// The best public endpoints, tried in this order; the first that answers is used.',
    'export const fallbackProvider = new FallbackProvider(',
    '  [',
    ...c.http.map((url, i) => `    { provider: ${provider(url)}, priority: ${i + 1} },`),
    '  ],',
    '  network,',
    '  { quorum: 1 },',
    ');',
    '',
  ].join('\n');
}

function web3pyCode(c: Facts): string {
  return [
    'from web3 import Web3',
    '',
    `# ${oneLine(c.name)}, chain ID ${c.id}: the best public endpoints, in order.`,
    'RPC_URLS = [',
    ...c.http.map((url) => `    ${str(url)},`),
    ']',
    '',
    'w3 = Web3(Web3.HTTPProvider(RPC_URLS[0]))',
    `assert w3.eth.chain_id == ${c.id}`,
    '',
  ].join('\n');
}

function hardhatCode(c: Facts): string {
  const api = c.explorer?.apiUrl;
  const etherscan = api
    ? [
        '  etherscan: {',
        `    apiKey: { ${str(c.slug)}: process.env.ETHERSCAN_API_KEY ?? '' },`,
        '    customChains: [',
        '      {',
        `        network: ${str(c.slug)},`,
        `        chainId: ${c.id},`,
        `        urls: { apiURL: ${str(api)}, browserURL: ${str(c.explorer!.url)} },`,
        '      },',
        '    ],',
        '  },',
      ]
    : [];
  return [
    "import type { HardhatUserConfig } from 'hardhat/config';",
    '',
    'const config: HardhatUserConfig = {',
    '  networks: {',
    `    ${str(c.slug)}: {`,
    `      url: ${str(c.http[0])},`,
    `      chainId: ${c.id},`,
    '      accounts: process.env.PRIVATE_KEY ? [process.env.PRIVATE_KEY] : [],',
    '    },',
    '  },',
    ...etherscan,
    '};',
    '',
    'export default config;',
    '',
  ].join('\n');
}

const ETHERSCAN_KEY = '${ETHERSCAN_API_KEY}';

function foundryCode(c: Facts): string {
  const api = c.explorer?.apiUrl;
  // Foundry fills `${ETHERSCAN_API_KEY}` from the environment.
  const etherscan = api
    ? ['', '[etherscan]', `${c.slug} = { key = ${str(ETHERSCAN_KEY)}, chain = ${c.id}, url = ${str(api)} }`]
    : [];
  // Slugs are lowercase letters, digits and hyphens: valid TOML bare keys.
  return [
    '[rpc_endpoints]',
    `${c.slug} = ${str(c.http[0])}`,
    ...(c.wss.length ? [`${c.slug}-ws = ${str(c.wss[0])}`] : []),
    ...etherscan,
    '',
  ].join('\n');
}

function ethereumListsJson(
  chain: SnippetChain,
  eip3085: AddEthereumChainParameter,
  chosenUrl: string | undefined,
): EthereumListsChain | null {
  const facts = chain.ethereumLists;
  if (!facts || !chain.shortName || !chain.websiteUrl || !chain.nativeCurrency || chain.evmChainId == null) return null;
  const explorers = chain.explorers.filter((e) => isHttps(e.url)).map(({ name, url }) => ({ name, url }));
  return {
    name: chain.name,
    ...(chain.title ? { title: chain.title } : {}),
    chain: facts.chain,
    rpc: [...eip3085.rpcUrls, ...chosenFirst(keylessUrls(chain.rpcEndpoints, 'wss:'), chosenUrl)],
    faucets: [...facts.faucets],
    nativeCurrency: { ...chain.nativeCurrency },
    infoURL: chain.websiteUrl,
    shortName: chain.shortName,
    chainId: chain.evmChainId,
    networkId: facts.networkId,
    ...(explorers.length ? { explorers } : {}),
    // `active` is the schema's default, left out as ethereum-lists does.
    ...(chain.status !== 'active' ? { status: chain.status } : {}),
  };
}
