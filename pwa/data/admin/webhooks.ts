// Admin side of webhooks (the Chains tab's Health checks): the list with each webhook's latest deliveries, add one
// (its secret is in the answer, the only time it is shown) and remove one.
import { queryOptions } from '@tanstack/react-query';
import {
  webhookCreatedSchema,
  webhookListSchema,
  type Webhook,
  type WebhookCreateInput,
} from '../../../contract/webhooks.ts';
import { getJson } from '../../lib/api.ts';
import { adminRoot, sendJson, useAdminMutation } from './mutation.ts';

const webhooksKey = [...adminRoot, 'webhooks'] as const;

/** How often the list is read again: soon while a delivery is on its way, else now and then for new ones. */
const REFRESH_OPEN_MS = 2_000;
const REFRESH_IDLE_MS = 10_000;
const hasOpenDelivery = (webhooks: Webhook[] | undefined) =>
  Boolean(webhooks?.some((w) => w.deliveries.some((d) => d.state === 'pending' || d.state === 'queued')));

export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhooksKey,
    queryFn: () => getJson('/api/admin/webhooks', webhookListSchema),
    refetchInterval: (query) => (hasOpenDelivery(query.state.data) ? REFRESH_OPEN_MS : REFRESH_IDLE_MS),
  });

export function useAddWebhook() {
  return useAdminMutation({
    mutationKey: ['admin', 'webhooks', 'add'],
    mutationFn: async (input: WebhookCreateInput) =>
      webhookCreatedSchema.parse(await sendJson('POST', '/api/admin/webhooks', input)),
    invalidates: () => [webhooksKey],
    success: () => 'Webhook added',
  });
}

export function useDeleteWebhook() {
  return useAdminMutation({
    mutationKey: ['admin', 'webhooks', 'delete'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/webhooks/${id}`),
    invalidates: () => [webhooksKey],
    success: () => 'Webhook removed',
  });
}
