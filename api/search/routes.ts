// GET /api/search?q=: providers and chains whose name or description contains the term, case-insensitively.
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import { parse } from '../middleware/validate.ts';
import { searchChains } from '../../sql/queries/chains.ts';
import { searchProviders } from '../../sql/queries/providers.ts';
import { presentChainWithStats } from '../chains/presenter.ts';
import { presentProvider } from '../providers/presenter.ts';
import { SEARCH_RESULT_LIMIT, searchQuerySchema } from './schema.ts';

/** The term as a literal ILIKE pattern: %, _ and \ in it match themselves. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/search' });

  router.get('/', cached, async (ctx) => {
    const { q } = parse(searchQuerySchema, { q: ctx.query.q });
    if (!q) {
      ctx.body = { providers: [], chains: [] };
      return;
    }
    const pattern = containsPattern(q);
    const [providers, chains] = await Promise.all([
      searchProviders(ctx.sql, pattern, q, SEARCH_RESULT_LIMIT),
      searchChains(ctx.sql, pattern, q, SEARCH_RESULT_LIMIT),
    ]);
    ctx.body = { providers: providers.map(presentProvider), chains: chains.map(presentChainWithStats) };
  });

  return router;
}
