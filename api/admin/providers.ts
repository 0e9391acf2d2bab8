// Admin provider writes and chain links: /api/admin/providers[/{id}[/chains[/{chainId}]]].
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { idParam } from '../lib/params.ts';
import { sanitizeRichHtml } from '../lib/sanitize.ts';
import { existingChainIds } from '../../sql/queries/chains.ts';
import {
  addProviderChain, deleteProvider, findProviderById, insertProvider, listProviderChainIds, lockProvider,
  replaceProviderChains, updateProvider,
} from '../../sql/queries/providers.ts';
import { providerChainsSchema, providerCreateSchema, providerUpdateSchema, type ProviderChainsResponse } from '../../contract/admin.ts';
import { presentAdminProvider } from './presenter.ts';
import { definedOnly, inTransaction } from './write.ts';

const conflictsFor = (input: { slug?: string }) => ({
  providers_slug_key: () => `A provider with the slug "${input.slug}" already exists`,
});

export function adminProviderRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/admin/providers' });

  router.get('/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    const provider = await findProviderById(ctx.sql, id);
    if (!provider) throw new HttpError(404, 'Provider not found');
    ctx.body = presentAdminProvider(provider);
  });

  router.post('/', requireAdmin, async (ctx) => {
    const fields = parse(providerCreateSchema, ctx.request.body);
    const values = definedOnly({ ...fields, detailedDescription: sanitizeRichHtml(fields.detailedDescription) });
    const provider = await inTransaction(ctx, async (tx) => findProviderById(tx, await insertProvider(tx, values)), conflictsFor(values));
    ctx.status = 201;
    ctx.body = presentAdminProvider(provider!);
  });

  router.put('/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    const fields = parse(providerUpdateSchema, ctx.request.body);
    const values = definedOnly({
      ...fields,
      detailedDescription: fields.detailedDescription === undefined ? undefined : sanitizeRichHtml(fields.detailedDescription),
    });
    const provider = await inTransaction(ctx, async (tx) => {
      if (!(await updateProvider(tx, id, values))) throw new HttpError(404, 'Provider not found');
      return findProviderById(tx, id);
    }, conflictsFor(values));
    ctx.body = presentAdminProvider(provider!);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    if (!(await deleteProvider(ctx.sql, id))) throw new HttpError(404, 'Provider not found');
    ctx.body = { id, deleted: true };
  });

  // Replaces the provider's chain links with exactly the ids sent.
  router.put('/:id/chains', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    const { chainIds } = parse(providerChainsSchema, ctx.request.body);
    ctx.body = await inTransaction(ctx, async (tx): Promise<ProviderChainsResponse> => {
      if (!(await lockProvider(tx, id))) throw new HttpError(404, 'Provider not found');
      const known = new Set(await existingChainIds(tx, chainIds));
      const unknown = chainIds.filter((c) => !known.has(c));
      if (unknown.length) throw new HttpError(400, `chainIds: No chain has the id ${unknown.join(', ')}`);
      await replaceProviderChains(tx, id, chainIds);
      return { providerId: id, chainIds: await listProviderChainIds(tx, id) };
    });
  });

  // Adds one chain link (adding a link that exists changes nothing).
  router.post('/:id/chains/:chainId', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    const { chainId } = parse(idParam('chainId'), ctx.params) as { chainId: number };
    ctx.body = await inTransaction(ctx, async (tx): Promise<ProviderChainsResponse> => {
      if (!(await lockProvider(tx, id))) throw new HttpError(404, 'Provider not found');
      if (!(await existingChainIds(tx, [chainId])).length) throw new HttpError(404, 'Chain not found');
      await addProviderChain(tx, id, chainId);
      return { providerId: id, chainIds: await listProviderChainIds(tx, id) };
    });
  });

  return router;
}
