// Two server processes on one PostgreSQL behind one front (the load balancer, whose address is both
// instances' PUBLIC_URL): sessions, the local identity provider's sign-in state and keys, cache
// invalidation (LISTEN/NOTIFY) and rate limits are shared through the database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { spawnServer } from '../test/harness.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

type Instance = ReturnType<typeof spawnServer>;

async function startInstance(databaseUrl: string, publicUrl: string): Promise<Instance> {
  const instance = spawnServer({
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    RATE_LIMITS: 'on',
    RATE_LIMIT_CONTACT: '3/3600',
    ADMIN_EMAILS: 'admin@example.com',
  });
  await instance.ready;
  return instance;
}

/**
 * The load balancer: a proxy that passes each request on to its targets in turn (with one target, all to
 * it; with two, each to the other one than the request before). `served` records who answered what.
 */
async function startFront() {
  const front = {
    url: '',
    targets: [] as Instance[],
    served: [] as { target: Instance; method: string; path: string }[],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const target = front.targets[front.served.length % front.targets.length];
    front.served.push({ target, method: req.method!, path: req.url!.split('?')[0] });
    const { hostname, port } = new URL(target.url);
    const upstream = http.request(
      { hostname, port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => (res.headersSent ? res.destroy(err) : res.writeHead(502).end(String(err))));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  front.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return front;
}

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  const name = `rpc_atlas_instances_${randomBytes(6).toString('hex')}`;
  let admin: postgres.Sql;
  let front: Awaited<ReturnType<typeof startFront>>;
  let a: Instance;
  let b: Instance;
  let adminOnA: SignedIn;

  beforeAll(async () => {
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    front = await startFront();
    [a, b] = await Promise.all([startInstance(url.toString(), front.url), startInstance(url.toString(), front.url)]);
    front.targets = [a]; // the admin signs in on A alone
    adminOnA = await signIn({ url: front.url } as never, 'admin@example.com');
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), front?.close()]);
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  /** A request straight to one instance, as the site's page sends it (its Origin is PUBLIC_URL's), carrying that cookie. */
  const on = (instance: Instance, path: string, init: RequestInit = {}, cookie = adminOnA.cookie) => {
    const headers = new Headers(init.headers);
    headers.set('Cookie', cookie);
    headers.set('Origin', front.url);
    return fetch(instance.url + path, { ...init, headers, redirect: 'manual' });
  };
  const onB = (path: string, init: RequestInit = {}) => on(b, path, init);

  /** What `read` answers once `done` holds of it, or after `ms` (each instance hears of a write asynchronously). */
  async function within<T>(ms: number, read: () => Promise<T>, done: (value: T) => boolean) {
    const deadline = Date.now() + ms;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      value = await read();
    }
    return value;
  }

  it('accepts a session signed in on A at B', async () => {
    const res = await onB('/api/auth/user');
    expect(await res.json()).toMatchObject({ authenticated: true, email: 'admin@example.com', isAdmin: true });
  });

  it('shows a write made through A on B within a second (caches invalidated across processes)', async () => {
    const before = await (await fetch(`${b.url}/api/partner-links`)).json();
    expect(before).toEqual([]); // B has now cached the empty list
    const created = await on(a, '/api/admin/partner-links', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Seen on B', url: 'https://b.example', order: 0 }),
    });
    expect(created.status).toBe(201);
    const names = async () =>
      (await (await fetch(`${b.url}/api/partner-links`)).json()).map((l: { name: string }) => l.name) as string[];
    expect(await within(1000, names, (seen) => seen.includes('Seen on B'))).toContain('Seen on B');
  });

  it('writes through B are visible on A too', async () => {
    const res = await onB('/api/admin/homepage', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Written on B', introText: '', seoText: '' }),
    });
    expect(res.status).toBeLessThan(300);
    // A visitor on A may be answered with A's copy from before the write once, while its fresh one is made.
    const title = async () => (await (await fetch(`${a.url}/api/homepage`)).json()).title as string;
    expect(await within(1000, title, (seen) => seen === 'Written on B')).toBe('Written on B');
  });

  it('shares rate limits: the limit counts requests to both instances', async () => {
    const send = (base: string) =>
      fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: front.url },
        body: JSON.stringify({ name: 'N', email: 'n@example.com', subject: 'S', message: 'M' }),
      }).then((r) => r.status);
    const statuses = [await send(a.url), await send(b.url), await send(a.url), await send(b.url)];
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('finishes a sign-in on the other instance than the one that started it, whichever step it is', async () => {
    front.targets = [a, b];
    front.served = [];
    const user = await signIn({ url: front.url } as never, 'across@example.com');
    for (const instance of [a, b]) {
      expect(await (await on(instance, '/api/auth/user', {}, user.cookie)).json()).toMatchObject({
        authenticated: true,
        email: 'across@example.com',
      });
    }
    // The front alternated, so the provider's sign-in page came from one instance and its form went to the
    // other; grant's back-channel token and profile requests go to PUBLIC_URL, through the front too.
    const step = (method: string, path: RegExp) => front.served.find((s) => s.method === method && path.test(s.path))!;
    expect(step('GET', /^\/oidc\/interaction\//).target).not.toBe(step('POST', /^\/oidc\/interaction\//).target);
    expect(front.served.map((s) => s.path)).toEqual(expect.arrayContaining(['/oidc/token', '/oidc/me']));
  });
});
