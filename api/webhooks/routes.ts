// The admin's webhooks: register a URL (its secret answered once), list them with their latest deliveries, delete
// one. A URL must reach a public address by the prober's rules (PROBE_ALLOW_PRIVATE lifts them, as for probes).
import { randomBytes } from 'node:crypto';
import { createRouter } from '../context.ts';
import { HttpError } from '../middleware/errors.ts';
import { validate } from '../middleware/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { idParams } from '../lib/params.ts';
import { inTransaction } from '../lib/write.ts';
import { AddressError, checkedAddress } from '../health/ssrf.ts';
import {
  deleteWebhook,
  insertWebhook,
  listWebhooks,
  recentDeliveries,
  type DeliveryRow,
} from '../../sql/queries/webhooks.ts';
import {
  webhookCreateSchema,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
} from '../../contract/webhooks.ts';
import type { HealthStatus } from '../../contract/health.ts';

/** Deliveries listed per webhook. */
export const RECENT_DELIVERIES = 10;

const presentDelivery = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  change: {
    id: d.changeId,
    kind: d.changeKind,
    url: d.changeUrl,
    from: d.statusFrom as HealthStatus | null,
    to: d.statusTo as HealthStatus | null,
  },
  state: d.state,
  attempts: d.attempts,
  statusCode: d.statusCode,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  attemptedAt: d.attemptedAt?.toISOString() ?? null,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

export function adminWebhookRoutes() {
  const router = createRouter('/api/admin/webhooks');

  router.get('/', requireAdmin, async (ctx) => {
    const [webhooks, deliveries] = await Promise.all([
      listWebhooks(ctx.sql),
      recentDeliveries(ctx.sql, RECENT_DELIVERIES),
    ]);
    ctx.body = webhooks.map((w) => ({
      id: w.id,
      url: w.url,
      createdAt: w.createdAt.toISOString(),
      deliveries: deliveries.filter((d) => d.webhookId === w.id).map(presentDelivery),
    })) satisfies Webhook[];
  });

  router.post('/', requireAdmin, validate({ body: webhookCreateSchema }), async (ctx) => {
    const { url } = ctx.valid.body;
    try {
      await checkedAddress(new URL(url).hostname, ctx.config.probes.allowPrivate);
    } catch (err) {
      if (!(err instanceof AddressError)) throw err;
      throw new HttpError(
        400,
        err.kind === 'dns'
          ? `url: The webhook's host does not resolve (${err.message})`
          : `url: A webhook must reach a public address: ${err.message}`,
      );
    }
    const secret = randomBytes(32).toString('hex');
    const webhook = await inTransaction(ctx, (tx) => insertWebhook(tx, url, secret));
    ctx.status = 201;
    ctx.body = { id: webhook.id, url: webhook.url, secret } satisfies WebhookCreated;
  });

  router.delete('/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    if (!(await inTransaction(ctx, (tx) => deleteWebhook(tx, id)))) throw new HttpError(404, 'Webhook not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}
