// Copy-ready configuration for connecting to a chain with the common libraries and tools, built from the
// directory's facts: the chain's best public endpoints (keyless only, best first: endpoint-rank.ts), or one
// provider's own endpoints and API-key URL templates. Every snippet runs as pasted: it builds the client, provider
// or config, not only the chain. String literals are written with JSON.stringify, which is valid JavaScript,
// TypeScript, Python and TOML string syntax; an API key is never written, only read from an environment variable.
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
import viemChains from './viem-chains.json' with { type: 'json' };

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
  /** Hardhat 3 (the current major). */
  hardhat: string;
  /** Hardhat 2, which still runs on Node 20. */
  hardhat2: string;
  foundry: string;
  /** Null when none of the URLs is a keyless HTTPS one (wallets take no key placeholder). */
  eip3085: AddEthereumChainParameter | null;
  /**
   * Null when the chain lacks a field the schema requires (short name, website, ethereum-lists facts), and in a
   * provider's config (the chain JSON describes the chain, not one provider).
   */
  ethereumLists: EthereumListsChain | null;
};

/** One provider's way to reach a chain: its endpoints there and the URL templates of its API-key service. */
export type ProviderAccess = {
  slug: string;
  name: string;
  endpoints: readonly ChainEndpoint[];
  /** Templates such as `https://base-mainnet.g.alchemy.com/v2/{API_KEY}` (contract/providers.ts `apiKeyChains`). */
  urlTemplates: readonly string[];
};

export type SnippetOptions = {
  /** One of the chain's keyless endpoints, put first (the chain page's per-endpoint "Config", `?endpoint=`). */
  chosenUrl?: string;
  /** Only this provider's URLs (`?provider=`). */
  provider?: ProviderAccess;
};

/** `{chainId: exportName}` of viem/chains for the dataset's chains, generated from the installed viem. */
const VIEM_EXPORTS: Readonly<Record<string, string>> = viemChains.chains;

/** The name viem/chains exports this chain under, when the installed viem ships it. */
export const viemChainExport = (chainId: number): string | undefined => VIEM_EXPORTS[chainId];

/** multicall3's address on a chain viem does not ship, where Multicall3's deployment list has one. */
const MULTICALL3: Readonly<Record<string, string>> = viemChains.multicall3.addresses;

const str = (value: string) => JSON.stringify(value);
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

/** A URL, or a template whose `${NAME}` parts are environment variables (`vars`, in order of first use). */
type Url = { text: string; vars: string[] };
const plain = (text: string): Url => ({ text, vars: [] });

/** The environment variable for a template's placeholder: `{API_KEY}` of alchemy → `ALCHEMY_API_KEY`. */
const envName = (providerSlug: string, placeholder: string) => {
  const prefix = `${providerSlug.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_`;
  return placeholder.startsWith(prefix) ? placeholder : prefix + placeholder;
};

/** A provider's template (`{API_KEY}` or `${API_KEY}` placeholders) with environment variables in their place. */
export function templateUrl(providerSlug: string, template: string): Url {
  const vars: string[] = [];
  const text = template.replace(/\$?\{([A-Za-z0-9_]+)\}/g, (_, placeholder: string) => {
    const name = envName(providerSlug, placeholder.toUpperCase());
    if (!vars.includes(name)) vars.push(name);
    return `\${${name}}`;
  });
  return { text, vars };
}

const hasScheme = (url: Url, scheme: string) => url.text.toLowerCase().startsWith(scheme);

/** JavaScript: a string literal, or a template literal over the variables the snippet reads from the environment. */
const js = (url: Url) => (url.vars.length ? `\`${url.text.replace(/[`\\]/g, (c) => `\\${c}`)}\`` : str(url.text));
const jsList = (urls: readonly Url[]) => `[${urls.map(js).join(', ')}]`;
/** Python: a string, or an f-string over variables read from the environment. */
const py = (url: Url) =>
  url.vars.length
    ? `f${str(url.text.replace(/[{}]/g, (c) => c + c).replace(/\$\{\{([A-Z0-9_]+)\}\}/g, '{$1}'))}`
    : str(url.text);
/** JavaScript lines reading the environment variables of `urls`. */
const jsEnv = (urls: readonly Url[]) => {
  const vars = [...new Set(urls.flatMap((u) => u.vars))];
  return vars.length
    ? [
        '// Your own credentials, from the environment (never written in code).',
        ...vars.map((v) => `const ${v} = process.env.${v};`),
        '',
      ]
    : [];
};

/**
 * The snippets for a chain, or null when a library could not use it: no EVM chain id, no currency, or no URL (the
 * chain's keyless HTTPS endpoints; a provider's keyless HTTPS endpoints and HTTPS templates).
 */
