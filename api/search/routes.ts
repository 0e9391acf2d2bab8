// GET /api/search?q=: providers and chains whose name or description contains the term, case-insensitively.
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import { validate } from '../middleware/validate.ts';
import { searchQuerySchema } from '../../contract/search.ts';
import { runSearch } from './service.ts';

export function searchRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/search' });

  router.get('/', cached, validate({ query: searchQuerySchema }), async (ctx) => {
    const { q } = ctx.valid.query;
    ctx.body = await runSearch(ctx.sql, q);
  });

  return router;
}
