// "Add to wallet": hands a chain's EIP-3085 parameters (contract/eip3085.ts) to a browser wallet.
import type { AddEthereumChainParameter } from '../../contract/eip3085.ts';

/** EIP-1193 provider as injected by browser wallets (MetaMask, Rabby, Coinbase Wallet...). */
export type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
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
export function browserWallets(
  announced: readonly AnnouncedWallet[],
  injected: Eip1193Provider | undefined,
): BrowserWallet[] {
  if (announced.length === 0)
    return injected ? [{ id: 'injected', name: 'Browser wallet', icon: null, provider: injected }] : [];
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
