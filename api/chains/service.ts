// The chain routes' answers, also read by the offline directory (api/directory), which must hold exactly what
// these routes answer, and by the server-rendered pages.
import type { Sql } from '../db/index.ts';
import { findChainBySlug, findChainRef, listChainEndpoints, listChains, listChainsWithStats } from '../../sql/queries/chains.ts';
import { presentChain, presentChainDetail, presentChainRef, presentChainWithStats } from './presenter.ts';
import type { Chain, ChainDetail, ChainWithStats } from '../../contract/chains.ts';

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
