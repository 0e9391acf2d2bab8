// The chain routes' answers (also read by the offline directory, api/directory, which must hold exactly what
// these routes answer, and by the server-rendered pages) and the admin writes' reference checks.
import type { Queryable, Sql } from '../db/index.ts';
import { HttpError } from '../middleware/errors.ts';
import {
  existingChainIds,
  findChainById,
  findChainBySlug,
  findChainRef,
  listChainEndpoints,
  listChains,
  listChainsWithStats,
  type EndpointInput,
} from '../../sql/queries/chains.ts';
import { existingProviderIds, findProviderBySlug, listProviderChainLinks } from '../../sql/queries/providers.ts';
import { presentChain, presentChainDetail, presentChainRef, presentChainWithStats } from './presenter.ts';
import type { Chain, ChainDetail, ChainSummary, ChainWithStats } from '../../contract/chains.ts';
import { summarizeChain } from '../../contract/chain-page.ts';
import type { ProviderAccess } from '../../contract/snippets.ts';

/** GET /api/chains. */
export async function loadChainList(sql: Sql): Promise<Chain[]> {
  return (await listChains(sql)).map(presentChain);
}

/** GET /api/chains/summary. */
export async function loadChainSummaries(sql: Sql): Promise<ChainSummary[]> {
  return (await loadChainList(sql)).map(summarizeChain);
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

/**
 * How a provider reaches the chain (its endpoints there and its API-key URL templates), for its own snippets.
 * 404 when the provider is unknown or serves the chain in neither way.
 */
export async function loadProviderAccess(sql: Sql, chain: ChainDetail, slug: string): Promise<ProviderAccess> {
  const provider = await findProviderBySlug(sql, slug);
  if (!provider) throw new HttpError(404, 'Provider not found');
  const endpoints = chain.rpcEndpoints.filter((e) => e.provider?.id === provider.id);
  const links = await listProviderChainLinks(sql, provider.id, chain.id);
  if (!links.length && !endpoints.length) throw new HttpError(404, 'This provider does not serve this chain');
  const urlTemplates = [...new Set(links.flatMap((l) => l.urlTemplates))];
  return { slug: provider.slug, name: provider.name, endpoints, urlTemplates };
}

// ---------- admin writes ----------

export type ChainInput = {
  slug?: string;
  evmChainId?: number | null;
  detailedDescription?: string;
  parentChainId?: number | null;
};

/** The 409 messages of a chain write's unique constraints. */
export const conflictsFor = (input: ChainInput) => ({
  chains_slug_key: () => `A chain with the slug "${input.slug}" already exists`,
  chains_evm_chain_id_key: () => `A chain with the EVM chain id ${input.evmChainId} already exists`,
});

/** True when `selfId` is among the ancestors of `parentId` (or is it): linking them would close a loop. */
async function closesLoop(tx: Queryable, selfId: number, parentId: number): Promise<boolean> {
  const seen = new Set<number>();
  for (
    let id: number | null = parentId;
    id != null && !seen.has(id);
    id = (await findChainById(tx, id))?.parentChainId ?? null
  ) {
    if (id === selfId) return true;
    seen.add(id);
  }
  return false;
}

/** Checks the references a chain's input makes (parent chain, endpoint providers) before writing. */
export async function checkReferences(
  tx: Queryable,
  input: ChainInput,
  endpoints: EndpointInput[] | undefined,
  selfId?: number,
) {
  if (input.parentChainId != null) {
    if (input.parentChainId === selfId) throw new HttpError(400, 'parentChainId: A chain cannot be its own parent');
    if (!(await existingChainIds(tx, [input.parentChainId])).length) {
      throw new HttpError(400, `parentChainId: No chain has the id ${input.parentChainId}`);
    }
    // A new chain has no children yet, so only an edit can close a loop.
    if (selfId !== undefined && (await closesLoop(tx, selfId, input.parentChainId))) {
      throw new HttpError(400, 'parentChainId: The parent chain cannot be one of its own descendants');
    }
  }
  const providerIds = [...new Set((endpoints ?? []).flatMap((e) => (e.providerId ? [e.providerId] : [])))];
  const known = new Set(await existingProviderIds(tx, providerIds));
  const unknown = providerIds.filter((id) => !known.has(id));
  if (unknown.length) throw new HttpError(400, `rpcEndpoints: No provider has the id ${unknown.join(', ')}`);
}
