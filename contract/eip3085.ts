// EIP-3085 wallet_addEthereumChain parameters from a chain's facts in the directory ("Add to wallet", snippets).
import type { ChainDetail, RpcEndpoint } from './chains.ts';
import { endpointsToHandOut, rankEndpoints, type RankableEndpoint } from './endpoint-rank.ts';

/** EIP-3085 AddEthereumChainParameter. */
export type AddEthereumChainParameter = {
  chainId: `0x${string}`;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
};

/** What these functions read of an endpoint and of a chain. */
export type ChainEndpoint = Pick<RpcEndpoint, 'url' | 'needsApiKey' | 'tracking'> & Pick<RankableEndpoint, 'health'>;
export type WalletChain = Pick<ChainDetail, 'name' | 'evmChainId' | 'nativeCurrency' | 'explorers'> & {
  rpcEndpoints: readonly ChainEndpoint[];
};

/** EIP-695/3085 chain id: lowercase hex with 0x and no leading zeros. */
export function chainIdHex(id: number): `0x${string}` {
  return `0x${id.toString(16)}`;
}

const hasScheme = (url: string, protocol: 'https:' | 'wss:') => {
  try {
    return new URL(url).protocol === protocol;
  } catch {
    return false;
  }
};
export const isHttps = (url: string) => hasScheme(url, 'https:');

/** Callable as-is: no API key needed and no `${API_KEY}`-style placeholder left in the URL. */
export const isKeyless = (endpoint: ChainEndpoint) => !endpoint.needsApiKey && !endpoint.url.includes('${');

/** The keyless endpoints over `protocol`, best first (endpoint-rank.ts). */
export function keylessUrls(endpoints: readonly ChainEndpoint[], protocol: 'https:' | 'wss:'): string[] {
  return rankEndpoints(endpoints)
    .filter((e) => isKeyless(e) && hasScheme(e.url, protocol))
    .map((e) => e.url);
}

/**
 * The endpoints a wallet can use as-is (wallets refuse plain http and websockets), best first: healthy ones only
 * when any is, never a down or wrong-chain one (endpoint-rank.ts).
 */
export function walletRpcUrls(endpoints: readonly ChainEndpoint[]): string[] {
  return endpointsToHandOut(endpoints.filter((e) => isKeyless(e) && isHttps(e.url))).map((e) => e.url);
}

/**
 * The parameters for this chain with the usable ones of `endpoints` (default: all of the chain's), or null when a
 * wallet could not use it (not EVM, no currency or no usable RPC).
 */
export function addChainParams(
  chain: WalletChain,
  endpoints: readonly ChainEndpoint[] = chain.rpcEndpoints,
): AddEthereumChainParameter | null {
  const rpcUrls = walletRpcUrls(endpoints);
  if (chain.evmChainId == null || !chain.nativeCurrency || rpcUrls.length === 0) return null;
  const explorers = chain.explorers.map((e) => e.url).filter(isHttps);
  return {
    chainId: chainIdHex(chain.evmChainId),
    chainName: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls,
    ...(explorers.length ? { blockExplorerUrls: explorers } : {}),
  };
}
