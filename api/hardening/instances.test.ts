// Two server processes on one PostgreSQL, behind nothing but different ports: sessions, cache
// invalidation (LISTEN/NOTIFY) and rate limits are shared through the database.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { spawnServer } from '../test/harness.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

type Instance = ReturnType<typeof spawnServer>;

async function startInstance(databaseUrl: string): Promise<Instance> {
  const instance = spawnServer({
    DATABASE_URL: databaseUrl, RATE_LIMITS: 'on', RATE_LIMIT_CONTACT: '3/3600', ADMIN_EMAILS: 'admin@example.com',
  });
  await instance.ready;
  return instance;
}

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  const name = `rpc_atlas_instances_${randomBytes(6).toString('hex')}`;
  let admin: postgres.Sql;
  let a: Instance;
  let b: Instance;
  let adminOnA: SignedIn;

  beforeAll(async () => {
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    [a, b] = await Promise.all([startInstance(url.toString()), startInstance(url.toString())]);
    adminOnA = await signIn({ url: a.url } as never, 'admin@example.com');
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  /** A request to B carrying the session cookie that A issued (cookies ignore ports, as browsers do). */
  const onB = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Cookie', adminOnA.cookie);
    headers.set('Origin', b.url);
    return fetch(b.url + path, { ...init, headers, redirect: 'manual' });
  };

  it('accepts a session signed in on A at B', async () => {
    const res = await onB('/api/auth/user');
    expect(await res.json()).toMatchObject({ authenticated: true, email: 'admin@example.com', isAdmin: true });
  });

  it('shows a write made through A on B within a second (caches invalidated across processes)', async () => {
    const before = await (await fetch(`${b.url}/api/partner-links`)).json();
    expect(before).toEqual([]); // B has now cached the empty list
    const created = await adminOnA.json('POST', '/api/admin/partner-links', { name: 'Seen on B', url: 'https://b.example', order: 0 });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 1000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      names = (await (await fetch(`${b.url}/api/partner-links`)).json()).map((l: { name: string }) => l.name);
      if (names.includes('Seen on B')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(names).toContain('Seen on B');
  });

  it('writes through B are visible on A too', async () => {
    const res = await onB('/api/admin/homepage', {
      method: 'PUT', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Written on B', introText: '', seoText: '' }),
    });
    expect(res.status).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 300));
    expect((await (await fetch(`${a.url}/api/homepage`)).json()).title).toBe('Written on B');
  });

  it('shares rate limits: the limit counts requests to both instances', async () => {
    const send = (base: string) => fetch(`${base}/api/contact`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ name: 'N', email: 'n@example.com', subject: 'S', message: 'M' }),
    }).then((r) => r.status);
    const statuses = [await send(a.url), await send(b.url), await send(a.url), await send(b.url)];
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
