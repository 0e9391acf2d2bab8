// Providers API: key factory (keys double as the request path) and query options.
import { queryOptions } from '@tanstack/react-query';
import { getAllPages } from './paged.ts';
import { getParsed } from './parsed.ts';

export const providerKeys = {
  all: ['/api/providers'] as const,
  popular: () => [...providerKeys.all, 'popular'] as const,
  featured: () => [...providerKeys.all, 'featured'] as const,
  byChain: (chainId: number) => [...providerKeys.all, 'by-chain', chainId] as const,
  onChain: (chainId: number) => [...providerKeys.byChain(chainId), 'brief'] as const,
  detail: (slug: string) => [...providerKeys.all, slug] as const,
};

export const providersQuery = () =>
  queryOptions({ queryKey: providerKeys.all, queryFn: () => getAllPages('/api/providers', (s) => s.providerListSchema) });

export const popularProvidersQuery = () =>
  queryOptions({ queryKey: providerKeys.popular(), queryFn: () => getParsed('/api/providers/popular', (s) => s.providerListSchema) });

export const featuredProvidersQuery = () =>
  queryOptions({ queryKey: providerKeys.featured(), queryFn: () => getParsed('/api/providers/featured', (s) => s.providerListSchema) });

export const providersByChainQuery = (chainId: number) =>
  queryOptions({
    queryKey: providerKeys.byChain(chainId),
    queryFn: () => getAllPages(`/api/providers/by-chain/${chainId}`, (s) => s.providerListSchema),
  });

/** What a chain page draws of its providers (contract/chain-page.ts). */
export const providersOnChainQuery = (chainId: number) =>
  queryOptions({
    queryKey: providerKeys.onChain(chainId),
    queryFn: () => getParsed(`/api/providers/by-chain/${chainId}/brief`, (s) => s.providerOnChainListSchema),
  });

export const providerQuery = (slug: string) =>
  queryOptions({
    queryKey: providerKeys.detail(slug),
    queryFn: () => getParsed(`/api/providers/${encodeURIComponent(slug)}`, (s) => s.providerDetailSchema),
  });
