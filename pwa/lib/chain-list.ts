// Filtering and sorting of the chains list (/chains) and a chain page's provider list, done in the browser
// over the cached lists so every keystroke answers at once and works offline.
import type { Chain, ChainWithStats, RpcEndpoint } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { compareEndpoints, rankEndpoints } from '../../contract/endpoint-rank.ts';
import { sortProviders } from './provider-list.ts';

export const chainSorts = {
  providers: 'Provider Count',
  name: 'Name A-Z',
  upvotes: 'Upvotes',
  rating: 'Rating',
} as const;
export type ChainSort = keyof typeof chainSorts;
export const chainSortKeys = Object.keys(chainSorts) as [ChainSort, ...ChainSort[]];

type ChainFields = Pick<ChainWithStats, 'name' | 'description' | 'shortName' | 'evmChainId' | 'isTestnet'>;

/**
 * Case-insensitive match on the name or description (as provider search does), plus what developers type:
 * the short name ("arb1") and the EVM chain id in decimal ("42161") or hex ("0xa4b1").
 */
export function matchesChainSearch(c: ChainFields, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  if (c.name.toLowerCase().includes(t) || c.description.toLowerCase().includes(t)) return true;
  if (c.shortName?.toLowerCase() === t) return true;
  if (c.evmChainId == null) return false;
  return t === String(c.evmChainId) || t === `0x${c.evmChainId.toString(16)}`;
}

export function filterChains<T extends ChainFields>(
  chains: readonly T[],
  opts: { search?: string; includeTestnets: boolean },
): T[] {
  return chains.filter((c) => (opts.includeTestnets || !c.isTestnet) && matchesChainSearch(c, opts.search ?? ''));
}

type SortableChain = Pick<ChainWithStats, 'name' | 'providerCount' | 'totalUpvotes' | 'averageRating'>;
const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true });

const chainComparators: Record<ChainSort, (a: SortableChain, b: SortableChain) => number> = {
  name: byName,
  providers: (a, b) => b.providerCount - a.providerCount || byName(a, b),
  upvotes: (a, b) => b.totalUpvotes - a.totalUpvotes || b.providerCount - a.providerCount || byName(a, b),
  rating: (a, b) => b.averageRating - a.averageRating || b.providerCount - a.providerCount || byName(a, b),
};

/** A sorted copy. Ties fall back to the wider-served chain, then the name, so the order is always the same. */
export function sortChains<T extends SortableChain>(chains: readonly T[], sort: ChainSort): T[] {
  return [...chains].sort(chainComparators[sort]);
}

/** The list's counters: networks in scope, the active ones among them, and the matches of the current search. */
export function chainCounters(inScope: readonly Pick<Chain, 'status'>[], matching: readonly unknown[]) {
  return {
    networks: inScope.length,
    active: inScope.filter((c) => c.status === 'active').length,
    results: matching.length,
  };
}

/**
 * The 'Other Chains' sidebar: up to `limit` other chains in the directory's order, networks of the same kind
 * (mainnet or testnet) first, since that is what a visitor of this page most likely compares.
 */
export function otherChains<T extends Pick<Chain, 'id' | 'isTestnet'>>(
  chains: readonly T[],
  current: Pick<Chain, 'id' | 'isTestnet'>,
  limit: number,
): T[] {
  const others = chains.filter((c) => c.id !== current.id);
  const sameKind = others.filter((c) => c.isTestnet === current.isTestnet);
  return [...sameKind, ...others.filter((c) => c.isTestnet !== current.isTestnet)].slice(0, limit);
}

export const chainProviderSorts = {
  reviews: 'Review Count',
  rating: 'Average Rating',
  upvotes: 'Upvotes',
  name: 'Name A-Z',
} as const;
export type ChainProviderSort = keyof typeof chainProviderSorts;
export const chainProviderSortKeys = Object.keys(chainProviderSorts) as [ChainProviderSort, ...ChainProviderSort[]];

/** What a chain page says about its order (after "Sorted by"). */
export const chainProviderSortDescriptions: Record<ChainProviderSort, string> = {
  reviews: 'review count',
  rating: 'average rating',
  upvotes: 'upvotes',
  name: 'name',
};

type Endpoint = Pick<RpcEndpoint, 'provider' | 'needsApiKey' | 'tracking'>;

/** Each provider's endpoints among a chain's, in the one endpoint order (endpoint-rank.ts). */
export function endpointsByProvider<T extends Endpoint>(endpoints: readonly T[]): Map<number, T[]> {
  const byProvider = new Map<number, T[]>();
  for (const endpoint of rankEndpoints(endpoints)) {
    if (!endpoint.provider) continue;
    const own = byProvider.get(endpoint.provider.id);
    if (own) own.push(endpoint);
    else byProvider.set(endpoint.provider.id, [endpoint]);
  }
  return byProvider;
}

type SortableProvider = Parameters<typeof sortProviders>[0][number] & Pick<Provider, 'id' | 'upvotes'>;
const byUpvotes = (a: SortableProvider, b: SortableProvider) =>
  b.upvotes - a.upvotes || b.totalReviews - a.totalReviews;

/**
 * A chain page's providers, sorted; the shared provider sorts plus upvotes. Ties go to the provider whose best
 * endpoint on this chain ranks first (keyless without tracking first, no endpoint last), then the API's order.
 */
export function sortChainProviders<T extends SortableProvider>(
  providers: readonly T[],
  sort: ChainProviderSort,
  endpoints: ReadonlyMap<number, readonly Endpoint[]>,
): T[] {
  const best = (p: T) => endpoints.get(p.id)?.[0];
  const byUsefulness = [...providers].sort((a, b) => {
    const x = best(a);
    const y = best(b);
    return x && y ? compareEndpoints(x, y) : Number(!x) - Number(!y);
  });
  return sort === 'upvotes' ? byUsefulness.sort(byUpvotes) : sortProviders(byUsefulness, sort);
}
