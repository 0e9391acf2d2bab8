// Webhooks (admin): URLs sent every change-log entry as a signed POST. The body of a delivery is one item of
// GET /api/changes (changeSchema in health.ts); its header X-Atlas-Signature is `sha256=` and the hex HMAC-SHA256 of
// the exact body with the webhook's secret.
import { z } from 'zod';
import { httpUrl } from './fields.ts';
import { changeSchema } from './health.ts';

export const SIGNATURE_HEADER = 'X-Atlas-Signature';
/** The delivery's id: the same on every attempt of one delivery, so a receiver can drop a repeat. */
export const DELIVERY_HEADER = 'X-Atlas-Delivery';

/** POST /api/admin/webhooks. */
export const webhookCreateSchema = z.object({ url: httpUrl('Webhook URL') });
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

/** Its answer: the only time the secret is shown. */
export const webhookCreatedSchema = z.object({ id: z.number().int(), url: z.string(), secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const DELIVERY_STATES = ['pending', 'queued', 'delivered', 'failed'] as const;

/**
 * One change sent to one webhook: `pending` (not yet queued), `queued` (waiting for its first attempt or a retry),
 * `delivered` (a 2xx answer), `failed` (no retry left).
 */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The change sent: which, what and to which endpoint (the body is the whole entry). */
  change: changeSchema.pick({ id: true, kind: true, from: true, to: true }).extend({ url: z.string() }),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  attemptedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/admin/webhooks: each webhook (never its secret) with its latest deliveries, newest first. */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
  deliveries: z.array(webhookDeliverySchema),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);
