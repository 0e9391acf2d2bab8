// Webhooks end to end on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): an admin registers a real
// receiver on loopback, changes made through the admin API reach it signed, from pg-boss jobs; a failing receiver is
// retried with backoff, a redirect is not followed, a silent one times out; deleting a webhook stops its deliveries;
// two deliverers on one database send each change once per webhook; addresses inside are refused.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { signInAdmin } from '../admin/test-support.ts';
import { changePageSchema } from '../../contract/health.ts';
import { webhookListSchema, type WebhookDelivery } from '../../contract/webhooks.ts';
import { postWebhook, startWebhookDeliverer, type Deliverer, type DelivererOptions } from './deliverer.ts';

type Received = { body: string; headers: http.IncomingHttpHeaders; at: number };
type Receiver = { url: string; received: Received[]; close: () => Promise<void> };

/** A webhook receiver on loopback: answers each POST with the next status of `statuses` (the last one repeats). */
async function startReceiver(
  statuses: number[] = [200],
  { headers = {}, silent = false }: { headers?: Record<string, string>; silent?: boolean } = {},
): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, at: performance.now() });
    if (silent) return;
    res.writeHead(statuses[Math.min(received.length, statuses.length) - 1], headers).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  receivers.push(receiver);
  return receiver;
}

const receivers: Receiver[] = [];
const deliverers: Deliverer[] = [];
let t: TestServer;
let admin: SignedIn;
let chainId: number;
let endpointCount = 0;

const startDeliverer = async (queue: DelivererOptions['queue'] = {}) => {
  const d = await startWebhookDeliverer({
    db: t.db,
    config: t.config,
    log: pino({ level: 'silent' }),
    schema: 'pgboss_webhooks_test',
    queue: { tickMs: 200, retryDelaySeconds: 1, retryLimit: 2, timeoutMs: 1_000, ...queue },
  });
  deliverers.push(d);
  return d;
};

