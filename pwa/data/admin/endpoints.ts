// Admin side of single endpoints: the dead ones (down 7 days in a row) and their one-click removal.
import { queryOptions } from '@tanstack/react-query';
import { adminEndpointListSchema } from '../../../contract/admin.ts';
import { getJson } from '../../lib/api.ts';
import { chainKeys } from '../chains.ts';
import { providerKeys } from '../providers.ts';
import { adminRoot, sendJson, useAdminMutation } from './mutation.ts';

const deadKey = [...adminRoot, 'endpoints', 'dead'] as const;

export const deadEndpointsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: deadKey,
    queryFn: () => getJson('/api/admin/endpoints?dead=1', adminEndpointListSchema),
    enabled,
  });

export function useDeleteEndpoint() {
  return useAdminMutation({
    mutationKey: ['admin', 'endpoints', 'delete'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/endpoints/${id}`),
    invalidates: () => [deadKey, chainKeys.all, providerKeys.all],
    success: () => 'Endpoint removed',
  });
}
