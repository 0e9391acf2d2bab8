// Admin side of the contact form: the messages received, marked read or deleted.
import { queryOptions } from '@tanstack/react-query';
import { contactSubmissionListSchema } from '../../../contract/admin.ts';
import { getJson } from '../../lib/api.ts';
import { adminRoot, sendJson, useAdminMutation } from './mutation.ts';

export const contactKeys = { submissions: () => [...adminRoot, 'contact-submissions'] as const };

export const contactSubmissionsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: contactKeys.submissions(),
    queryFn: () => getJson('/api/admin/contact-submissions', contactSubmissionListSchema),
    enabled,
  });

export function useMarkContactRead() {
  return useAdminMutation({
    mutationKey: ['admin', 'contact', 'read'],
    mutationFn: (id: number) => sendJson('PATCH', `/api/admin/contact-submissions/${id}/read`),
    invalidates: () => [contactKeys.submissions()],
    success: () => 'Marked as read',
    failure: { fallback: 'Failed to mark as read', useServerMessage: false },
  });
}

export function useDeleteContactSubmission() {
  return useAdminMutation({
    mutationKey: ['admin', 'contact', 'delete'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/contact-submissions/${id}`),
    invalidates: () => [contactKeys.submissions()],
    success: () => 'Contact message deleted',
  });
}
