import { describe, expect, it, vi } from 'vitest';
import type { AddEthereumChainParameter } from '../../contract/eip3085.ts';
import { addChainToWallet, browserWallets, isUserRejection } from './wallet.ts';

describe('addChainToWallet', () => {
  it('sends one wallet_addEthereumChain request with the parameters', async () => {
    const request = vi.fn().mockResolvedValue(null);
    const params: AddEthereumChainParameter = {
      chainId: '0xa4b1',
      chainName: 'Arbitrum One',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://arb1.arbitrum.io/rpc'],
    };
    await addChainToWallet({ request }, params);
    expect(request).toHaveBeenCalledExactlyOnceWith({ method: 'wallet_addEthereumChain', params: [params] });
  });
  it('recognises a user rejection (EIP-1193 code 4001)', () => {
    expect(isUserRejection({ code: 4001, message: 'User rejected the request.' })).toBe(true);
    expect(isUserRejection({ code: -32602 })).toBe(false);
    expect(isUserRejection(new Error('boom'))).toBe(false);
  });
});

describe('browserWallets', () => {
  const provider = { request: vi.fn() };
  const announced = (uuid: string, name: string, icon: string) => ({ info: { uuid, name, icon }, provider });
  it('offers every EIP-6963 wallet, keeping an icon only as a data:image URI', () => {
    expect(
      browserWallets(
        [
          announced('a', 'Rabby', 'data:image/svg+xml;base64,PHN2Zy8+'),
          announced('b', ' ', 'https://evil.example/x.svg'),
        ],
        undefined,
      ),
    ).toEqual([
      { id: 'a', name: 'Rabby', icon: 'data:image/svg+xml;base64,PHN2Zy8+', provider },
      { id: 'b', name: 'Wallet', icon: null, provider },
    ]);
  });
  it('falls back to window.ethereum when no wallet announces itself, and is empty without either', () => {
    expect(browserWallets([], provider)).toEqual([{ id: 'injected', name: 'Browser wallet', icon: null, provider }]);
    expect(browserWallets([], undefined)).toEqual([]);
  });
});
