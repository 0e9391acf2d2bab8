// Providers API: key factory (keys double as the request path) and query options.
import { queryOptions } from '@tanstack/react-query';
import { providerDetailSchema, providerListSchema } from '../../api/providers/schema.ts';
import { getJson } from '../lib/api.ts';

export const providerKeys = {
  all: ['/api/providers'] as const,
  popular: () => [...providerKeys.all, 'popular'] as const,
  featured: () => [...providerKeys.all, 'featured'] as const,
  byChain: (chainId: number) => [...providerKeys.all, 'by-chain', chainId] as const,
  detail: (slug: string) => [...providerKeys.all, slug] as const,
};

export const providersQuery = () =>
  queryOptions({ queryKey: providerKeys.all, queryFn: () => getJson('/api/providers', providerListSchema) });

export const popularProvidersQuery = () =>
  queryOptions({ queryKey: providerKeys.popular(), queryFn: () => getJson('/api/providers/popular', providerListSchema) });

export const featuredProvidersQuery = () =>
  queryOptions({ queryKey: providerKeys.featured(), queryFn: () => getJson('/api/providers/featured', providerListSchema) });

export const providersByChainQuery = (chainId: number) =>
  queryOptions({
    queryKey: providerKeys.byChain(chainId),
    queryFn: () => getJson(`/api/providers/by-chain/${chainId}`, providerListSchema),
  });

export const providerQuery = (slug: string) =>
  queryOptions({
    queryKey: providerKeys.detail(slug),
    queryFn: () => getJson(`/api/providers/${encodeURIComponent(slug)}`, providerDetailSchema),
  });
