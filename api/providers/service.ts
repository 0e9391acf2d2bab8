// The provider routes' answers, also read by the offline directory (api/directory), which must hold exactly what
// these routes answer, and by the server-rendered pages.
import type { Sql } from '../db/index.ts';
import { pageOf } from '../lib/paging.ts';
import type { Page } from '../../sql/paging.ts';
import { findChainRef } from '../../sql/queries/chains.ts';
import {
  findEditorialReview,
  findMeasuredFacts,
  findProviderBySlug,
  listApiKeyChains,
  listApprovedReviews,
  listFeaturedProviders,
  listPopularProviders,
  listProviderEndpoints,
  listProviders,
  listProvidersByChain,
} from '../../sql/queries/providers.ts';
import { presentProvider, presentProviderDetail } from './presenter.ts';
import type { Provider, ProviderDetail } from '../../contract/providers.ts';

/**
 * Approved reviews the provider page embeds (the newest); the rest are read a page at a time from
 * GET /api/providers/{slug}/reviews, which answers this many without `limit`. A provider of the shipped
 * dataset has far fewer, so its detail holds them all; the bound keeps the detail of a
 * provider with thousands of reviews small.
 */
export const EMBEDDED_REVIEWS = 50;

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
  const [reviews, editorial, endpoints, apiKeyChains, measured] = await Promise.all([
    listApprovedReviews(sql, provider.id, firstReviews),
    findEditorialReview(sql, provider.id),
    listProviderEndpoints(sql, provider.id),
    listApiKeyChains(sql, provider.id),
    findMeasuredFacts(sql, provider.id),
  ]);
  const embedded = pageOf(reviews, firstReviews, `/api/providers/${encodeURIComponent(provider.slug)}/reviews`);
  return presentProviderDetail(provider, embedded, editorial, endpoints, apiKeyChains, measured);
}
