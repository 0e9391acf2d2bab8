// "Add to wallet": EIP-3085 wallet_addEthereumChain with the chain's facts from the directory.
import type { ChainDetail } from '../../api/chains/schema.ts';
import { rankEndpoints } from './endpoint-rank.ts';

/** EIP-3085 AddEthereumChainParameter. */
export type AddEthereumChainParameter = {
  chainId: `0x${string}`;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
};

/** EIP-1193 provider as injected by browser wallets (MetaMask, Rabby, Coinbase Wallet...). */
export type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

declare global {
  interface Window { ethereum?: Eip1193Provider }
}

/** EIP-695/3085 chain id: lowercase hex with 0x and no leading zeros. */
export function chainIdHex(id: number): `0x${string}` {
  return `0x${id.toString(16)}`;
}

const isHttps = (url: string) => {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The endpoints a wallet can use as-is: https (wallets refuse plain http and websockets), no API key
 * needed and no `${API_KEY}`-style placeholder left in the URL; best first (endpoint-rank.ts).
 */
export function walletRpcUrls(endpoints: ChainDetail['rpcEndpoints']): string[] {
  return rankEndpoints(endpoints)
    .filter((e) => !e.needsApiKey && !e.url.includes('${') && isHttps(e.url))
    .map((e) => e.url);
}

type WalletChain = Pick<ChainDetail, 'name' | 'evmChainId' | 'nativeCurrency' | 'explorers' | 'rpcEndpoints'>;

/** The parameters for this chain, or null when a wallet could not use it (not EVM, no currency or no usable RPC). */
export function addChainParams(chain: WalletChain): AddEthereumChainParameter | null {
  const rpcUrls = walletRpcUrls(chain.rpcEndpoints);
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

/** The injected wallet, if the browser has one. */
export function browserWallet(): Eip1193Provider | undefined {
  return typeof window === 'undefined' ? undefined : window.ethereum;
}

/** EIP-1193 error 4001: the user closed or rejected the wallet's prompt (not a failure worth alarming about). */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;
}

export async function addChainToWallet(wallet: Eip1193Provider, params: AddEthereumChainParameter): Promise<void> {
  await wallet.request({ method: 'wallet_addEthereumChain', params: [params] });
}
