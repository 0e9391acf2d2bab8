// Public chain reads: GET /api/chains, /api/chains/with-stats, /api/chains/{slug}.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';
import type { Sql } from '../db/index.ts';
import { cached } from '../middleware/response-cache.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { findChainBySlug, findChainRef, listChainEndpoints, listChains, listChainsWithStats } from '../../sql/queries/chains.ts';
import { presentChain, presentChainDetail, presentChainRef, presentChainWithStats } from './presenter.ts';
import type { ChainDetail } from './schema.ts';

export const slugParam = z.object({ slug: z.string().min(1).max(200) });

export function chainRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/chains' });

  router.get('/', cached, async (ctx) => {
    ctx.body = (await listChains(ctx.sql)).map(presentChain);
  });

  router.get('/with-stats', cached, async (ctx) => {
    ctx.body = (await listChainsWithStats(ctx.sql)).map(presentChainWithStats);
  });

  router.get('/:slug', cached, async (ctx) => {
    const { slug } = parse(slugParam, ctx.params);
    const detail = await loadChainDetail(ctx.sql, slug);
    if (!detail) throw new HttpError(404, 'Chain not found');
    ctx.body = detail;
  });

  return router;
}

/** The chain page's data (GET /api/chains/{slug}; the server-rendered page head too); undefined when unknown. */
export async function loadChainDetail(sql: Sql, slug: string): Promise<ChainDetail | undefined> {
  const chain = await findChainBySlug(sql, slug);
  if (!chain) return undefined;
  const [parent, endpoints] = await Promise.all([
    chain.parentChainId ? findChainRef(sql, chain.parentChainId) : undefined,
    listChainEndpoints(sql, chain.id),
  ]);
  return presentChainDetail(chain, parent ? presentChainRef(parent) : null, endpoints);
}
