import { describe, expect, it } from 'vitest';
import { chainKindOf, filterProviders, matchesSearch, sortProviders } from './provider-list.ts';
import type { ProviderChain } from '../../contract/providers.ts';

const p = (
  name: string,
  o: Partial<{
    description: string;
    averageRating: number;
    totalReviews: number;
    popularityScore: number;
    chainIds: number[];
  }> = {},
) => ({
  name,
  description: o.description ?? '',
  averageRating: o.averageRating ?? 0,
  totalReviews: o.totalReviews ?? 0,
  popularityScore: o.popularityScore ?? 3,
  chainIds: o.chainIds ?? [],
});

describe('matchesSearch', () => {
  it('matches name or description, case-insensitively; blank matches all', () => {
    const x = p('Alchemy', { description: 'Supernode for Ethereum' });
    expect(matchesSearch(x, 'alch')).toBe(true);
    expect(matchesSearch(x, 'ETHEREUM')).toBe(true);
    expect(matchesSearch(x, '  ')).toBe(true);
    expect(matchesSearch(x, 'solana')).toBe(false);
  });
});

describe('filterProviders', () => {
  const list = [
    p('A', { chainIds: [1, 2] }),
    p('B', { chainIds: [2] }),
    p('C', { description: 'fast', chainIds: [3] }),
  ];
  it('filters by chain id', () => {
    expect(filterProviders(list, { chainId: 2 }).map((x) => x.name)).toEqual(['A', 'B']);
  });
  it('combines search and chain', () => {
    expect(filterProviders(list, { search: 'fast', chainId: 3 }).map((x) => x.name)).toEqual(['C']);
    expect(filterProviders(list, { search: 'fast', chainId: 2 })).toEqual([]);
  });
  it('null chain means all chains', () => {
    expect(filterProviders(list, { chainId: null })).toHaveLength(3);
  });
});

describe('sortProviders', () => {
  const list = [
    p('zeta', { averageRating: 4.5, totalReviews: 2, popularityScore: 3.2 }),
    p('Alpha', { averageRating: 4.5, totalReviews: 10, popularityScore: 4.1 }),
    p('beta', { averageRating: 5, totalReviews: 1, popularityScore: 3.3 }),
    p('Gamma', { averageRating: 0, totalReviews: 0, popularityScore: 3 }),
  ];
  it('Highest Rated: rating desc, more reviews first on equal rating', () => {
    expect(sortProviders(list, 'rating').map((x) => x.name)).toEqual(['beta', 'Alpha', 'zeta', 'Gamma']);
  });
  it('Most Reviews: review count desc', () => {
    expect(sortProviders(list, 'reviews').map((x) => x.name)).toEqual(['Alpha', 'zeta', 'beta', 'Gamma']);
  });
  it('Most Popular: popularityScore desc, so one 5-star review does not win', () => {
    expect(sortProviders(list, 'popular').map((x) => x.name)).toEqual(['Alpha', 'beta', 'zeta', 'Gamma']);
  });
  it('Name A-Z: case-insensitive alphabetical', () => {
    expect(sortProviders(list, 'name').map((x) => x.name)).toEqual(['Alpha', 'beta', 'Gamma', 'zeta']);
  });
  it('keeps the input order on full ties and does not mutate the input', () => {
    const ties = [p('x'), p('y'), p('a')];
    expect(sortProviders(ties, 'rating').map((x) => x.name)).toEqual(['x', 'y', 'a']);
    expect(ties.map((x) => x.name)).toEqual(['x', 'y', 'a']);
  });
});

describe('filterProviders by kind and facts', () => {
  const chain = (id: number, kind: ProviderChain['kind']) => ({
    id,
    name: `C${id}`,
    slug: `c${id}`,
    iconUrl: null,
    color: '#000000',
    kind,
  });
  const known = (value: boolean) => ({ value, note: null, sourceUrl: 'https://example.com', asOf: '2026-11-20' });
  const list = [
    { ...p('Public', { chainIds: [1, 2] }), chains: [chain(1, 'public-endpoint'), chain(2, 'api-key')] },
    { ...p('Keyed', { chainIds: [1] }), chains: [chain(1, 'api-key')], facts: { archive: known(true) } },
    { ...p('Unknown', { chainIds: [1] }), chains: undefined, facts: { archive: known(false), websocket: known(true) } },
  ];
  it('public endpoint only: on the chain chosen, or on any chain', () => {
    expect(filterProviders(list, { chainId: 1, publicOnly: true }).map((x) => x.name)).toEqual(['Public']);
    expect(filterProviders(list, { chainId: 2, publicOnly: true })).toEqual([]);
    expect(filterProviders(list, { publicOnly: true }).map((x) => x.name)).toEqual(['Public']);
    expect(filterProviders(list, { chainId: 1 })).toHaveLength(3);
  });
  it('facts: only those known true pass (false and unknown do not)', () => {
    expect(filterProviders(list, { facts: ['archive'] }).map((x) => x.name)).toEqual(['Keyed']);
    expect(filterProviders(list, { facts: ['archive', 'websocket'] })).toEqual([]);
    expect(filterProviders(list, { facts: [] })).toHaveLength(3);
  });
  it("facts: what the directory's own data found true passes too, as the provider page counts it", () => {
    const found = [
      ...list,
      { ...p('Found', { chainIds: [1] }), foundFacts: ['websocket' as const, 'archive' as const] },
    ];
    expect(filterProviders(found, { facts: ['archive'] }).map((x) => x.name)).toEqual(['Keyed', 'Found']);
    expect(filterProviders(found, { facts: ['archive', 'websocket'] }).map((x) => x.name)).toEqual(['Found']);
    expect(filterProviders(found, { facts: ['trace'] })).toEqual([]);
  });
  it('chainKindOf reads the kind of one chain', () => {
    expect(chainKindOf(list[0], 2)).toBe('api-key');
    expect(chainKindOf(list[0], 3)).toBeUndefined();
    expect(chainKindOf(list[2], 1)).toBeUndefined();
  });
});
