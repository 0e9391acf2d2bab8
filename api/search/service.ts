// Search: the API's answer (GET /api/search) and the server-rendered search page's data.
import type { Sql } from '../db/index.ts';
import { searchChains } from '../../sql/queries/chains.ts';
import { searchProviders } from '../../sql/queries/providers.ts';
import { presentChainWithStats } from '../chains/presenter.ts';
import { presentProvider } from '../providers/presenter.ts';
import { SEARCH_RESULT_LIMIT, type SearchResult } from '../../contract/search.ts';

/** The term as a literal ILIKE pattern: %, _ and \ in it match themselves. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Search results for a validated term (the API's answer and the server-rendered search page's data). */
export async function runSearch(sql: Sql, q: string): Promise<SearchResult> {
  if (!q) return { providers: [], chains: [] };
  const pattern = containsPattern(q);
  const [providers, chains] = await Promise.all([
    searchProviders(sql, pattern, q, SEARCH_RESULT_LIMIT),
    searchChains(sql, pattern, q, SEARCH_RESULT_LIMIT),
  ]);
  return { providers: providers.map(presentProvider), chains: chains.map(presentChainWithStats) };
}
