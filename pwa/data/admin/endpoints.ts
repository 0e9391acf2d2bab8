// Admin side of single endpoints: add, edit, remove and probe one now (the provider dialog), and the dead ones
// (down 7 days in a row) with their one-click removal (the Chains tab).
import { queryOptions } from '@tanstack/react-query';
import {
  adminEndpointListSchema,
  adminEndpointSchema,
  type EndpointCreateInput,
  type EndpointUpdateInput,
} from '../../../contract/admin.ts';
import { probeNowSchema } from '../../../contract/health.ts';
import { getJson } from '../../lib/api.ts';
import { chainKeys } from '../chains.ts';
import { providerKeys } from '../providers.ts';
import { adminRoot, saveTo, sendJson, useAdminMutation } from './mutation.ts';

const deadKey = [...adminRoot, 'endpoints', 'dead'] as const;
/** What an endpoint write changes: the chain and provider pages that list it, and the dead list. */
const endpointViews = () => [deadKey, chainKeys.all, providerKeys.all];

export const deadEndpointsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: deadKey,
    queryFn: () => getJson('/api/admin/endpoints?dead=1', adminEndpointListSchema),
    enabled,
  });

export type EndpointSave = { id: number; input: EndpointUpdateInput } | { id?: undefined; input: EndpointCreateInput };

export function useSaveEndpoint() {
  return useAdminMutation({
    mutationKey: ['admin', 'endpoints', 'save'],
    mutationFn: async ({ id, input }: EndpointSave) =>
      adminEndpointSchema.parse(await saveTo('/api/admin/endpoints', id, input)),
    invalidates: endpointViews,
    success: ({ id }) => (id === undefined ? 'Endpoint added' : 'Endpoint updated'),
  });
}

export function useDeleteEndpoint() {
  return useAdminMutation({
    mutationKey: ['admin', 'endpoints', 'delete'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/endpoints/${id}`),
    invalidates: endpointViews,
    success: () => 'Endpoint removed',
  });
}

/** Probes one endpoint now; the answer is shown where it was asked for, so no toast. */
export function useProbeEndpoint() {
  return useAdminMutation({
    mutationKey: ['admin', 'endpoints', 'probe'],
    mutationFn: async (id: number) => probeNowSchema.parse(await sendJson('POST', `/api/admin/endpoints/${id}/probe`)),
    invalidates: endpointViews,
  });
}
