// The local identity provider behind a load balancer: two apps on one database, in this process (the
// embedded database has one connection, so a second process could not share it; instances.test.ts runs
// two real processes on PostgreSQL), and what it says about itself whatever Host a request names.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';
import { postgresAdapter } from './adapter.ts';

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
  await db.dropCopy();
});

/**
 * Two apps on the one database behind a front that hands each request to the other app than the one
 * before (both know the front's address as PUBLIC_URL); `served` records which app answered what.
 */
async function twoAppsBehindOneFront() {
  const front = http.createServer();
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const config = loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off', PUBLIC_URL: url, LOG_LEVEL: 'silent' });
  const apps = ['A', 'B'].map((name) => ({
    name,
    handle: createApp({ db, config, log: pino({ level: 'silent' }) }).callback(),
  }));
  const served: { app: string; method: string; path: string }[] = [];
  front.on('request', (req, res) => {
    const app = apps[served.length % 2];
    served.push({ app: app.name, method: req.method!, path: req.url!.split('?')[0] });
    app.handle(req, res);
  });
  return {
    url,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        front.closeAllConnections();
        front.close(() => resolve());
      }),
  };
}

describe('two apps on one database', () => {
  it('a sign-in started on one finishes on the other, every step answered by the other app than the step before', async () => {
    const front = await twoAppsBehindOneFront();
    try {
      const user = await signIn({ url: front.url } as never, 'across@example.com');
      const me = await (await user.fetch('/api/auth/user')).json();
      expect(me).toMatchObject({ authenticated: true, email: 'across@example.com' });
      // The provider's own steps came to both apps: its sign-in page from one, the form posted to the other.
      const page = front.served.find((s) => s.method === 'GET' && s.path.startsWith('/oidc/interaction/'))!;
      const form = front.served.find((s) => s.method === 'POST' && s.path.startsWith('/oidc/interaction/'))!;
      expect(page.app).not.toBe(form.app);
      expect(front.served.filter((s) => s.path === '/oidc/token' || s.path === '/oidc/me')).toHaveLength(2);
    } finally {
      await front.close();
    }
  });

  it('publishes one signing key, made once though both apps start together on a database without one', async () => {
    await db.sql`DELETE FROM app_secrets WHERE name = 'local_oidc_signing_key'`;
    const front = await twoAppsBehindOneFront();
    try {
      const [first, second] = await Promise.all(
        [1, 2].map(() => fetch(`${front.url}/oidc/jwks`).then((r) => r.json())),
      );
      expect(new Set(front.served.map((s) => s.app))).toEqual(new Set(['A', 'B']));
      expect(first.keys).toHaveLength(1);
      expect(second).toEqual(first);
      expect(first.keys[0]).not.toHaveProperty('d'); // the public half only
      const rows = await db.sql`SELECT value FROM app_secrets WHERE name = 'local_oidc_signing_key'`;
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0].value)).toMatchObject({ kid: first.keys[0].kid, x: first.keys[0].x });
    } finally {
      await front.close();
    }
  });
});

/** A raw GET (fetch may not set Host) with the given headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('the discovery document', () => {
  it("names only PUBLIC_URL's origin whatever Host and X-Forwarded-* say, and may be cached", async () => {
    const front = await twoAppsBehindOneFront();
    try {
      for (const headers of <Record<string, string>[]>[
        { Host: 'evil.example' },
        { Host: 'evil.example', 'X-Forwarded-Host': 'evil2.example', 'X-Forwarded-Proto': 'https' },
      ]) {
        const res = await rawGet(`${front.url}/oidc/.well-known/openid-configuration`, headers);
        expect(res.status).toBe(200);
        const doc = JSON.parse(res.body) as Record<string, unknown>;
        const urls = Object.values(doc).filter((v): v is string => typeof v === 'string' && /^https?:/.test(v));
        expect(urls.length).toBeGreaterThanOrEqual(5); // issuer, authorization, token, userinfo, jwks
        expect(new Set(urls.map((u) => new URL(u).origin))).toEqual(new Set([front.url]));
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
      }
    } finally {
      await front.close();
    }
  });
});

describe('the stored provider state (adapter)', () => {
  const Session = () => postgresAdapter(db.sql)('Session');
  const AccessToken = () => postgresAdapter(db.sql)('AccessToken');

  it('finds a row by id and by uid until it expires; an expired row is deleted when the next sign-in starts', async () => {
    await Session().upsert('s1', { uid: 'u1', accountId: 'a@example.com', kind: 'Session' } as never, 60);
    expect(await Session().find('s1')).toMatchObject({ uid: 'u1', accountId: 'a@example.com' });
    expect(await Session().findByUid('u1')).toMatchObject({ accountId: 'a@example.com' });
    expect(await postgresAdapter(db.sql)('Grant').find('s1')).toBeUndefined(); // ids are per model

    await db.sql`UPDATE oidc_payloads SET expires_at = now() - interval '1 second' WHERE id = 's1'`;
    expect(await Session().find('s1')).toBeUndefined();
    expect(await Session().findByUid('u1')).toBeUndefined();
    await postgresAdapter(db.sql)('Interaction').upsert('i1', { kind: 'Interaction' } as never, 60);
    expect(await db.sql`SELECT id FROM oidc_payloads WHERE id = 's1'`).toHaveLength(0);
  });

  it("marks a consumed row, keeps payload keys as written, destroys a row and revokes a grant's tokens of one model", async () => {
    const payload = {
      grantId: 'g1',
      client_id: 'rpc-atlas',
      claims: { id_token: { email_verified: null } },
      kind: 'AccessToken',
    };
    await AccessToken().upsert('t1', payload as never, 60);
    await AccessToken().upsert('t2', payload as never, 60);
    await postgresAdapter(db.sql)('RefreshToken').upsert('t3', payload as never, 60);
    expect(await AccessToken().find('t1')).toEqual(payload);

    await AccessToken().consume('t1');
    const consumed = (await AccessToken().find('t1'))!.consumed as number;
    expect(Math.abs(consumed - Date.now() / 1000)).toBeLessThan(60);

    await AccessToken().destroy('t2');
    expect(await AccessToken().find('t2')).toBeUndefined();
    await AccessToken().revokeByGrantId('g1');
    expect(await AccessToken().find('t1')).toBeUndefined();
    expect(await postgresAdapter(db.sql)('RefreshToken').find('t3')).toMatchObject({ grantId: 'g1' });
  });
});
