// Chains API: key factory (keys double as the request path) and query options.
import { queryOptions } from '@tanstack/react-query';
import type { Chain } from '../../contract/chains.ts';
import { getAllPages } from './paged.ts';
import { getParsed } from './parsed.ts';
import { chainSummaryPath, type ChainSummarySelection } from '../../contract/chain-page.ts';
import { LIMITS } from '../lib/site.ts';

export const chainKeys = {
  all: ['/api/chains'] as const,
  summary: () => [...chainKeys.all, 'summary'] as const,
  summaryPart: (selection: ChainSummarySelection) =>
    [...chainKeys.all, chainSummaryPath(selection).slice('/api/chains/'.length)] as const,
  withStats: () => [...chainKeys.all, 'with-stats'] as const,
  detail: (slug: string) => [...chainKeys.all, slug] as const,
};

export const chainsQuery = () =>
  queryOptions({ queryKey: chainKeys.all, queryFn: () => getParsed('/api/chains', (s) => s.chainListSchema) });

/**
 * Every chain's link, chain ID and testnet flag: what the pages' lists draw of the chains; with a selection, only the
 * first chains (of one kind), for a page that draws no more of them.
 */
export const chainSummaryQuery = (selection: ChainSummarySelection = {}) =>
  queryOptions({
    queryKey: selection.testnet === undefined && selection.first === undefined ? chainKeys.summary() : chainKeys.summaryPart(selection),
    queryFn: () => getParsed(chainSummaryPath(selection), (s) => s.chainSummaryListSchema),
  });

/** The chains the site's frame draws: the header's chains menu (and the footer's first of them). */
export const frameChainsQuery = () => chainSummaryQuery({ first: LIMITS.headerChains });

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
