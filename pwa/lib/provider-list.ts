// Filtering and sorting of provider lists (home hotlist, /providers), done in the browser over the cached
// list so every keystroke answers at once and works offline.
import type { ChainKind, Provider } from '../../contract/providers.ts';
import { factKnownTrue, type FilterFact } from '../../contract/fact-names.ts';

export const providerSorts = {
  rating: 'Highest Rated',
  reviews: 'Most Reviews',
  popular: 'Most Popular',
  name: 'Name A-Z',
} as const;
export type ProviderSort = keyof typeof providerSorts;

type Sortable = Pick<Provider, 'name' | 'description' | 'averageRating' | 'totalReviews' | 'popularityScore'>;
type Filterable = Sortable & Pick<Provider, 'chainIds'> & Partial<Pick<Provider, 'chains' | 'facts' | 'foundFacts'>>;

/** How the provider serves the chain; undefined when it does not (or the answer predates kinds). */
export const chainKindOf = (p: Pick<Provider, 'chains'>, chainId: number): ChainKind | undefined =>
  p.chains?.find((c) => c.id === chainId)?.kind;

/** Case-insensitive match on name or description; a blank term matches everything. */
export function matchesSearch(p: Pick<Provider, 'name' | 'description'>, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return p.name.toLowerCase().includes(t) || p.description.toLowerCase().includes(t);
}

/**
 * The providers matching every option given. `publicOnly`: with a chain, those with a public endpoint on it;
 * without, those with a public endpoint on any chain. `facts`: those whose every listed fact is known true.
 */
export function filterProviders<T extends Filterable>(
  providers: readonly T[],
  opts: {
    search?: string;
    chainId?: number | null;
    publicOnly?: boolean;
    facts?: readonly FilterFact[];
  },
): T[] {
  const { chainId, publicOnly, facts = [] } = opts;
  const servesPublicly = (p: T) =>
    chainId == null
      ? Boolean(p.chains?.some((c) => c.kind === 'public-endpoint'))
      : chainKindOf(p, chainId) === 'public-endpoint';
  return providers.filter(
    (p) =>
      matchesSearch(p, opts.search ?? '') &&
      (chainId == null || p.chainIds.includes(chainId)) &&
      (!publicOnly || servesPublicly(p)) &&
      facts.every((f) => factKnownTrue(p, f)),
  );
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
