// Admin writes of chains.
import type { ChainCreateInput, ChainUpdateInput } from '../../../contract/admin.ts';
import { chainKeys } from '../chains.ts';
import { providerKeys } from '../providers.ts';
import { saveTo, sendJson, useAdminMutation } from './mutation.ts';

export function useSaveChain() {
  return useAdminMutation({
    mutationKey: ['admin', 'chains', 'save'],
    mutationFn: ({ id, input }: { id?: number; input: ChainCreateInput | ChainUpdateInput }) =>
      saveTo('/api/admin/chains', id, input),
    // Chain names and colours show on provider pages too.
    invalidates: () => [chainKeys.all, providerKeys.all],
    success: ({ id }) => (id === undefined ? 'Chain created successfully' : 'Chain updated successfully'),
  });
}

export function useDeleteChain() {
  return useAdminMutation({
    mutationKey: ['admin', 'chains', 'delete'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/chains/${id}`),
    invalidates: () => [chainKeys.all, providerKeys.all],
    success: () => 'Chain deleted successfully',
  });
}
