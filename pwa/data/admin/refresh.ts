// The refresh from upstream: preview a snapshot (a file or a URL) as a diff, then apply the accepted items.
import type { RefreshApplyInput, RefreshApplyResult, RefreshDiff } from '../../../contract/refresh.ts';
import { summaryLine } from '../../../contract/refresh.ts';
import { apiRequest } from '../../lib/api.ts';
import { chainKeys } from '../chains.ts';
import { providerKeys } from '../providers.ts';
import { sendJson, useAdminMutation } from './mutation.ts';

export type RefreshSnapshotInput = { file: File } | { url: string };

export function usePreviewRefresh() {
  return useAdminMutation({
    mutationKey: ['admin', 'refresh', 'preview'],
    mutationFn: async (input: RefreshSnapshotInput): Promise<RefreshDiff> => {
      if ('url' in input) return (await sendJson('POST', '/api/admin/refresh/preview', input)) as RefreshDiff;
      const body = new FormData();
      body.append('lastModified', String(input.file.lastModified));
      body.append('file', input.file);
      return (await (await apiRequest('POST', '/api/admin/refresh/preview', body)).json()) as RefreshDiff;
    },
    invalidates: () => [],
    failure: { title: 'Preview failed', fallback: 'Could not read the snapshot. Please try again.', useServerMessage: true },
  });
}

export function useApplyRefresh() {
  return useAdminMutation({
    mutationKey: ['admin', 'refresh', 'apply'],
    mutationFn: async (input: RefreshApplyInput) =>
      (await sendJson('POST', '/api/admin/refresh/apply', input)) as RefreshApplyResult,
    // A refresh may add chains and endpoints and change providers' chains.
    invalidates: () => [chainKeys.all, providerKeys.all],
    success: (_input, result) => ({
      title: 'Refresh applied',
      description: `${result.applied} ${result.applied === 1 ? 'item' : 'items'} applied. ${summaryLine(result.summary)}`,
    }),
    failure: { title: 'Refresh failed', fallback: 'Failed to apply the refresh. Please try again.', useServerMessage: true },
  });
}
