// Providers: the public reads (GET /api/providers, popular, featured, by-chain/{chainId}[/brief], {slug}, {slug}/reviews),
// the admin writes and chain links (/api/admin/providers[/{id}[/chains[/{chainId}]]]) and the editorial reviews
// (POST /api/admin/providers/{providerId}/editorial-review, one per provider; GET /api/admin/editorial-reviews).
import { z } from 'zod';
import { createRouter } from '../context.ts';
import { answerPage, keyPart, pageQuery } from '../lib/paging.ts';
import { chainIdParams, idParams, providerChainParams, providerIdParams, slugParams } from '../lib/params.ts';
import { HttpError } from '../middleware/errors.ts';
import { cached } from '../middleware/response-cache.ts';
import { validate } from '../middleware/validate.ts';
import { existingChainIds, findChainRef } from '../../sql/queries/chains.ts';
import {
  addProviderChain,
  deleteProvider,
  findProviderById,
  insertProvider,
  listApprovedReviews,
  listProviderChainIds,
  listProviders,
  listProvidersByChain,
  lockProvider,
  replaceProviderChains,
  replaceProviderFacts,
  updateProvider,
} from '../../sql/queries/providers.ts';
import { findProviderIdBySlug } from '../../sql/queries/reviews.ts';
import { presentAdminEditorial, presentAdminProvider, presentApprovedReview, presentProvider } from './presenter.ts';
import {
  EMBEDDED_REVIEWS,
  loadFeaturedProviders,
  loadPopularProviders,
  loadProviderDetail,
  loadProviderList,
  loadProvidersByChain,
} from './service.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { sanitizeIfSent, sanitizeRichHtml } from '../lib/sanitize.ts';
import {
  editorialReviewInputSchema,
  type EditorialReviewSaved,
  type ProviderChainsResponse,
  providerChainsSchema,
  providerCreateSchema,
  providerUpdateSchema,
} from '../../contract/admin.ts';
import { definedOnly, inTransaction } from '../lib/write.ts';
import { providerFactsInputSchema } from '../../contract/facts.ts';
import {
  findAdminEditorialReview,
  listAdminEditorialReviews,
  saveEditorialReview,
} from '../../sql/queries/editorial.ts';
import { answers } from '../openapi/document.ts';
import {
  providerDetailSchema,
  providerListSchema,
  providerOnChainListSchema,
  userReviewPageSchema,
} from '../../contract/providers.ts';
import { providerOnChain } from '../../contract/chain-page.ts';

// Sort keys of the paged lists (?limit&after, api/lib/paging.ts), as sql/queries/providers.ts orders them.
const providerListKey = z.tuple([keyPart.int, keyPart.int]); // sort_rank, id
const byChainKey = z.tuple([keyPart.int, keyPart.int, keyPart.int]); // total_reviews, sort_rank, id
const reviewKey = z.tuple([keyPart.micros, keyPart.int]); // created_at (microseconds), id; newest first

