// Public chain reads: GET /api/chains, /api/chains/with-stats, /api/chains/{slug}.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';
import type { Sql } from '../db/index.ts';
import { answerPage, keyPart, requestedPage } from '../lib/paging.ts';
import { cached } from '../middleware/response-cache.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { findChainBySlug, findChainRef, listChainEndpoints, listChains, listChainsWithStats } from '../../sql/queries/chains.ts';
import { presentChain, presentChainDetail, presentChainRef, presentChainWithStats } from './presenter.ts';
import type { Chain, ChainDetail, ChainWithStats } from './schema.ts';

export const slugParam = z.object({ slug: z.string().min(1).max(200) });

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

// Each route's answer, also read by the offline directory (api/directory), which must hold exactly what these routes answer.

/** GET /api/chains. */
export async function loadChainList(sql: Sql): Promise<Chain[]> {
  return (await listChains(sql)).map(presentChain);
}

/** GET /api/chains/with-stats. */
export async function loadChainsWithStats(sql: Sql): Promise<ChainWithStats[]> {
  return (await listChainsWithStats(sql)).map(presentChainWithStats);
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
