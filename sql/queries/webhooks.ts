// Webhooks and their deliveries (00021_webhooks.sql): a delivery row per (webhook, change) is written by a trigger
// as the change is logged; the deliverer (api/webhooks/deliverer.ts) queues, sends and records them.
import type { Queryable } from '../db-types.ts';

export type WebhookRow = { id: number; url: string; createdAt: Date };

export type DeliveryState = 'pending' | 'queued' | 'delivered' | 'failed';

export type DeliveryRow = {
  id: number;
  webhookId: number;
  changeId: number;
  changeKind: 'status' | 'added' | 'removed';
  changeUrl: string;
  statusFrom: string | null;
  statusTo: string | null;
  state: DeliveryState;
  attempts: number;
  statusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  attemptedAt: Date | null;
  deliveredAt: Date | null;
};

export async function insertWebhook(sql: Queryable, url: string, secret: string) {
  const [row] = await sql<WebhookRow[]>`
    INSERT INTO webhooks (url, secret) VALUES (${url}, ${secret}) RETURNING id, url, created_at`;
  return row;
}

/** True when the webhook existed (its deliveries go with it). */
export async function deleteWebhook(sql: Queryable, id: number) {
  return (await sql`DELETE FROM webhooks WHERE id = ${id}`).count > 0;
}

/** Every webhook, oldest first (never its secret). */
export function listWebhooks(sql: Queryable) {
  return sql<WebhookRow[]>`SELECT id, url, created_at FROM webhooks ORDER BY id`;
}

/** Each webhook's latest `perWebhook` deliveries, newest first, with what their change was. */
export function recentDeliveries(sql: Queryable, perWebhook: number) {
  return sql<DeliveryRow[]>`
    SELECT d.id::float8 AS id, d.webhook_id, d.change_id::float8 AS change_id, ch.kind AS change_kind,
      ch.url AS change_url, ch.status_from, ch.status_to, d.state, d.attempts, d.status_code, d.last_error,
      d.created_at, d.attempted_at, d.delivered_at
    FROM webhooks w CROSS JOIN LATERAL (
      SELECT * FROM webhook_deliveries WHERE webhook_id = w.id ORDER BY id DESC LIMIT ${perWebhook}
    ) d
    JOIN endpoint_changes ch ON ch.id = d.change_id
    ORDER BY d.webhook_id, d.id DESC`;
}

/** Whether any delivery waits to be queued or sent (the deliverer stays idle, its queue unstarted, while none does). */
export async function hasOpenDeliveries(sql: Queryable) {
  const [row] = await sql<{ open: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE state IN ('pending', 'queued')) AS open`;
  return row.open;
}

/**
 * Marks up to `limit` pending deliveries queued and answers their ids, oldest first; rows another transaction holds
 * are skipped (run it in the transaction that queues their jobs).
 */
export async function claimPendingDeliveries(tx: Queryable, limit: number) {
  const rows = await tx<{ id: number }[]>`
    UPDATE webhook_deliveries SET state = 'queued'
    WHERE id IN (
      SELECT id FROM webhook_deliveries WHERE state = 'pending' ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    RETURNING id::float8 AS id`;
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export type DeliveryTarget = { id: number; state: DeliveryState; changeId: number; url: string; secret: string };

/** A delivery with its webhook's address and secret; none when it is gone (its webhook deleted). */
export async function findDeliveryTarget(sql: Queryable, id: number) {
  const [row] = await sql<DeliveryTarget[]>`
    SELECT d.id::float8 AS id, d.state, d.change_id::float8 AS change_id, w.url, w.secret
    FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.id = ${id}`;
  return row as DeliveryTarget | undefined;
}

/** One attempt's outcome: delivered (a 2xx), failed for good (no retry left), or still queued for a retry. */
export async function recordAttempt(
  tx: Queryable,
  id: number,
  outcome: { state: 'queued' | 'delivered' | 'failed'; statusCode: number | null; error: string | null },
) {
  await tx`
    UPDATE webhook_deliveries SET
      state = ${outcome.state},
      attempts = attempts + 1,
      status_code = ${outcome.statusCode},
      last_error = ${outcome.error},
      attempted_at = now(),
      delivered_at = CASE WHEN ${outcome.state}::text = 'delivered' THEN now() END
    WHERE id = ${id}`;
}

/**
 * Deliveries queued an hour without an attempt are failed: their job was lost for good (its last retry's worker
 * died), and an open delivery keeps every deliverer polling.
 */
export async function abandonStaleDeliveries(sql: Queryable) {
  await sql`
    UPDATE webhook_deliveries SET state = 'failed', last_error = coalesce(last_error, 'no attempt was made')
    WHERE state = 'queued' AND coalesce(attempted_at, created_at) < now() - interval '1 hour'`;
}
