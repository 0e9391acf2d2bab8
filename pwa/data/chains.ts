// Chains API: key factory (keys double as the request path) and query options.
import { queryOptions } from '@tanstack/react-query';
import type { Chain } from '../../contract/chains.ts';
import { getAllPages } from './paged.ts';
import { getParsed } from './parsed.ts';

export const chainKeys = {
  all: ['/api/chains'] as const,
  summary: () => [...chainKeys.all, 'summary'] as const,
  withStats: () => [...chainKeys.all, 'with-stats'] as const,
  detail: (slug: string) => [...chainKeys.all, slug] as const,
};

export const chainsQuery = () =>
  queryOptions({ queryKey: chainKeys.all, queryFn: () => getParsed('/api/chains', (s) => s.chainListSchema) });

/** Every chain's link, chain ID and testnet flag: what the site's frame and the pages' lists draw of the chains. */
export const chainSummaryQuery = () =>
  queryOptions({
    queryKey: chainKeys.summary(),
    queryFn: () => getParsed('/api/chains/summary', (s) => s.chainSummaryListSchema),
  });

export const chainsWithStatsQuery = () =>
  queryOptions({ queryKey: chainKeys.withStats(), queryFn: () => getAllPages('/api/chains/with-stats', (s) => s.chainWithStatsListSchema) });

export const chainQuery = (slug: string) =>
  queryOptions({
    queryKey: chainKeys.detail(slug),
    queryFn: () => getParsed(`/api/chains/${encodeURIComponent(slug)}`, (s) => s.chainDetailSchema),
  });

/** One provider's own connection snippets for a chain (its keyless URLs and API-key templates). */
export const providerSnippetsQuery = (slug: string, provider: string) =>
  queryOptions({
    queryKey: [...chainKeys.detail(slug), 'snippets', provider] as const,
    queryFn: () =>
      getParsed(
        `/api/chains/${encodeURIComponent(slug)}/snippets?provider=${encodeURIComponent(provider)}`,
        (s) => s.connectSnippetsSchema,
      ),
  });

/** Lookup of chains by id (providers carry only chainIds). */
export function chainsById<T extends Pick<Chain, 'id'>>(chains: readonly T[] | undefined): Map<number, T> {
  return new Map((chains ?? []).map((c) => [c.id, c]));
}
