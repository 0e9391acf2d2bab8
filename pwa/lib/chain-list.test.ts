import { describe, expect, it } from 'vitest';
import {
  chainCounters,
  endpointsByProvider,
  filterChains,
  matchesChainSearch,
  otherChains,
  sortChainProviders,
  sortChains,
} from './chain-list.ts';

let nextId = 1;
const chain = (
  name: string,
  o: Partial<{
    description: string;
    shortName: string | null;
    evmChainId: number | null;
    isTestnet: boolean;
    providerCount: number;
    totalUpvotes: number;
    averageRating: number;
    status: string;
  }> = {},
) => ({
  id: nextId++,
  name,
  description: o.description ?? '',
  shortName: o.shortName ?? null,
  evmChainId: o.evmChainId ?? null,
  isTestnet: o.isTestnet ?? false,
  providerCount: o.providerCount ?? 0,
  totalUpvotes: o.totalUpvotes ?? 0,
  averageRating: o.averageRating ?? 0,
  status: o.status ?? 'active',
});

const eth = chain('Ethereum Mainnet', {
  description: 'The original smart-contract chain',
  shortName: 'eth',
  evmChainId: 1,
  providerCount: 46,
  averageRating: 4.1,
});
const arb = chain('Arbitrum One', {
  description: 'Layer 2 rollup',
  shortName: 'arb1',
  evmChainId: 42161,
  providerCount: 33,
  totalUpvotes: 9,
  averageRating: 4.5,
});
const base = chain('Base', {
  description: 'Layer 2 by Coinbase',
  evmChainId: 8453,
  providerCount: 27,
  totalUpvotes: 9,
  averageRating: 4.5,
});
const sepolia = chain('Sepolia', {
  description: 'Ethereum testnet',
  evmChainId: 11155111,
  isTestnet: true,
  providerCount: 20,
});
const zeta = chain('zeta chain', { providerCount: 0, status: 'incubating' });
const all = [eth, arb, base, sepolia, zeta];

describe('matchesChainSearch', () => {
  it('matches name or description case-insensitively; blank matches all', () => {
    expect(matchesChainSearch(arb, 'ARBI')).toBe(true);
    expect(matchesChainSearch(arb, 'rollup')).toBe(true);
    expect(matchesChainSearch(arb, '   ')).toBe(true);
    expect(matchesChainSearch(arb, 'solana')).toBe(false);
  });
  it('matches the short name and the chain id in decimal or hex exactly', () => {
    expect(matchesChainSearch(arb, 'arb1')).toBe(true);
    expect(matchesChainSearch(arb, '42161')).toBe(true);
    expect(matchesChainSearch(arb, '0xA4B1')).toBe(true);
    expect(matchesChainSearch(arb, '4216')).toBe(false);
    expect(matchesChainSearch(zeta, '1')).toBe(false);
  });
});

describe('filterChains', () => {
  it('hides testnets unless included', () => {
    expect(filterChains(all, { includeTestnets: false })).not.toContain(sepolia);
    expect(filterChains(all, { includeTestnets: true })).toHaveLength(5);
  });
  it('combines the search with the testnet scope', () => {
    expect(filterChains(all, { search: 'ethereum', includeTestnets: false })).toEqual([eth]);
    expect(filterChains(all, { search: 'ethereum', includeTestnets: true })).toEqual([eth, sepolia]);
  });
});

describe('sortChains', () => {
  const names = (xs: { name: string }[]) => xs.map((x) => x.name);
  it('by name, case-insensitively', () => {
    expect(names(sortChains(all, 'name'))).toEqual([
      'Arbitrum One',
      'Base',
      'Ethereum Mainnet',
      'Sepolia',
      'zeta chain',
    ]);
  });
  it('by provider count, most first', () => {
    expect(names(sortChains(all, 'providers'))).toEqual([
      'Ethereum Mainnet',
      'Arbitrum One',
      'Base',
      'Sepolia',
      'zeta chain',
    ]);
  });
  it('by upvotes and by rating, ties going to the wider-served chain', () => {
    expect(names(sortChains(all, 'upvotes')).slice(0, 3)).toEqual(['Arbitrum One', 'Base', 'Ethereum Mainnet']);
    expect(names(sortChains(all, 'rating')).slice(0, 3)).toEqual(['Arbitrum One', 'Base', 'Ethereum Mainnet']);
  });
  it('returns a copy', () => {
    const input = [zeta, eth];
    sortChains(input, 'providers');
    expect(input).toEqual([zeta, eth]);
  });
});