beforeAll(async () => {
  t = await startTestServer({ PROBE_ALLOW_PRIVATE: '1' });
  admin = await signInAdmin(t);
  [{ id: chainId }] = await t.sql<{ id: number }[]>`SELECT id FROM chains ORDER BY id LIMIT 1`;
  await startDeliverer();
});
afterEach(async () => {
  for (const w of webhookListSchema.parse((await admin.json('GET', '/api/admin/webhooks')).body)) {
    await admin.json('DELETE', `/api/admin/webhooks/${w.id}`);
  }
});
afterAll(async () => {
  await Promise.all(deliverers.map((d) => d.stop()));
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

const register = async (url: string) => {
  const res = await admin.json('POST', '/api/admin/webhooks', { url });
  expect(res.status).toBe(201);
  return res.body as { id: number; url: string; secret: string };
};
/** One change-log entry: an endpoint added through the admin API; answers the entry's id. */
const makeChange = async () => {
  const res = await admin.json('POST', '/api/admin/endpoints', {
    chainId,
    url: `https://hook-test-${++endpointCount}.example/`,
  });
  expect(res.status).toBe(201);
  const [{ id }] = await t.sql<{ id: number }[]>`
    SELECT id::float8 AS id FROM endpoint_changes WHERE endpoint_id = ${res.body.id as number} AND kind = 'added'`;
  return id;
};
const deliveriesOf = async (webhookId: number): Promise<WebhookDelivery[]> => {
  const res = await admin.json('GET', '/api/admin/webhooks');
  expect(res.status).toBe(200);
  return webhookListSchema.parse(res.body).find((w) => w.id === webhookId)?.deliveries ?? [];
};
async function until<T>(check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const hmac = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('webhooks', () => {
  it('POSTs each change, as GET /api/changes lists it, signed with the secret shown once', async () => {
    const receiver = await startReceiver();
    const hook = await register(receiver.url);
    expect(hook).toEqual({
      id: expect.any(Number),
      url: receiver.url,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The list never shows a secret.
    const listed = await admin.json('GET', '/api/admin/webhooks');
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);

    const changeId = await makeChange();
    await until(async () => receiver.received.length === 1);
    const [{ body, headers }] = receiver.received;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-atlas-signature']).toBe(hmac(hook.secret, body));
    const { items } = changePageSchema.parse((await t.get(`/api/changes?before=${changeId + 1}&limit=1`)).body);
    expect(JSON.parse(body)).toEqual(items[0]);
    expect(items[0]).toMatchObject({ id: changeId, kind: 'added' });

    const [delivery] = await until(async () => {
      const d = await deliveriesOf(hook.id);
      return d[0]?.state === 'delivered' && d;
    });
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, statusCode: 200, lastError: null });
    expect(delivery.change).toEqual({ id: changeId, kind: 'added', url: items[0].endpoint.url, from: null, to: null });
    expect(headers['x-atlas-delivery']).toBe(String(delivery.id));
    expect(Date.parse(delivery.deliveredAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Sent once: no further request came.
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a receiver that answers 500, and records both attempts', async () => {
    const receiver = await startReceiver([500, 200]);
    const hook = await register(receiver.url);
    const changeId = await makeChange();
    const [delivery] = await until(async () => {
      const d = await deliveriesOf(hook.id);
      return d[0]?.state === 'delivered' && d;
    });
    expect(delivery).toMatchObject({ change: { id: changeId }, state: 'delivered', attempts: 2, statusCode: 200 });
    expect(delivery.lastError).toBeNull();
    expect(receiver.received).toHaveLength(2);
    // The same body, the same signature, the same delivery id on the retry.
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    expect(receiver.received[1].headers['x-atlas-signature']).toBe(receiver.received[0].headers['x-atlas-signature']);
    expect(receiver.received[1].headers['x-atlas-delivery']).toBe(String(delivery.id));
    // After the retry delay (1–2 s for a first retry with this deliverer's 1 s delay and backoff).
    expect(receiver.received[1].at - receiver.received[0].at).toBeGreaterThan(900);
  });

  it('follows no redirect, gives up after its retries and says why', async () => {
    const elsewhere = await startReceiver();
    const redirecting = await startReceiver([302], { headers: { location: elsewhere.url } });
    const hook = await register(redirecting.url);
    await makeChange();
    const [delivery] = await until(async () => {
      const d = await deliveriesOf(hook.id);
      return d[0]?.state === 'failed' && d;
    });
    // The first attempt and two retries (the test deliverer's retryLimit).
    expect(delivery).toMatchObject({ state: 'failed', attempts: 3, statusCode: 302, lastError: 'HTTP 302' });
    expect(delivery.deliveredAt).toBeNull();
    expect(redirecting.received).toHaveLength(3);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('records a receiver that does not answer in time', async () => {
    const silent = await startReceiver([200], { silent: true });
    const hook = await register(silent.url);
    await makeChange();
    const [delivery] = await until(async () => {
      const d = await deliveriesOf(hook.id);
      return d[0]?.attempts > 0 && d;
    });
    expect(delivery).toMatchObject({ statusCode: null, lastError: 'no answer within 1 s' });
  });

  it('stops delivering to a deleted webhook', async () => {
    const receiver = await startReceiver();
    const hook = await register(receiver.url);
    await makeChange();
    await until(async () => receiver.received.length === 1);
    expect((await admin.json('DELETE', `/api/admin/webhooks/${hook.id}`)).body).toEqual({ id: hook.id, deleted: true });
    expect((await admin.json('DELETE', `/api/admin/webhooks/${hook.id}`)).status).toBe(404);
    await makeChange();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received).toHaveLength(1);
    const [{ n }] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ${hook.id}`;
    expect(n).toBe(0);
  });

  it('with two deliverers on one database, sends every change exactly once to each webhook', async () => {
    const second = await startDeliverer();
    const a = await startReceiver();
    const b = await startReceiver();
    await register(a.url);
    await register(b.url);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await makeChange());
    await until(async () => a.received.length >= 12 && b.received.length >= 12);
    await new Promise((r) => setTimeout(r, 1_000));
    for (const r of [a, b]) {
      const sent = r.received.map((x) => (JSON.parse(x.body) as { id: number }).id).sort((x, y) => x - y);
      expect(sent).toEqual(ids);
    }
    await second.stop();
    deliverers.splice(deliverers.indexOf(second), 1);
  });
});

describe('registering a webhook', () => {
  let strict: TestServer;
  let strictAdmin: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    strict = await startTestServer();
    strictAdmin = await signInAdmin(strict);
    member = await signIn(strict, 'member@example.com');
  });
  afterAll(async () => {
    await strict.close();
  });

  it("refuses an address inside (the prober's rules) with a clear 400", async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://169.254.169.254/latest',
      'https://[::1]/',
      'http://10.1.2.3/',
    ]) {
      const res = await strictAdmin.json('POST', '/api/admin/webhooks', { url });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/^url: A webhook must reach a public address: .* which is not public$/);
    }
    const [{ n }] = await strict.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM webhooks`;
    expect(n).toBe(0);
  });

  it('checks its input', async () => {
    const ftp = await strictAdmin.json('POST', '/api/admin/webhooks', { url: 'ftp://example.com/' });
    expect(ftp).toMatchObject({
      status: 400,
      body: { message: 'url: Webhook URL must be an http:// or https:// URL' },
    });
    expect((await strictAdmin.json('POST', '/api/admin/webhooks', {})).status).toBe(400);
    expect((await strictAdmin.json('DELETE', '/api/admin/webhooks/999999')).status).toBe(404);
  });

  it('is checked again at each attempt: an address inside is not connected to', async () => {
    const receiver = await startReceiver();
    await expect(postWebhook(receiver.url, '{}', {}, { allowPrivate: false })).rejects.toThrow(
      '127.0.0.1 resolves to 127.0.0.1, which is not public',
    );
    expect(receiver.received).toHaveLength(0);
    expect(await postWebhook(receiver.url, '{}', {}, { allowPrivate: true })).toBe(200);
  });

  it('is for admins only', async () => {
    expect((await member.json('POST', '/api/admin/webhooks', { url: 'https://example.com/' })).status).toBe(403);
    expect((await member.json('GET', '/api/admin/webhooks')).status).toBe(403);
    const signedOut = await strict.request('/api/admin/webhooks');
    expect(signedOut.status).toBe(401);
  });

  it('refuses a cross-site write', async () => {
    const res = await strict.request('/api/admin/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: strictAdmin.cookie },
      body: JSON.stringify({ url: 'https://example.com/' }),
    });
    expect(res.status).toBe(403);
  });

  it('is described in the OpenAPI document as a webhook', async () => {
    const doc = (await strict.get('/api/openapi.json')).body as { webhooks: Record<string, unknown> };
    expect(doc.webhooks.endpointChange).toMatchObject({
      post: { parameters: expect.arrayContaining([expect.objectContaining({ name: 'X-Atlas-Signature' })]) },
    });
  });
});
