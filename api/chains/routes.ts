// Public chain reads: GET /api/chains, /api/chains/with-stats, /api/chains/{slug}.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';
import { answerPage, keyPart, requestedPage } from '../lib/paging.ts';
import { cached } from '../middleware/response-cache.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { slugParam } from '../lib/params.ts';
import { listChainsWithStats } from '../../sql/queries/chains.ts';
import { presentChainWithStats } from './presenter.ts';
import { loadChainDetail, loadChainList, loadChainsWithStats } from './service.ts';

/** Sort key of the paged chain list (?limit&after, api/lib/paging.ts): sort_rank, id. */
const chainListKey = z.tuple([keyPart.int, keyPart.int]);

export function chainRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/chains' });

  router.get('/', cached, async (ctx) => {
    ctx.body = await loadChainList(ctx.sql);
  });

  router.get('/with-stats', cached, async (ctx) => {
    const page = requestedPage(ctx, chainListKey);
    if (page) answerPage(ctx, await listChainsWithStats(ctx.sql, page), page, presentChainWithStats);
    else ctx.body = await loadChainsWithStats(ctx.sql);
  });

  router.get('/:slug', cached, async (ctx) => {
    const { slug } = parse(slugParam, ctx.params);
    const detail = await loadChainDetail(ctx.sql, slug);
    if (!detail) throw new HttpError(404, 'Chain not found');
    ctx.body = detail;
  });

  return router;
}