export function connectSnippets(chain: SnippetChain, options: SnippetOptions = {}): ConnectSnippets | null {
  if (chain.evmChainId == null || !chain.nativeCurrency) return null;
  const { chosenUrl, provider } = options;
  let http: Url[];
  let wss: Url[];
  let eip3085: AddEthereumChainParameter | null;
  let origin: string;
  if (provider) {
    const templates = provider.urlTemplates.map((t) => templateUrl(provider.slug, t));
    // A customer of the provider reaches it first with their key; its public endpoints stand behind.
    http = [
      ...templates.filter((u) => hasScheme(u, 'https:')),
      ...keylessUrls(provider.endpoints, 'https:').map(plain),
    ];
    wss = [...templates.filter((u) => hasScheme(u, 'wss:')), ...keylessUrls(provider.endpoints, 'wss:').map(plain)];
    eip3085 = addChainParams(chain, provider.endpoints);
    origin = `${oneLine(provider.name)}'s endpoints`;
  } else {
    const params = addChainParams(chain);
    if (!params) return null;
    // The chosen one goes first even when the wallet's list leaves it out (not healthy now): the developer picked it.
    eip3085 = { ...params, rpcUrls: chosenFirst(params.rpcUrls, chosenUrl, keylessUrls(chain.rpcEndpoints, 'https:')) };
    http = eip3085.rpcUrls.slice(0, SNIPPET_ENDPOINTS).map(plain);
    wss = chosenFirst(keylessUrls(chain.rpcEndpoints, 'wss:'), chosenUrl).slice(0, SNIPPET_ENDPOINTS).map(plain);
    origin = 'the best public endpoints that need no API key';
  }
  if (!http.length) return null;
  const facts: Facts = {
    ...chain,
    id: chain.evmChainId,
    nativeCurrency: chain.nativeCurrency,
    http,
    wss,
    origin,
    explorer: chain.explorers.find((e) => isHttps(e.url)) ?? null,
    ident: chainIdentifier(chain.slug),
    viemExport: viemChainExport(chain.evmChainId),
  };
  return {
    viem: viemCode(facts),
    wagmi: wagmiCode(facts),
    ethers: ethersCode(facts),
    web3py: web3pyCode(facts),
    hardhat: hardhat3Code(facts),
    hardhat2: hardhat2Code(facts),
    foundry: foundryCode(facts),
    eip3085,
    ethereumLists: provider ? null : ethereumListsJson(chain, eip3085!, chosenUrl),
  };
}

type Facts = SnippetChain & {
  id: number;
  nativeCurrency: NonNullable<SnippetChain['nativeCurrency']>;
  http: Url[];
  wss: Url[];
  /** Whose URLs these are, for the snippets' comments. */
  origin: string;
  explorer: SnippetChain['explorers'][number] | null;
  ident: string;
  viemExport: string | undefined;
};

/** The name under which viem's own definition is imported, beside the chain the snippet exports. */
const viemImportName = (c: Facts) => (c.viemExport === c.ident ? `${c.ident}Defaults` : c.viemExport);

/** The imports and the `export const <chain> = defineChain(...)` of the viem and wagmi snippets. */
function chainDefinition(c: Facts): { imports: string[]; code: string[] } {
  const rpcUrls = [
    'const rpcUrls = {',
    `  http: ${jsList(c.http)},`,
    ...(c.wss.length ? [`  webSocket: ${jsList(c.wss)},`] : []),
    '};',
    '',
  ];
  if (c.viemExport) {
    const imported = viemImportName(c)!;
    const alias = imported === c.viemExport ? c.viemExport : `${c.viemExport} as ${imported}`;
    return {
      imports: [`import { ${alias} } from 'viem/chains';`],
      code: [
        ...rpcUrls,
        `// viem's own ${oneLine(c.name)} (its contracts, such as multicall3, and its formatters) with ${c.origin}.`,
        `export const ${c.ident} = defineChain({ ...${imported}, rpcUrls: { default: rpcUrls } });`,
      ],
    };
  }
  const { name, symbol, decimals } = c.nativeCurrency;
  return {
    imports: [],
    code: [
      ...rpcUrls,
      `// ${oneLine(c.name)} (chain ID ${c.id}) with ${c.origin}.`,
      `export const ${c.ident} = defineChain({`,
      `  id: ${c.id},`,
      `  name: ${str(c.name)},`,
      `  nativeCurrency: { name: ${str(name)}, symbol: ${str(symbol)}, decimals: ${decimals} },`,
      '  rpcUrls: { default: rpcUrls },',
      ...(MULTICALL3[c.id]
        ? [
            `  // multicall3 (client.multicall) as listed in ${viemChains.multicall3.source}.`,
            `  contracts: { multicall3: { address: ${str(MULTICALL3[c.id]!)} } },`,
          ]
        : []),
      ...(c.explorer
        ? [
            '  blockExplorers: {',
            `    default: { name: ${str(c.explorer.name)}, url: ${str(c.explorer.url)} },`,
            '  },',
          ]
        : []),
      ...(c.isTestnet ? ['  testnet: true,'] : []),
      '});',
    ],
  };
}

function viemCode(c: Facts): string {
  const chain = chainDefinition(c);
  return [
    "import { createPublicClient, defineChain, fallback, http } from 'viem';",
    ...chain.imports,
    '',
    ...jsEnv([...c.http, ...c.wss]),
    ...chain.code,
    '',
    '// Tries each URL in turn until one answers.',
    'export const client = createPublicClient({',
    `  chain: ${c.ident},`,
    '  transport: fallback(rpcUrls.http.map((url) => http(url))),',
    '});',
    '',
  ].join('\n');
}