export function providerRoutes() {
  const router = createRouter('/api/providers');

  router.get(
    '/',
    cached,
    answers(providerListSchema, 'Every provider'),
    validate({ query: pageQuery(providerListKey) }),
    async (ctx) => {
      const page = ctx.valid.query;
      if (page) answerPage(ctx, await listProviders(ctx.sql, page), page, presentProvider);
      else ctx.body = await loadProviderList(ctx.sql);
    },
  );

  router.get('/popular', cached, answers(providerListSchema, 'Providers, most popular first'), async (ctx) => {
    ctx.body = await loadPopularProviders(ctx.sql);
  });

  router.get('/featured', cached, answers(providerListSchema, 'The featured providers'), async (ctx) => {
    ctx.body = await loadFeaturedProviders(ctx.sql);
  });

  router.get(
    '/by-chain/:chainId',
    cached,
    answers(providerListSchema, 'The providers serving a chain'),
    validate({ params: chainIdParams, query: pageQuery(byChainKey) }),
    async (ctx) => {
      const { chainId } = ctx.valid.params;
      const page = ctx.valid.query;
      if (page) {
        if (!(await findChainRef(ctx.sql, chainId))) throw new HttpError(404, 'Chain not found');
        answerPage(ctx, await listProvidersByChain(ctx.sql, chainId, page), page, presentProvider);
        return;
      }
      const providers = await loadProvidersByChain(ctx.sql, chainId);
      if (!providers) throw new HttpError(404, 'Chain not found');
      ctx.body = providers;
    },
  );

  // What a chain page draws of each provider (contract/chain-page.ts), in the list's order: a fraction of the whole.
  router.get(
    '/by-chain/:chainId/brief',
    cached,
    answers(providerOnChainListSchema, 'The providers serving a chain, with what a chain page shows of each'),
    validate({ params: chainIdParams }),
    async (ctx) => {
      const { chainId } = ctx.valid.params;
      const providers = await loadProvidersByChain(ctx.sql, chainId);
      if (!providers) throw new HttpError(404, 'Chain not found');
      ctx.body = providers.map((p) => providerOnChain(p, chainId));
    },
  );

  router.get(
    '/:slug',
    cached,
    answers(providerDetailSchema, 'A provider with its chains and reviews'),
    validate({ params: slugParams }),
    async (ctx) => {
      const { slug } = ctx.valid.params;
      const detail = await loadProviderDetail(ctx.sql, slug);
      if (!detail) throw new HttpError(404, 'Provider not found');
      if (detail.userReviewsNext) ctx.set('Link', `<${detail.userReviewsNext}>; rel="next"`);
      ctx.body = detail;
    },
  );

  // The provider's approved reviews after those its detail embeds, newest first, a page at a time.
  router.get(
    '/:slug/reviews',
    cached,
    answers(userReviewPageSchema, "A page of a provider's approved reviews (newest first)"),
    validate({ params: slugParams, query: pageQuery(reviewKey) }),
    async (ctx) => {
      const { slug } = ctx.valid.params;
      const page = ctx.valid.query ?? { limit: EMBEDDED_REVIEWS };
      const providerId = await findProviderIdBySlug(ctx.sql, slug);
      if (providerId === undefined) throw new HttpError(404, 'Provider not found');
      answerPage(ctx, await listApprovedReviews(ctx.sql, providerId, page), page, presentApprovedReview);
    },
  );

  return router;
}

const conflictsFor = (input: { slug?: string }) => ({
  providers_slug_key: () => `A provider with the slug "${input.slug}" already exists`,
});

