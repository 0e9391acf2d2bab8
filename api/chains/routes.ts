// Chains: the public reads (GET /api/chains, /api/chains/summary, /api/chains/with-stats, /api/chains/{slug} and its /snippets) and the
// admin writes (POST /api/admin/chains, PUT and DELETE /api/admin/chains/{id}).
import { z } from 'zod';
import { createRouter } from '../context.ts';
import { answerPage, keyPart, pageQuery } from '../lib/paging.ts';
import { cached } from '../middleware/response-cache.ts';
import { HttpError } from '../middleware/errors.ts';
import { validate } from '../middleware/validate.ts';
import { idParams, slugParams } from '../lib/params.ts';
import {
  deleteChain,
  findChainById,
  insertChain,
  listChainsWithStats,
  replaceChainEndpoints,
  updateChain,
} from '../../sql/queries/chains.ts';
import { presentChain, presentChainWithStats } from './presenter.ts';
import {
  checkReferences,
  conflictsFor,
  loadChainDetail,
  loadChainList,
  loadChainSummaries,
  loadChainsWithStats,
  loadProviderAccess,
} from './service.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { sanitizeIfSent, sanitizeRichHtml } from '../lib/sanitize.ts';
import { chainCreateSchema, chainUpdateSchema } from '../../contract/admin.ts';
import { definedOnly, inTransaction } from '../lib/write.ts';
import { connectSnippets, isConfigurable } from '../../contract/snippets.ts';
import { selectChainSummaries } from '../../contract/chain-page.ts';
import {
  chainDetailSchema,
  chainListSchema,
  chainSummaryListSchema,
  chainSummaryQuerySchema,
  chainWithStatsListSchema,
  connectSnippetsSchema,
  snippetsQuerySchema,
} from '../../contract/chains.ts';
import { answers } from '../openapi/document.ts';

/** Sort key of the paged chain list (?limit&after, api/lib/paging.ts): sort_rank, id. */
const chainListKey = z.tuple([keyPart.int, keyPart.int]);

export function chainRoutes() {
  const router = createRouter('/api/chains');

  router.get('/', cached, answers(chainListSchema, 'Every chain, in directory order'), async (ctx) => {
    ctx.body = await loadChainList(ctx.sql);
  });

  router.get(
    '/summary',
    cached,
    answers(
      chainSummaryListSchema,
      "Every chain's name, slug, icon, colour, chain ID and testnet flag, in directory order (or the first of one kind)",
    ),
    validate({ query: chainSummaryQuerySchema }),
    async (ctx) => {
      ctx.body = selectChainSummaries(await loadChainSummaries(ctx.sql), ctx.valid.query);
    },
  );

  router.get(
    '/with-stats',
    cached,
    answers(chainWithStatsListSchema, 'Every chain with its provider count and mean rating'),
    validate({ query: pageQuery(chainListKey) }),
    async (ctx) => {
      const page = ctx.valid.query;
      if (page) answerPage(ctx, await listChainsWithStats(ctx.sql, page), page, presentChainWithStats);
      else ctx.body = await loadChainsWithStats(ctx.sql);
    },
  );

  router.get(
    '/:slug',
    cached,
    answers(chainDetailSchema, 'A chain with its public RPC endpoints'),
    validate({ params: slugParams }),
    async (ctx) => {
      const detail = await loadChainDetail(ctx.sql, ctx.valid.params.slug);
      if (!detail) throw new HttpError(404, 'Chain not found');
      ctx.body = detail;
    },
  );

  router.get(
    '/:slug/snippets',
    cached,
    answers(
      connectSnippetsSchema,
      "Copy-ready config to connect to a chain: with its best keyless endpoints, one of them first, or one provider's own",
    ),
    validate({ params: slugParams, query: snippetsQuerySchema }),
    async (ctx) => {
      const { endpoint, provider: providerSlug } = ctx.valid.query;
      if (endpoint !== undefined && providerSlug !== undefined) {
        throw new HttpError(400, 'Use either provider or endpoint');
      }
      const detail = await loadChainDetail(ctx.sql, ctx.valid.params.slug);
      if (!detail) throw new HttpError(404, 'Chain not found');
      const chosen = endpoint === undefined ? undefined : detail.rpcEndpoints.find((e) => e.id === endpoint);
      if (endpoint !== undefined && !(chosen && isConfigurable(chosen))) {
        throw new HttpError(404, 'No HTTPS or WebSocket endpoint of this chain without an API key has that id');
      }
      const provider = providerSlug === undefined ? undefined : await loadProviderAccess(ctx.sql, detail, providerSlug);
      const snippets = connectSnippets(detail, { chosenUrl: chosen?.url, provider });
      if (!snippets) {
        throw new HttpError(
          404,
          provider
            ? 'No connection snippets: this provider has no HTTPS URL for this chain'
            : 'No connection snippets: the chain lacks an EVM chain id, a currency or a keyless RPC',
        );
      }
      ctx.body = snippets;
    },
  );

  return router;
}

export function adminChainRoutes() {
  const router = createRouter('/api/admin/chains');

  router.post('/', requireAdmin, validate({ body: chainCreateSchema }), async (ctx) => {
    const { rpcEndpoints, ...fields } = ctx.valid.body;
    const values = definedOnly({ ...fields, detailedDescription: sanitizeRichHtml(fields.detailedDescription) });
    const chain = await inTransaction(
      ctx,
      async (tx) => {
        await checkReferences(tx, values, rpcEndpoints);
        const id = await insertChain(tx, values);
        if (rpcEndpoints) await replaceChainEndpoints(tx, id, rpcEndpoints);
        return findChainById(tx, id);
      },
      conflictsFor(values),
    );
    ctx.status = 201;
    ctx.body = presentChain(chain!);
  });

  router.put('/:id', requireAdmin, validate({ params: idParams, body: chainUpdateSchema }), async (ctx) => {
    const { id } = ctx.valid.params;
    const { rpcEndpoints, ...fields } = ctx.valid.body;
    const values = definedOnly({ ...fields, detailedDescription: sanitizeIfSent(fields.detailedDescription) });
    const chain = await inTransaction(
      ctx,
      async (tx) => {
        if (!(await findChainById(tx, id))) throw new HttpError(404, 'Chain not found');
        await checkReferences(tx, values, rpcEndpoints, id);
        await updateChain(tx, id, values);
        if (rpcEndpoints) await replaceChainEndpoints(tx, id, rpcEndpoints);
        return findChainById(tx, id);
      },
      conflictsFor(values),
    );
    ctx.body = presentChain(chain!);
  });

  router.delete('/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    if (!(await deleteChain(ctx.sql, id))) throw new HttpError(404, 'Chain not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}
