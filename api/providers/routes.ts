// Public provider reads: GET /api/providers, popular, featured, by-chain/{chainId}, {slug}.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';
import { answerPage, keyPart, requestedPage } from '../lib/paging.ts';
import { idParam, slugParam } from '../lib/params.ts';
import { HttpError } from '../middleware/errors.ts';
import { cached } from '../middleware/response-cache.ts';
import { parse } from '../middleware/validate.ts';
import { findChainRef } from '../../sql/queries/chains.ts';
import { listApprovedReviews, listProviders, listProvidersByChain } from '../../sql/queries/providers.ts';
import { findProviderIdBySlug } from '../../sql/queries/reviews.ts';
import { presentApprovedReview, presentProvider } from './presenter.ts';
import {
  EMBEDDED_REVIEWS, loadFeaturedProviders, loadPopularProviders, loadProviderDetail, loadProviderList, loadProvidersByChain,
} from './service.ts';

// Sort keys of the paged lists (?limit&after, api/lib/paging.ts), as sql/queries/providers.ts orders them.
const providerListKey = z.tuple([keyPart.int, keyPart.int]); // sort_rank, id
const byChainKey = z.tuple([keyPart.int, keyPart.int, keyPart.int]); // total_reviews, sort_rank, id
const reviewKey = z.tuple([keyPart.micros, keyPart.int]); // created_at (microseconds), id; newest first


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
