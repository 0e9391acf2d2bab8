// Admin side of providers: one provider as the edit dialog needs it, its writes and its chain links, and
// the outbound click counts the providers tab shows.
import { queryOptions } from '@tanstack/react-query';
import { adminProviderSchema, type ProviderCreateInput, type ProviderUpdateInput } from '../../../contract/admin.ts';
import type { ProviderFacts } from '../../../contract/facts.ts';
import { outboundClicksSchema } from '../../../contract/outbound.ts';
import { apiRequest, getJson } from '../../lib/api.ts';
import { chainKeys } from '../chains.ts';
import { providerKeys } from '../providers.ts';
import { adminRoot, saveTo, sendJson, useAdminMutation } from './mutation.ts';
import { reviewKeys } from './reviews.ts';

export const adminProviderKeys = {
  detail: (id: number) => [...adminRoot, 'providers', id] as const,
  outboundClicks: () => [...adminRoot, 'outbound-clicks'] as const,
};

/** A provider as the edit dialog needs it (the list lacks the rich-text description). */
export const adminProviderQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: adminProviderKeys.detail(id ?? 0),
    queryFn: () => getJson(`/api/admin/providers/${id}`, adminProviderSchema),
    enabled: id !== undefined,
    // Always the stored version when a dialog opens, not the one cached by an earlier edit.
    staleTime: 0,
  });

export const outboundClicksQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: adminProviderKeys.outboundClicks(),
    queryFn: () => getJson('/api/admin/outbound-clicks', outboundClicksSchema),
    enabled,
  });

export type ProviderSave = {
  id?: number; input: ProviderCreateInput | ProviderUpdateInput; chainIds: number[]; facts: ProviderFacts;
};

export function useSaveProvider() {
  return useAdminMutation({
    mutationKey: ['admin', 'providers', 'save'],
    // The provider first, then its chain links (one POST per chain when new, one PUT when edited).
    // Then its facts, all of them.
    mutationFn: async ({ id, input, chainIds, facts }: ProviderSave) => {
      const provider = adminProviderSchema.parse(await saveTo('/api/admin/providers', id, input));
      if (id === undefined) {
        const link = (chainId: number) => apiRequest('POST', `/api/admin/providers/${provider.id}/chains/${chainId}`);
        await Promise.all(chainIds.map(link));
      } else {
        await apiRequest('PUT', `/api/admin/providers/${id}/chains`, { chainIds });
      }
      await apiRequest('PUT', `/api/admin/providers/${provider.id}/facts`, { facts });
      return provider;
    },
    // Provider counts per chain change with the links.
    invalidates: (_vars, provider) => [providerKeys.all, chainKeys.all, adminProviderKeys.detail(provider.id)],
    success: ({ id }) => (id === undefined ? 'Provider created successfully' : 'Provider updated successfully'),
  });
}

export function useDeleteProvider() {
  return useAdminMutation({
    mutationKey: ['admin', 'providers', 'delete'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/providers/${id}`),
    invalidates: () => [providerKeys.all, chainKeys.all, reviewKeys.editorial(), reviewKeys.pending()],
    success: () => 'Provider deleted successfully',
  });
}
