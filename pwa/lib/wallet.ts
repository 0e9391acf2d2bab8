// "Add to wallet": EIP-3085 wallet_addEthereumChain with the chain's facts from the directory.
import type { ChainDetail } from '../../contract/chains.ts';
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

type Endpoint = ChainDetail['rpcEndpoints'][number];

/**
 * An endpoint a wallet can use as-is: https (wallets refuse plain http and websockets), no API key needed and
 * no `${API_KEY}`-style placeholder left in the URL.
 */
export function isWalletUsable(endpoint: Endpoint): boolean {
  return !endpoint.needsApiKey && !endpoint.url.includes('${') && isHttps(endpoint.url);
}

/** The endpoints a wallet can use as-is, best first (endpoint-rank.ts). */
export function walletRpcUrls(endpoints: readonly Endpoint[]): string[] {
  return rankEndpoints(endpoints).filter(isWalletUsable).map((e) => e.url);
}

type WalletChain = Pick<ChainDetail, 'name' | 'evmChainId' | 'nativeCurrency' | 'explorers' | 'rpcEndpoints'>;

/**
 * The parameters for this chain with the usable ones of `endpoints` (default: all of the chain's), or null when a
 * wallet could not use it (not EVM, no currency or no usable RPC).
 */
export function addChainParams(chain: WalletChain, endpoints: readonly Endpoint[] = chain.rpcEndpoints): AddEthereumChainParameter | null {
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

/** A wallet the visitor can choose: announced through EIP-6963, or the one injected as window.ethereum. */
export type BrowserWallet = { id: string; name: string; icon: string | null; provider: Eip1193Provider };

/** An EIP-6963 announcement (mipd's EIP6963ProviderDetail, with the provider as this module uses it). */
export type AnnouncedWallet = { info: { uuid: string; name: string; icon: string }; provider: Eip1193Provider };

/**
 * The wallets to offer: every one announced through EIP-6963 (several wallets can be installed side by side);
 * else the injected window.ethereum of a wallet that predates EIP-6963. An icon is kept only as the data:image
 * URI the EIP requires (it is drawn as an <img>, never inserted as markup).
 */
export function browserWallets(announced: readonly AnnouncedWallet[], injected: Eip1193Provider | undefined): BrowserWallet[] {
  if (announced.length === 0) return injected ? [{ id: 'injected', name: 'Browser wallet', icon: null, provider: injected }] : [];
  return announced.map(({ info, provider }) => ({
    id: info.uuid,
    name: info.name.trim() || 'Wallet',
    icon: info.icon.startsWith('data:image/') ? info.icon : null,
    provider,
  }));
}

/** EIP-1193 error 4001: the user closed or rejected the wallet's prompt (not a failure worth alarming about). */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;
}

export async function addChainToWallet(wallet: Eip1193Provider, params: AddEthereumChainParameter): Promise<void> {
  await wallet.request({ method: 'wallet_addEthereumChain', params: [params] });
}
