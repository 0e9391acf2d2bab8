// Public provider reads: GET /api/providers, popular, featured, by-chain/{chainId}, {slug}.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';
import type { Sql } from '../db/index.ts';
import { answerPage, keyPart, pageOf, requestedPage, type Page } from '../lib/paging.ts';
import { HttpError } from '../middleware/errors.ts';
import { cached } from '../middleware/response-cache.ts';
import { parse } from '../middleware/validate.ts';
import { findChainRef } from '../../sql/queries/chains.ts';
import {
  findEditorialReview, findProviderBySlug, listApprovedReviews, listFeaturedProviders, listPopularProviders,
  listProviderEndpoints, listProviders, listProvidersByChain,
} from '../../sql/queries/providers.ts';
import { slugParam } from '../chains/routes.ts';
import { findProviderIdBySlug } from '../../sql/queries/reviews.ts';
import { presentApprovedReview, presentProvider, presentProviderDetail } from './presenter.ts';
import type { Provider, ProviderDetail } from './schema.ts';

// Sort keys of the paged lists (?limit&after, api/lib/paging.ts), as sql/queries/providers.ts orders them.
const providerListKey = z.tuple([keyPart.int, keyPart.int]); // sort_rank, id
const byChainKey = z.tuple([keyPart.int, keyPart.int, keyPart.int]); // total_reviews, sort_rank, id
const reviewKey = z.tuple([keyPart.micros, keyPart.int]); // created_at (microseconds), id; newest first

/**
 * Approved reviews the provider page embeds (the newest); the rest are read a page at a time from
 * GET /api/providers/{slug}/reviews, which answers this many without `limit`. A provider of the shipped
 * dataset has far fewer, so its detail holds them all, as the spec has it; a provider with thousands still
 * answers a page of a few KB (bench/RESULTS.md).
 */
export const EMBEDDED_REVIEWS = 50;

export const idParam = (name: string) =>
  z.object({ [name]: z.coerce.number({ error: `${name} must be a number` }).int().positive().max(2147483647) });

export function providerRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/providers' });

  router.get('/', cached, async (ctx) => {
    const page = requestedPage(ctx, providerListKey);
    if (page) answerPage(ctx, await listProviders(ctx.sql, page), page, presentProvider);
    else ctx.body = await loadProviderList(ctx.sql);
  });

  router.get('/popular', cached, async (ctx) => {
    ctx.body = await loadPopularProviders(ctx.sql);
  });

  router.get('/featured', cached, async (ctx) => {
    ctx.body = await loadFeaturedProviders(ctx.sql);
  });

  router.get('/by-chain/:chainId', cached, async (ctx) => {
    const { chainId } = parse(idParam('chainId'), ctx.params) as { chainId: number };
    const page = requestedPage(ctx, byChainKey);
    if (page) {
      if (!(await findChainRef(ctx.sql, chainId))) throw new HttpError(404, 'Chain not found');
      answerPage(ctx, await listProvidersByChain(ctx.sql, chainId, page), page, presentProvider);
      return;
    }
    const providers = await loadProvidersByChain(ctx.sql, chainId);
    if (!providers) throw new HttpError(404, 'Chain not found');
    ctx.body = providers;
  });

  router.get('/:slug', cached, async (ctx) => {
    const { slug } = parse(slugParam, ctx.params);
    const detail = await loadProviderDetail(ctx.sql, slug);
    if (!detail) throw new HttpError(404, 'Provider not found');
    if (detail.userReviewsNext) ctx.set('Link', `<${detail.userReviewsNext}>; rel="next"`);
    ctx.body = detail;
  });

  // The provider's approved reviews after those its detail embeds, newest first, a page at a time.
  router.get('/:slug/reviews', cached, async (ctx) => {
    const { slug } = parse(slugParam, ctx.params);
    const page = requestedPage(ctx, reviewKey) ?? { limit: EMBEDDED_REVIEWS };
    const providerId = await findProviderIdBySlug(ctx.sql, slug);
    if (providerId === undefined) throw new HttpError(404, 'Provider not found');
    answerPage(ctx, await listApprovedReviews(ctx.sql, providerId, page), page, presentApprovedReview);
  });

  return router;
}

// Each route's answer, also read by the offline directory (api/directory), which must hold exactly what these routes answer.

/** GET /api/providers. */
export async function loadProviderList(sql: Sql): Promise<Provider[]> {
  return (await listProviders(sql)).map(presentProvider);
}

/** GET /api/providers/popular. */
export async function loadPopularProviders(sql: Sql): Promise<Provider[]> {
  return (await listPopularProviders(sql)).map(presentProvider);
}

/** GET /api/providers/featured. */
export async function loadFeaturedProviders(sql: Sql): Promise<Provider[]> {
  return (await listFeaturedProviders(sql)).map(presentProvider);
}

/** GET /api/providers/by-chain/{chainId}; undefined when the chain is unknown. */
export async function loadProvidersByChain(sql: Sql, chainId: number): Promise<Provider[] | undefined> {
  if (!(await findChainRef(sql, chainId))) return undefined;
  return (await listProvidersByChain(sql, chainId)).map(presentProvider);
}

/** The provider page's data (GET /api/providers/{slug}; the server-rendered page head too); undefined when unknown. */
export async function loadProviderDetail(sql: Sql, slug: string): Promise<ProviderDetail | undefined> {
  const provider = await findProviderBySlug(sql, slug);
  if (!provider) return undefined;
  const firstReviews: Page = { limit: EMBEDDED_REVIEWS };
  const [reviews, editorial, endpoints] = await Promise.all([
    listApprovedReviews(sql, provider.id, firstReviews),
    findEditorialReview(sql, provider.id),
    listProviderEndpoints(sql, provider.id),
  ]);
  const embedded = pageOf(reviews, firstReviews, `/api/providers/${encodeURIComponent(provider.slug)}/reviews`);
  return presentProviderDetail(provider, embedded, editorial, endpoints);
}