function wagmiCode(c: Facts): string {
  const chain = chainDefinition(c);
  return [
    "import { defineChain } from 'viem';",
    ...chain.imports,
    "import { createConfig, fallback, http } from 'wagmi';",
    '',
    ...jsEnv([...c.http, ...c.wss]),
    ...chain.code,
    '',
    'export const config = createConfig({',
    `  chains: [${c.ident}],`,
    '  transports: {',
    `    [${c.ident}.id]: fallback(rpcUrls.http.map((url) => http(url))),`,
    '  },',
    '});',
    '',
    "declare module 'wagmi' {",
    '  interface Register {',
    '    config: typeof config;',
    '  }',
    '}',
    '',
  ].join('\n');
}

function ethersCode(c: Facts): string {
  return [
    "import { FallbackProvider, JsonRpcProvider, Network } from 'ethers';",
    '',
    ...jsEnv(c.http),
    `// ${oneLine(c.name)}, chain ID ${c.id}: a fixed network, so no request is spent detecting it.`,
    `const network = new Network(${str(c.slug)}, ${c.id});`,
    '',
    `// ${c.origin.charAt(0).toUpperCase()}${c.origin.slice(1)}, tried in this order: the first answer is taken.`,
    'export const provider = new FallbackProvider(',
    '  [',
    ...c.http.map(
      (url, i) =>
        `    { provider: new JsonRpcProvider(${js(url)}, network, { staticNetwork: network }), priority: ${i + 1} },`,
    ),
    '  ],',
    '  network,',
    '  { quorum: 1 },',
    ');',
    '',
  ].join('\n');
}

function web3pyCode(c: Facts): string {
  const vars = [...new Set(c.http.flatMap((u) => u.vars))];
  return [
    ...(vars.length ? ['import os', ''] : []),
    'from web3 import Web3',
    '',
    ...(vars.length
      ? [
          '# Your own credentials, from the environment (never written in code).',
          ...vars.map((v) => `${v} = os.environ[${str(v)}]`),
          '',
        ]
      : []),
    `# ${oneLine(c.name)}, chain ID ${c.id}: ${c.origin}, in order.`,
    'RPC_URLS = [',
    ...c.http.map((url) => `    ${py(url)},`),
    ']',
    '',
    '',
    'def connect() -> Web3:',
    '    """The first endpoint that answers."""',
    '    for url in RPC_URLS:',
    '        w3 = Web3(Web3.HTTPProvider(url))',
    '        if w3.is_connected():',
    '            return w3',
    '    raise ConnectionError("None of the RPC URLs answered")',
    '',
    '',
    'w3 = connect()',
    `assert w3.eth.chain_id == ${c.id}`,
    '',
  ].join('\n');
}

/** Hardhat 3's url: a configuration variable (read when the network is used) for a template, else the URL. */
function hardhat3Url(url: Url): string {
  if (url.vars.length === 0) return str(url.text);
  if (url.vars.length === 1) {
    const [name] = url.vars;
    return `configVariable(${str(name)}, { format: ${str(url.text.replace(`\${${name}}`, '{variable}'))} })`;
  }
  return `\`${url.text.replace(/\$\{([A-Z0-9_]+)\}/g, '${process.env.$1}').replace(/`/g, '\\`')}\``;
}

function hardhat3Code(c: Facts): string {
  return [
    "import { configVariable, defineConfig } from 'hardhat/config';",
    '',
    'export default defineConfig({',
    '  networks: {',
    `    // ${oneLine(c.name)}: ${c.origin}.`,
    `    ${str(c.slug)}: {`,
    "      type: 'http',",
    `      url: ${hardhat3Url(c.http[0])},`,
    `      chainId: ${c.id},`,
    "      accounts: [configVariable('PRIVATE_KEY')],",
    '    },',
    '  },',
    '});',
    '',
  ].join('\n');
}

function hardhat2Code(c: Facts): string {
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
    ...jsEnv(c.http.slice(0, 1)),
    'const config: HardhatUserConfig = {',
    '  networks: {',
    `    // ${oneLine(c.name)}: ${c.origin}.`,
    `    ${str(c.slug)}: {`,
    `      url: ${js(c.http[0])},`,
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
  // Foundry fills `${NAME}` in these strings from the environment.
  const etherscan = api
    ? ['', '[etherscan]', `${c.slug} = { key = ${str(ETHERSCAN_KEY)}, chain = ${c.id}, url = ${str(api)} }`]
    : [];
  // Slugs are lowercase letters, digits and hyphens: valid TOML bare keys.
  return [
    `# ${oneLine(c.name)}: ${c.origin}.`,
    '[rpc_endpoints]',
    `${c.slug} = ${str(c.http[0].text)}`,
    ...(c.wss.length ? [`${c.slug}-ws = ${str(c.wss[0].text)}`] : []),
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
