// Admin side of ad placements: the list with inactive ones, and their writes.
import { queryOptions } from '@tanstack/react-query';
import { adminAdListSchema, adminAdSchema, type AdCreateInput, type AdUpdateInput } from '../../../contract/admin.ts';
import { getJson } from '../../lib/api.ts';
import { adminRoot, saveTo, sendJson, useAdminMutation } from './mutation.ts';

export const adKeys = { all: () => [...adminRoot, 'ads'] as const };
/** Public ads of every position (the admin's ad writes change what they serve). */
const publicAdsKey = ['/api/ads'] as const;

export const adminAdsQuery = (enabled: boolean) =>
  queryOptions({ queryKey: adKeys.all(), queryFn: () => getJson('/api/admin/ads', adminAdListSchema), enabled });

export function useSaveAd() {
  return useAdminMutation({
    mutationKey: ['admin', 'ads', 'save'],
    mutationFn: async ({ id, input }: { id?: number; input: AdCreateInput | AdUpdateInput }) =>
      adminAdSchema.parse(await saveTo('/api/admin/ads', id, input)),
    invalidates: () => [adKeys.all(), publicAdsKey],
    success: ({ id }) => (id === undefined ? 'Ad placement created successfully' : 'Ad placement updated successfully'),
  });
}

export function useDeleteAd() {
  return useAdminMutation({
    mutationKey: ['admin', 'ads', 'delete'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/ads/${id}`),
    invalidates: () => [adKeys.all(), publicAdsKey],
    success: () => 'Ad placement deleted successfully',
  });
}
