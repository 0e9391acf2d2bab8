// GET /api/search?q=: providers and chains whose name or description contains the term, case-insensitively.
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import type { Sql } from '../db/index.ts';
import { cached } from '../middleware/response-cache.ts';
import { parse } from '../middleware/validate.ts';
import { searchChains } from '../../sql/queries/chains.ts';
import { searchProviders } from '../../sql/queries/providers.ts';
import { presentChainWithStats } from '../chains/presenter.ts';
import { presentProvider } from '../providers/presenter.ts';
import { SEARCH_RESULT_LIMIT, searchQuerySchema, type SearchResult } from './schema.ts';

/** The term as a literal ILIKE pattern: %, _ and \ in it match themselves. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/search' });

  router.get('/', cached, async (ctx) => {
    const { q } = parse(searchQuerySchema, { q: ctx.query.q });
    ctx.body = await runSearch(ctx.sql, q);
  });

  return router;
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
