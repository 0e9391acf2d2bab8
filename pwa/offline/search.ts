// The search of GET /api/search?q=, run locally over the saved directory when offline. It must answer
// exactly what the server answers, so it mirrors searchProviders / searchChains (sql/queries/):
// a case-insensitive substring of the name or description; exact name match first, then name matches,
// then providers by popularity score (high first) and chains in their list order; ties by id; each list
// cut at SEARCH_RESULT_LIMIT. The term is validated and trimmed by the API's own schema.
import type { ChainWithStats } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { SEARCH_RESULT_LIMIT, searchQuerySchema, type SearchResult } from '../../contract/search.ts';

type Named = { name: string; description: string };

/** 0 exact name, 1 name contains, 2 description only, undefined no match. */
function matchRank(item: Named, needle: string): number | undefined {
  const name = item.name.toLowerCase();
  if (name === needle) return 0;
  if (name.includes(needle)) return 1;
  if (item.description.toLowerCase().includes(needle)) return 2;
  return undefined;
}

function rankAndCut<T extends Named>(items: readonly T[], needle: string, tieBreak: (a: T, b: T) => number): T[] {
  return items
    .flatMap((item) => {
      const rank = matchRank(item, needle);
      return rank === undefined ? [] : [{ item, rank }];
    })
    .sort((a, b) => a.rank - b.rank || tieBreak(a.item, b.item))
    .slice(0, SEARCH_RESULT_LIMIT)
    .map((m) => m.item);
}

/**
 * `providers` as GET /api/providers lists them; `chains` as GET /api/chains/with-stats lists them (in
 * the chains' sort order, which is the server's tie-break after the match rank). Throws the API's
 * ZodError for a term the server would refuse (over 200 characters).
 */
export function searchDirectory(
  providers: readonly Provider[],
  chains: readonly ChainWithStats[],
  q: string,
): SearchResult {
  const term = searchQuerySchema.parse({ q }).q;
  if (!term) return { providers: [], chains: [] };
  const needle = term.toLowerCase();
  const chainOrder = new Map(chains.map((c, i) => [c.id, i]));
  return {
    providers: rankAndCut(providers, needle, (a, b) => b.popularityScore - a.popularityScore || a.id - b.id),
    chains: rankAndCut(chains, needle, (a, b) => chainOrder.get(a.id)! - chainOrder.get(b.id)!),
  };
}
