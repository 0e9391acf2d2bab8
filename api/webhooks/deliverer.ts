// Webhook deliveries on the PostgreSQL queue (pg-boss, like the prober's probes). A trigger writes one delivery row
// per (webhook, change) in the transaction that logs the change (00021_webhooks.sql); every instance's deliverer,
// every tick, turns pending rows into one pg-boss job each in one transaction (the rows are claimed with SKIP LOCKED,
// so two instances never queue the same one), and takes jobs from the shared queue. An attempt is recorded and its
// job completed or failed in one transaction; pg-boss retries a failed one with exponential backoff. While no
// delivery is open the deliverer only asks the database whether one is, and starts its queue on the first.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { outageWatchOf, unreachableDatabase } from '../db/outage.ts';
import { openQueue, pgBossTx } from '../health/queue.ts';
import { checkedAddress, checkedLookup } from '../health/ssrf.ts';
import { presentChange } from '../health/presenter.ts';
import { findChange } from '../../sql/queries/changes.ts';
import {
  abandonStaleDeliveries,
  claimPendingDeliveries,
  findDeliveryTarget,
  hasOpenDeliveries,
  recordAttempt,
} from '../../sql/queries/webhooks.ts';
import { DELIVERY_HEADER, SIGNATURE_HEADER } from '../../contract/webhooks.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** A receiver has this long to answer; its answer's body is read up to MAX_ANSWER_BYTES and dropped. */
export const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

const DEFAULTS = {
  /** How often each instance queues pending deliveries and looks for jobs. */
  tickMs: 2_000,
  /** Deliveries in flight per instance. */
  concurrency: 10,
  /** Retries after the first attempt; with the backoff below, the last comes 10–20 minutes after the first. */
  retryLimit: 6,
  /** The first retry waits 1–2 × this, each next one twice as long (pg-boss's retryBackoff). */
  retryDelaySeconds: 10,
  /** Past this a job counts as lost (its worker died) and is retried. */
  expireInSeconds: 60,
  maintenanceIntervalSeconds: 60,
  /** Pending rows queued per transaction. */
  claimLimit: 500,
  /** A receiver has this long to answer. */
  timeoutMs: DELIVERY_TIMEOUT_MS,
};

export type DelivererOptions = {
  db: Database;
  config: Config;
  log: Logger;
  queue?: Partial<typeof DEFAULTS>;
  /** pg-boss's schema (tests keep theirs apart). */
  schema?: string;
};
export type Deliverer = { stop: () => Promise<void> };

/** `sha256=` and the hex HMAC-SHA256 of the exact body with the webhook's secret. */
export const signature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * POSTs a body to a webhook under the prober's address rules (resolved once, every answer checked, the connection
 * made to the checked address), with a timeout and no redirects followed; answers the HTTP status, or rejects with
 * a message fit for the delivery's record.
 */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  { allowPrivate, timeoutMs = DELIVERY_TIMEOUT_MS }: { allowPrivate: boolean; timeoutMs?: number },
): Promise<number> {
  const url = new URL(rawUrl);
  const target = await checkedAddress(url.hostname, allowPrivate);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      lookup: checkedLookup(target),
      agent: false,
      servername: url.hostname.replace(/^\[.*\]$/, '') || undefined,
    });
    let settled = false;
    const finish = (err: Error | null, status?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      if (err) reject(err);
      else resolve(status!);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish(new Error(err.code ?? err.message)));
    req.on('response', (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) finish(null, res.statusCode ?? 0);
      });
      res.on('error', () => finish(null, res.statusCode ?? 0));
      res.on('end', () => finish(null, res.statusCode ?? 0));
    });
    req.end(body);
  });
}

type DeliveryJob = PgBoss.JobWithMetadata<{ deliveryId: number }>;