describe('chainCounters', () => {
  it('counts the networks in scope, the active ones and the matches', () => {
    const inScope = filterChains(all, { includeTestnets: false });
    expect(chainCounters(inScope, [eth])).toEqual({ networks: 4, active: 3, results: 1 });
  });
});

describe('otherChains', () => {
  it('lists up to the limit, never the current chain, same kind first', () => {
    expect(otherChains(all, eth, 5)).toEqual([arb, base, zeta, sepolia]);
    expect(otherChains(all, sepolia, 2)).toEqual([eth, arb]);
    const testnet2 = chain('Holesky', { isTestnet: true });
    expect(otherChains([...all, testnet2], sepolia, 2)).toEqual([testnet2, eth]);
    expect(otherChains(all, eth, 2)).toHaveLength(2);
  });
});

describe('sortChainProviders', () => {
  let id = 0;
  const p = (name: string, totalReviews: number, averageRating: number, upvotes: number) => ({
    id: ++id,
    name,
    totalReviews,
    averageRating,
    upvotes,
    description: '',
    popularityScore: 3,
    chainIds: [],
  });
  const list = [p('Ankr', 3, 4.0, 1), p('alchemy', 10, 3.5, 7), p('QuickNode', 10, 4.8, 2), p('dRPC', 0, 0, 7)];
  const names = (xs: { name: string }[]) => xs.map((x) => x.name);
  const none = new Map();
  it('sorts by review count (default), average rating, upvotes and name', () => {
    expect(names(sortChainProviders(list, 'reviews', none))).toEqual(['QuickNode', 'alchemy', 'Ankr', 'dRPC']);
    expect(names(sortChainProviders(list, 'rating', none))).toEqual(['QuickNode', 'Ankr', 'alchemy', 'dRPC']);
    expect(names(sortChainProviders(list, 'upvotes', none))).toEqual(['alchemy', 'dRPC', 'QuickNode', 'Ankr']);
    expect(names(sortChainProviders(list, 'name', none))).toEqual(['alchemy', 'Ankr', 'dRPC', 'QuickNode']);
  });

  it("breaks ties by each provider's best endpoint on the chain: keyless without tracking first, none last", () => {
    const tied = [
      p('NoEndpoint', 0, 0, 0),
      p('Keyed', 0, 0, 0),
      p('Tracking', 0, 0, 0),
      p('Free', 0, 0, 0),
      p('Reviewed', 1, 5, 0),
    ];
    const [noEndpoint, keyed, tracking, free] = tied;
    const endpoint = (provider: { id: number }, needsApiKey: boolean, tracking: 'none' | 'yes') => ({
      provider: { id: provider.id, name: '', slug: '' },
      needsApiKey,
      tracking,
    });
    const endpoints = endpointsByProvider([
      endpoint(keyed!, true, 'none'),
      endpoint(tracking!, false, 'yes'),
      endpoint(free!, true, 'yes'),
      endpoint(free!, false, 'none'),
    ]);
    expect(endpoints.get(free!.id)?.map((x) => x.needsApiKey)).toEqual([false, true]);
    expect(endpoints.has(noEndpoint!.id)).toBe(false);
    expect(names(sortChainProviders(tied, 'reviews', endpoints))).toEqual([
      'Reviewed',
      'Free',
      'Tracking',
      'Keyed',
      'NoEndpoint',
    ]);
    expect(names(sortChainProviders(tied, 'upvotes', endpoints))).toEqual([
      'Reviewed',
      'Free',
      'Tracking',
      'Keyed',
      'NoEndpoint',
    ]);
  });
});
