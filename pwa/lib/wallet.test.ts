import { describe, expect, it, vi } from 'vitest';
import { addChainParams, addChainToWallet, browserWallets, chainIdHex, isUserRejection, walletRpcUrls } from './wallet.ts';

const ep = (url: string, needsApiKey = false) => ({ url, needsApiKey, provider: null, tracking: 'none' as const });

const arbitrum = {
  name: 'Arbitrum One',
  evmChainId: 42161,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  explorers: [{ name: 'Arbiscan', url: 'https://arbiscan.io' }, { name: 'old', url: 'http://insecure.example' }],
  rpcEndpoints: [
    ep('https://arb1.arbitrum.io/rpc'),
    ep('wss://arbitrum-one-rpc.publicnode.com'),
    ep('https://arb-mainnet.example/v2/${API_KEY}'),
    ep('https://keyed.example/rpc', true),
    ep('http://plain.example/rpc'),
    ep('https://arbitrum-one-rpc.publicnode.com'),
  ],
};

describe('chainIdHex', () => {
  it('is lowercase hex without leading zeros (EIP-695)', () => {
    expect(chainIdHex(1)).toBe('0x1');
    expect(chainIdHex(42161)).toBe('0xa4b1');
    expect(chainIdHex(1666600000)).toBe('0x63564c40');
  });
});

describe('walletRpcUrls', () => {
  it('keeps keyless https endpoints only, in order', () => {
    expect(walletRpcUrls(arbitrum.rpcEndpoints)).toEqual(['https://arb1.arbitrum.io/rpc', 'https://arbitrum-one-rpc.publicnode.com']);
  });
});

describe('addChainParams (EIP-3085)', () => {
  it('builds wallet_addEthereumChain parameters', () => {
    expect(addChainParams(arbitrum)).toEqual({
      chainId: '0xa4b1',
      chainName: 'Arbitrum One',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://arb1.arbitrum.io/rpc', 'https://arbitrum-one-rpc.publicnode.com'],
      blockExplorerUrls: ['https://arbiscan.io'],
    });
  });
  it('hands over only the given endpoints when they are usable (one endpoint row)', () => {
    expect(addChainParams(arbitrum, [arbitrum.rpcEndpoints[5]])?.rpcUrls).toEqual(['https://arbitrum-one-rpc.publicnode.com']);
    expect(addChainParams(arbitrum, [arbitrum.rpcEndpoints[3]])).toBeNull(); // needs a key
    expect(addChainParams(arbitrum, [arbitrum.rpcEndpoints[1]])).toBeNull(); // websocket
  });
  it('omits blockExplorerUrls when there is no https explorer', () => {
    expect(addChainParams({ ...arbitrum, explorers: [] })).not.toHaveProperty('blockExplorerUrls');
  });
  it('is null when a wallet could not use the chain', () => {
    expect(addChainParams({ ...arbitrum, evmChainId: null })).toBeNull();
    expect(addChainParams({ ...arbitrum, nativeCurrency: null })).toBeNull();
    expect(addChainParams({ ...arbitrum, rpcEndpoints: [ep('https://keyed.example', true), ep('wss://ws.example')] })).toBeNull();
  });
});

describe('addChainToWallet', () => {
  it('sends one wallet_addEthereumChain request with the parameters', async () => {
    const request = vi.fn().mockResolvedValue(null);
    const params = addChainParams(arbitrum)!;
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
    expect(browserWallets([announced('a', 'Rabby', 'data:image/svg+xml;base64,PHN2Zy8+'), announced('b', ' ', 'https://evil.example/x.svg')], undefined))
      .toEqual([
        { id: 'a', name: 'Rabby', icon: 'data:image/svg+xml;base64,PHN2Zy8+', provider },
        { id: 'b', name: 'Wallet', icon: null, provider },
      ]);
  });
  it('falls back to window.ethereum when no wallet announces itself, and is empty without either', () => {
    expect(browserWallets([], provider)).toEqual([{ id: 'injected', name: 'Browser wallet', icon: null, provider }]);
    expect(browserWallets([], undefined)).toEqual([]);
  });
});