export async function startWebhookDeliverer({
  db,
  config,
  log,
  queue = {},
  schema = 'pgboss',
}: DelivererOptions): Promise<Deliverer> {
  const q = { ...DEFAULTS, ...queue };
  const sql = db.sql;
  const allowPrivate = config.probes.allowPrivate;
  // Failures of background work; the database unreachable is logged once per outage, with the requests that met it.
  const failed =
    (msg: string, level: 'error' | 'warn' = 'error', fields: Record<string, number> = {}) =>
    (err: unknown) => {
      const unreachable = unreachableDatabase(err);
      if (unreachable) outageWatchOf(sql, log).met(unreachable, { task: msg, ...fields });
      else log[level]({ err, ...fields }, msg);
    };
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;

  async function startQueue() {
    boss = await openQueue(
      sql,
      { schema, maintenanceIntervalSeconds: q.maintenanceIntervalSeconds, onError: failed('webhook queue error') },
      {
        name: WEBHOOK_QUEUE,
        retryLimit: q.retryLimit,
        retryDelay: q.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: q.expireInSeconds,
      },
    );
    return boss;
  }
  const queueStarted = () => (starting ??= startQueue().catch((err) => ((starting = undefined), Promise.reject(err))));

  async function deliver(b: PgBoss, job: DeliveryJob) {
    const { deliveryId } = job.data;
    // No lock is held while the POST takes its time: the attempt is recorded in a transaction of its own.
    const target = await findDeliveryTarget(sql, deliveryId);
    const change = target && (await findChange(sql, target.changeId));
    if (!target || !change || target.state === 'delivered' || target.state === 'failed') {
      // Its webhook was deleted (the row went with it) or it was settled already: nothing to send.
      await b.complete(WEBHOOK_QUEUE, job.id);
      return;
    }
    const body = JSON.stringify(presentChange(change));
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await postWebhook(
        target.url,
        body,
        {
          'user-agent': `${PRODUCT_NAME} webhooks`,
          [SIGNATURE_HEADER]: signature(target.secret, body),
          [DELIVERY_HEADER]: String(deliveryId),
        },
        { allowPrivate, timeoutMs: q.timeoutMs },
      );
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
    } catch (err) {
      error = (err as Error).message;
    }
    const lastTry = job.retryCount >= job.retryLimit;
    await sql.begin(async (tx) => {
      await recordAttempt(tx, deliveryId, {
        state: error === null ? 'delivered' : lastTry ? 'failed' : 'queued',
        statusCode,
        error,
      });
      if (error === null) await b.complete(WEBHOOK_QUEUE, job.id, {}, { db: pgBossTx(tx) });
      else await b.fail(WEBHOOK_QUEUE, job.id, { message: error }, { db: pgBossTx(tx) });
    });
  }

  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  /** True when it took jobs. */
  async function tick(): Promise<boolean> {
    if (!(await hasOpenDeliveries(sql))) return false;
    const b = boss ?? (await queueStarted());
    // Pending deliveries become jobs: the rows marked queued and their jobs inserted in one transaction.
    for (;;) {
      const queued = await sql.begin(async (tx) => {
        const ids = await claimPendingDeliveries(tx, q.claimLimit);
        if (ids.length) {
          await b.insert(
            ids.map((id) => ({ name: WEBHOOK_QUEUE, data: { deliveryId: id } })),
            { db: pgBossTx(tx) },
          );
        }
        return ids.length;
      });
      if (queued < q.claimLimit) break;
    }
    await abandonStaleDeliveries(sql);
    // All slots taken: the next fetch waits for one to free.
    if (inFlight.size >= q.concurrency) await Promise.race(inFlight);
    if (stopped) return false;
    const jobs = (await b.fetch<{ deliveryId: number }>(WEBHOOK_QUEUE, {
      batchSize: q.concurrency - inFlight.size,
      includeMetadata: true,
    })) as DeliveryJob[];
    for (const job of jobs) {
      const running: Promise<void> = deliver(b, job)
        .catch(failed('webhook delivery not recorded', 'warn', { deliveryId: job.data.deliveryId }))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    return jobs.length > 0;
  }

  // A tick that found jobs is followed at once by the next (a backlog drains at the receivers' pace), an idle one
  // after tickMs.
  const loop = (delayMs: number) => {
    timer = setTimeout(async () => {
      const busy = await tick().catch((err) => (failed('webhook deliveries failed')(err), false));
      if (!stopped) loop(busy ? 0 : q.tickMs * (0.9 + Math.random() * 0.2));
    }, delayMs);
  };
  loop(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // An attempt cut short stays active in the queue and is retried after its expiry.
      await Promise.race([Promise.allSettled(inFlight), new Promise((r) => setTimeout(r, q.timeoutMs))]);
      const b = boss ?? (await starting?.catch(() => undefined));
      await b?.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
