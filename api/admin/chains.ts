// Admin chain writes: POST /api/admin/chains, PUT and DELETE /api/admin/chains/{id}.
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { idParam } from '../lib/params.ts';
import { presentChain } from '../chains/presenter.ts';
import { sanitizeRichHtml } from '../lib/sanitize.ts';
import {
  deleteChain, existingChainIds, findChainById, insertChain, replaceChainEndpoints, updateChain, type EndpointInput,
} from '../../sql/queries/chains.ts';
import { existingProviderIds } from '../../sql/queries/providers.ts';
import { chainCreateSchema, chainUpdateSchema } from '../../contract/admin.ts';
import { definedOnly, inTransaction } from './write.ts';

type ChainInput = { slug?: string; evmChainId?: number | null; detailedDescription?: string; parentChainId?: number | null };

const conflictsFor = (input: ChainInput) => ({
  chains_slug_key: () => `A chain with the slug "${input.slug}" already exists`,
  chains_evm_chain_id_key: () => `A chain with the EVM chain id ${input.evmChainId} already exists`,
});

/** True when `selfId` is among the ancestors of `parentId` (or is it): linking them would close a loop. */
async function closesLoop(tx: Queryable, selfId: number, parentId: number): Promise<boolean> {
  const seen = new Set<number>();
  for (let id: number | null = parentId; id != null && !seen.has(id); id = (await findChainById(tx, id))?.parentChainId ?? null) {
    if (id === selfId) return true;
    seen.add(id);
  }
  return false;
}

/** Checks the references a chain's input makes (parent chain, endpoint providers) before writing. */
async function checkReferences(tx: Queryable, input: ChainInput, endpoints: EndpointInput[] | undefined, selfId?: number) {
  if (input.parentChainId != null) {
    if (input.parentChainId === selfId) throw new HttpError(400, 'parentChainId: A chain cannot be its own parent');
    if (!(await existingChainIds(tx, [input.parentChainId])).length) {
      throw new HttpError(400, `parentChainId: No chain has the id ${input.parentChainId}`);
    }
    // A new chain has no children yet, so only an edit can close a loop.
    if (selfId !== undefined && await closesLoop(tx, selfId, input.parentChainId)) {
      throw new HttpError(400, 'parentChainId: The parent chain cannot be one of its own descendants');
    }
  }
  const providerIds = [...new Set((endpoints ?? []).flatMap((e) => (e.providerId ? [e.providerId] : [])))];
  const known = new Set(await existingProviderIds(tx, providerIds));
  const unknown = providerIds.filter((id) => !known.has(id));
  if (unknown.length) throw new HttpError(400, `rpcEndpoints: No provider has the id ${unknown.join(', ')}`);
}

export function adminChainRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/admin/chains' });

  router.post('/', requireAdmin, async (ctx) => {
    const { rpcEndpoints, ...fields } = parse(chainCreateSchema, ctx.request.body);
    const values = definedOnly({ ...fields, detailedDescription: sanitizeRichHtml(fields.detailedDescription) });
    const chain = await inTransaction(ctx, async (tx) => {
      await checkReferences(tx, values, rpcEndpoints);
      const id = await insertChain(tx, values);
      if (rpcEndpoints) await replaceChainEndpoints(tx, id, rpcEndpoints);
      return findChainById(tx, id);
    }, conflictsFor(values));
    ctx.status = 201;
    ctx.body = presentChain(chain!);
  });

  router.put('/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    const { rpcEndpoints, ...fields } = parse(chainUpdateSchema, ctx.request.body);
    const values = definedOnly({
      ...fields,
      detailedDescription: fields.detailedDescription === undefined ? undefined : sanitizeRichHtml(fields.detailedDescription),
    });
    const chain = await inTransaction(ctx, async (tx) => {
      if (!(await findChainById(tx, id))) throw new HttpError(404, 'Chain not found');
      await checkReferences(tx, values, rpcEndpoints, id);
      await updateChain(tx, id, values);
      if (rpcEndpoints) await replaceChainEndpoints(tx, id, rpcEndpoints);
      return findChainById(tx, id);
    }, conflictsFor(values));
    ctx.body = presentChain(chain!);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    if (!(await deleteChain(ctx.sql, id))) throw new HttpError(404, 'Chain not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}
