import { describe, expect, it } from 'vitest';
import { addChainParams, chainIdHex, walletRpcUrls } from './eip3085.ts';

const ep = (url: string, needsApiKey = false) => ({ url, needsApiKey, provider: null, tracking: 'none' as const });

const arbitrum = {
  name: 'Arbitrum One',
  evmChainId: 42161,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  explorers: [
    { name: 'Arbiscan', url: 'https://arbiscan.io' },
    { name: 'old', url: 'http://insecure.example' },
  ],
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
    expect(walletRpcUrls(arbitrum.rpcEndpoints)).toEqual([
      'https://arb1.arbitrum.io/rpc',
      'https://arbitrum-one-rpc.publicnode.com',
    ]);
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
    expect(addChainParams(arbitrum, [arbitrum.rpcEndpoints[5]])?.rpcUrls).toEqual([
      'https://arbitrum-one-rpc.publicnode.com',
    ]);
    expect(addChainParams(arbitrum, [arbitrum.rpcEndpoints[3]])).toBeNull(); // needs a key
    expect(addChainParams(arbitrum, [arbitrum.rpcEndpoints[1]])).toBeNull(); // websocket
  });
  it('omits blockExplorerUrls when there is no https explorer', () => {
    expect(addChainParams({ ...arbitrum, explorers: [] })).not.toHaveProperty('blockExplorerUrls');
  });
  it('is null when a wallet could not use the chain', () => {
    expect(addChainParams({ ...arbitrum, evmChainId: null })).toBeNull();
    expect(addChainParams({ ...arbitrum, nativeCurrency: null })).toBeNull();
    expect(
      addChainParams({ ...arbitrum, rpcEndpoints: [ep('https://keyed.example', true), ep('wss://ws.example')] }),
    ).toBeNull();
  });
});
