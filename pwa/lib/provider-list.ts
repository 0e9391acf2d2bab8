// Filtering and sorting of provider lists (home hotlist, /providers), done in the browser over the cached
// list so every keystroke answers at once and works offline.
import type { Provider } from '../../contract/providers.ts';

export const providerSorts = {
  rating: 'Highest Rated',
  reviews: 'Most Reviews',
  popular: 'Most Popular',
  name: 'Name A-Z',
} as const;
export type ProviderSort = keyof typeof providerSorts;

type Sortable = Pick<Provider, 'name' | 'description' | 'averageRating' | 'totalReviews' | 'popularityScore' | 'chainIds'>;

/** Case-insensitive match on name or description (spec 000 §5); a blank term matches everything. */
export function matchesSearch(p: Pick<Provider, 'name' | 'description'>, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return p.name.toLowerCase().includes(t) || p.description.toLowerCase().includes(t);
}

export function filterProviders<T extends Sortable>(providers: readonly T[], opts: { search?: string; chainId?: number | null }): T[] {
  return providers.filter((p) =>
    matchesSearch(p, opts.search ?? '') && (opts.chainId == null || p.chainIds.includes(opts.chainId)));
}

const byName = (a: Sortable, b: Sortable) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

const comparators: Record<ProviderSort, (a: Sortable, b: Sortable) => number> = {
  // Equal ratings: the one with more reviews behind it first.
  rating: (a, b) => b.averageRating - a.averageRating || b.totalReviews - a.totalReviews,
  reviews: (a, b) => b.totalReviews - a.totalReviews || b.averageRating - a.averageRating,
  popular: (a, b) => b.popularityScore - a.popularityScore || b.totalReviews - a.totalReviews,
  name: byName,
};

/** A sorted copy. The sort is stable: full ties keep the API's order (the directory's curated ranking). */
export function sortProviders<T extends Sortable>(providers: readonly T[], sort: ProviderSort): T[] {
  return [...providers].sort(comparators[sort]);
}
