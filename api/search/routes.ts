// GET /api/search?q=: providers and chains whose name or description contains the term, case-insensitively.
import { createRouter } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import { validate } from '../middleware/validate.ts';
import { searchQuerySchema, searchResultSchema } from '../../contract/search.ts';
import { answers } from '../openapi/document.ts';
import { runSearch } from './service.ts';

export function searchRoutes() {
  const router = createRouter('/api/search');

  router.get(
    '/',
    cached,
    answers(searchResultSchema, 'Providers and chains matching a term'),
    validate({ query: searchQuerySchema }),
    async (ctx) => {
      const { q } = ctx.valid.query;
      ctx.body = await runSearch(ctx.sql, q);
    },
  );

  return router;
}