export function adminProviderRoutes() {
  const router = createRouter('/api/admin/providers');

  router.get('/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    const provider = await findProviderById(ctx.sql, id);
    if (!provider) throw new HttpError(404, 'Provider not found');
    ctx.body = presentAdminProvider(provider);
  });

  router.post('/', requireAdmin, validate({ body: providerCreateSchema }), async (ctx) => {
    const fields = ctx.valid.body;
    const values = definedOnly({ ...fields, detailedDescription: sanitizeRichHtml(fields.detailedDescription) });
    const provider = await inTransaction(
      ctx,
      async (tx) => findProviderById(tx, await insertProvider(tx, values)),
      conflictsFor(values),
    );
    ctx.status = 201;
    ctx.body = presentAdminProvider(provider!);
  });

  router.put('/:id', requireAdmin, validate({ params: idParams, body: providerUpdateSchema }), async (ctx) => {
    const { id } = ctx.valid.params;
    const fields = ctx.valid.body;
    const values = definedOnly({ ...fields, detailedDescription: sanitizeIfSent(fields.detailedDescription) });
    const provider = await inTransaction(
      ctx,
      async (tx) => {
        if (!(await updateProvider(tx, id, values))) throw new HttpError(404, 'Provider not found');
        return findProviderById(tx, id);
      },
      conflictsFor(values),
    );
    ctx.body = presentAdminProvider(provider!);
  });

  router.delete('/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    if (!(await deleteProvider(ctx.sql, id))) throw new HttpError(404, 'Provider not found');
    ctx.body = { id, deleted: true };
  });

  // Replaces the provider's facts with those sent; answers the provider as GET /api/admin/providers/{id}.
  const factsInput = validate({ params: idParams, body: providerFactsInputSchema });
  router.put('/:id/facts', requireAdmin, factsInput, async (ctx) => {
    const { id } = ctx.valid.params;
    const facts = Object.entries(ctx.valid.body.facts).flatMap(([fact, f]) => (f ? [{ fact, ...f }] : []));
    ctx.body = presentAdminProvider(
      (await inTransaction(ctx, async (tx) => {
        if (!(await lockProvider(tx, id))) throw new HttpError(404, 'Provider not found');
        await replaceProviderFacts(tx, id, facts);
        return findProviderById(tx, id);
      }))!,
    );
  });

  // Sets the provider's admin links: it then serves the chains sent plus those its sourced links (dataset,
  // packages) give, which no admin call removes; answers all the chains it serves.
  router.put('/:id/chains', requireAdmin, validate({ params: idParams, body: providerChainsSchema }), async (ctx) => {
    const { id } = ctx.valid.params;
    const { chainIds } = ctx.valid.body;
    ctx.body = await inTransaction(ctx, async (tx): Promise<ProviderChainsResponse> => {
      if (!(await lockProvider(tx, id))) throw new HttpError(404, 'Provider not found');
      const known = new Set(await existingChainIds(tx, chainIds));
      const unknown = chainIds.filter((c) => !known.has(c));
      if (unknown.length) throw new HttpError(400, `chainIds: No chain has the id ${unknown.join(', ')}`);
      await replaceProviderChains(tx, id, chainIds);
      return { providerId: id, chainIds: await listProviderChainIds(tx, id) };
    });
  });

  // Adds one admin link (a chain the provider already serves changes nothing).
  router.post('/:id/chains/:chainId', requireAdmin, validate({ params: providerChainParams }), async (ctx) => {
    const { id, chainId } = ctx.valid.params;
    ctx.body = await inTransaction(ctx, async (tx): Promise<ProviderChainsResponse> => {
      if (!(await lockProvider(tx, id))) throw new HttpError(404, 'Provider not found');
      if (!(await existingChainIds(tx, [chainId])).length) throw new HttpError(404, 'Chain not found');
      await addProviderChain(tx, id, chainId);
      return { providerId: id, chainIds: await listProviderChainIds(tx, id) };
    });
  });

  return router;
}

export function adminEditorialRoutes() {
  const router = createRouter('/api/admin');

  router.post(
    '/providers/:providerId/editorial-review',
    requireAdmin,
    validate({ params: providerIdParams, body: editorialReviewInputSchema }),
    async (ctx) => {
      const { providerId } = ctx.valid.params;
      const { rating, content } = ctx.valid.body;
      const clean = sanitizeRichHtml(content);
      if (!clean)
        throw new HttpError(400, 'content: Content is required (nothing was left after removing unsafe HTML)');
      const saved = await inTransaction(ctx, async (tx): Promise<EditorialReviewSaved> => {
        if (!(await lockProvider(tx, providerId))) throw new HttpError(404, 'Provider not found');
        const { id, replaced } = await saveEditorialReview(tx, {
          providerId,
          adminId: ctx.state.user?.id ?? null,
          rating,
          content: clean,
        });
        return { ...presentAdminEditorial((await findAdminEditorialReview(tx, id))!), replaced };
      });
      ctx.status = saved.replaced ? 200 : 201;
      ctx.body = saved;
    },
  );

  router.get('/editorial-reviews', requireAdmin, async (ctx) => {
    ctx.body = (await listAdminEditorialReviews(ctx.sql)).map(presentAdminEditorial);
  });

  return router;
}
