import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { SESSION_COOKIE } from '../middleware/session.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { CookieJar, navigate, signIn } from '../test/sign-in.ts';
import { safeReturnTo } from './routes.ts';
import { authUserSchema, signedInUserSchema } from '../../contract/auth.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const sessionRows = async (id: string) =>
  (await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM sessions WHERE id = ${id}`)[0].n;

describe('sign-in through the local identity provider', () => {
  it('runs the authorization-code flow and lands back on the site signed in', async () => {
    const jar = new CookieJar();
    const end = await navigate(jar, `${t.url}/api/login`, 'Carol@Example.com');
    const path = end.steps.map((s) => new URL(s.url).pathname);
    expect(path.slice(0, 3)).toEqual(['/api/login', '/connect/local', '/oidc/auth']);
    expect(path).toContain('/connect/local/callback');
    expect(path).toContain('/api/auth/callback');
    expect(new URL(end.url).pathname).toBe('/');
    expect(end.status).toBe(200);

    const me = await fetch(`${t.url}/api/auth/user`, { headers: { Cookie: jar.header(new URL(`${t.url}/api/`)) } });
    const user = signedInUserSchema.parse(await me.json());
    expect(user).toMatchObject({ email: 'carol@example.com', displayName: 'carol', isAdmin: false });
    const [row] = await t.sql`SELECT identity_provider, subject, is_admin FROM users WHERE id = ${user.id}`;
    expect(row).toEqual({ identityProvider: 'local', subject: 'carol@example.com', isAdmin: false });
  });

  it('shows the sign-in page contract and refuses an invalid e-mail', async () => {
    const jar = new CookieJar();
    const page = await navigate(jar, `${t.url}/api/login`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<label for="email">Email<\/label>/);
    expect(page.body).toMatch(/<input id="email" name="email" type="email"/);
    expect(page.body).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(page.body).toContain('local development sign-in');

    const action = /action="([^"]+)"/.exec(page.body)![1];
    const res = await fetch(new URL(action, t.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header(new URL(action, t.url)) },
      body: 'email=not-an-address',
    });
    expect(res.status).toBe(400);
    const again = await res.text();
    expect(again).toContain('Enter a valid e-mail address');
    expect(again).toContain('value="not-an-address"');
  });

  it('sets an httpOnly, SameSite=Lax session cookie holding only a random id, and rotates it at sign-in', async () => {
    const jar = new CookieJar();
    const end = await navigate(jar, `${t.url}/api/login`, 'dave@example.com');
    const sessionCookies = end.steps
      .flatMap((s) => s.setCookie.map((c) => ({ url: s.url, c })))
      .filter(({ c }) => c.startsWith(`${SESSION_COOKIE}=`));
    // First set when sign-in starts (OAuth state), then replaced by a new id at the callback.
    const first = sessionCookies.find(({ url }) => new URL(url).pathname === '/api/login')!;
    const issued = sessionCookies.filter(
      ({ url, c }) => new URL(url).pathname === '/api/auth/callback' && !/expires=Thu, 01 Jan 1970/i.test(c),
    );
    expect(first).toBeDefined();
    expect(issued).toHaveLength(1);
    const idOf = (c: string) => c.split(';')[0].slice(SESSION_COOKIE.length + 1);
    const before = idOf(first.c);
    const after = idOf(issued[0].c);
    expect(after).not.toBe(before);
    expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, nothing else
    for (const { c } of [first, issued[0]]) {
      expect(c).toMatch(/; httponly/i);
      expect(c).toMatch(/; samesite=lax/i);
      expect(c).not.toMatch(/; secure/i);
      expect(c).toMatch(/; path=\//i);
    }
    expect(await sessionRows(before)).toBe(0);
    expect(await sessionRows(after)).toBe(1);
    // OAuth tokens are not kept anywhere in the session.
    const [{ data }] = await t.sql<{ data: string }[]>`SELECT data::text AS data FROM sessions WHERE id = ${after}`;
    expect(data).not.toMatch(/token|grant/);
    expect(JSON.parse(data)).toMatchObject({ userId: expect.any(Number) });
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://atlas.example' });
    try {
      const res = await https.request('/api/login', {
        headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'atlas.example' },
      });
      expect(res.status).toBe(302);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      expect(cookie).toMatch(/; secure/i);
      expect(cookie).toMatch(/; httponly/i);
    } finally {
      await https.close();
    }
  });

  it('honours a same-origin returnTo and ignores other origins', async () => {
    const land = async (returnTo: string) => {
      const end = await navigate(
        new CookieJar(),
        `${t.url}/api/login?returnTo=${encodeURIComponent(returnTo)}`,
        'erin@example.com',
      );
      const url = new URL(end.url);
      return { origin: url.origin, path: url.pathname + url.search };
    };
    expect(await land('/providers/alchemy?tab=reviews')).toEqual({
      origin: t.url,
      path: '/providers/alchemy?tab=reviews',
    });
    for (const evil of [
      '//evil.com',
      'https://evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      'javascript:alert(1)',
      '/api/logout',
      // Normalised by the URL parser into '//evil.example…': judged after normalising.
      '/.//evil.example/phish',
      '/..//evil.example',
      '/x/..//evil.example',
      '/./\\evil.example',
      '/x/../api/logout',
    ]) {
      expect(await land(evil)).toEqual({ origin: t.url, path: '/' });
    }
  });

  it("a sign-in started on another name of this server moves to PUBLIC_URL's first, and ends signed in there", async () => {
    const otherHost = t.url.replace('127.0.0.1', 'localhost');
    const start = await fetch(`${otherHost}/api/login?returnTo=%2Fchains`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(`${t.url}/api/login?returnTo=%2Fchains`);
    expect(start.headers.getSetCookie()).toEqual([]); // nothing of the attempt kept on the other host
    const jar = new CookieJar();
    const end = await navigate(jar, start.headers.get('location')!, 'other-host@example.com');
    expect(end.url.href).toBe(`${t.url}/chains`);
    const me = await fetch(`${t.url}/api/auth/user`, { headers: { Cookie: jar.header(new URL(`${t.url}/api/`)) } });
    expect(await me.json()).toMatchObject({ authenticated: true, email: 'other-host@example.com' });
  });

  it('a failed sign-in is shown to a browser as a readable page, not as a message in the URL', async () => {
    // Back from the identity provider with no attempt in this browser (it expired, or cookies were blocked).
    const res = await fetch(`${t.url}/connect/local/callback?code=x&state=y`, {
      redirect: 'manual',
      headers: { Accept: 'text/html,*/*;q=0.8' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('<h1>Sign-in did not complete</h1>');
    expect(page).toContain('No sign-in is under way. Please start again.');
    expect(page).toContain('<a href="/login">Sign in again</a>');
    // The provider's own reason (a state mismatch here) on the same page, escaped.
    const jar = new CookieJar();
    await navigate(jar, `${t.url}/api/login`);
    const mismatch = await fetch(`${t.url}/connect/local/callback?code=stolen&state=<b>forged</b>`, {
      redirect: 'manual',
      headers: { Cookie: jar.header(new URL(`${t.url}/connect/`)) },
    });
    const callback = await fetch(new URL(mismatch.headers.get('location')!, t.url), {
      headers: { Accept: 'text/html', Cookie: jar.header(new URL(`${t.url}/api/`)) },
      redirect: 'manual',
    });
    expect(callback.status).toBe(400);
    expect(await callback.text()).toMatch(
      /<p role="alert">Sign-in did not complete: .*state mismatch.*Please start again\.<\/p>/,
    );
  });

  it('refuses a callback whose state does not match, and keeps nothing of the attempt', async () => {
    const jar = new CookieJar();
    const page = await navigate(jar, `${t.url}/api/login`); // stops on the sign-in page
    expect(page.status).toBe(200);
    const end = await navigate(jar, `${t.url}/connect/local/callback?code=stolen&state=forged`);
    expect(new URL(end.url).pathname).toBe('/api/auth/callback');
    expect(end.status).toBe(400);
    expect(JSON.parse(end.body).message).toMatch(/^Sign-in did not complete: .*state mismatch.*Please start again\.$/);
    const sid = jar.get(SESSION_COOKIE)!;
    const [{ data }] = await t.sql<{ data: string }[]>`SELECT data::text AS data FROM sessions WHERE id = ${sid}`;
    expect(JSON.parse(data)).not.toHaveProperty('grant');
    const me = await fetch(`${t.url}/api/auth/user`, { headers: { Cookie: jar.header(new URL(`${t.url}/api/`)) } });
    expect(await me.json()).toEqual({ authenticated: false });
  });

  it('an absolute-form request line naming another host is sent to the same path on the site (no 500)', async () => {
    const { hostname, port } = new URL(t.url);
    const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      http
        .get(
          { hostname, port, path: 'http://evil.example/api/login?returnTo=/chains', headers: { Host: 'evil.example' } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode!, location: res.headers.location });
          },
        )
        .on('error', reject);
    });
    expect(answer).toEqual({ status: 302, location: `${t.url}/api/login?returnTo=/chains` });
  });

  it('starts sign-in from /api/auth/google too (local provider when Google is not configured)', async () => {
    const res = await t.request('/api/auth/google');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/connect/local');
  });

  it('gives admin e-mails isAdmin and keeps users.is_admin in sync', async () => {
    const admin = await signIn(t, 'admin@example.com');
    const me = await admin.json('GET', '/api/auth/user');
    expect(me.body).toMatchObject({ authenticated: true, email: 'admin@example.com', isAdmin: true });
    const [row] = await t.sql`SELECT is_admin FROM users WHERE email = 'admin@example.com'`;
    expect(row.isAdmin).toBe(true);
  });
});

describe('safeReturnTo', () => {
  const base = 'https://atlas.example';
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/chains', '/chains'],
    ['/a/b?c=d#e', '/a/b?c=d#e'],
    ['//evil.com', '/'],
    ['https://evil.com/x', '/'],
    ['https://atlas.example/x', '/'],
    ['/\\evil.com', '/'],
    ['/%5Cevil.com', '/%5Cevil.com'],
    ['/\tevil', '/'],
    ['chains', '/'],
    ['/connect/local', '/'],
    ['/oidc/auth', '/'],
    ['/.//evil.example/phish', '/'],
    ['/..//evil.example', '/'],
    ['/x/..//evil.example', '/'],
    ['/a/./b/../c', '/a/c'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnTo(input, base)).toBe(expected);
  });
});

describe('sessions', () => {
  it('answers {authenticated:false} when signed out', async () => {
    const res = await t.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(authUserSchema.parse(res.body)).toEqual({ authenticated: false });
  });

  it('logout deletes the session row, clears the cookie and goes home', async () => {
    const user = await signIn(t, 'frank@example.com');
    const id = /rpc_atlas_sid=([^;]+)/.exec(user.cookie)![1];
    expect(await sessionRows(id)).toBe(1);
    const res = await user.fetch('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toMatch(
      /expires=Thu, 01 Jan 1970/i,
    );
    expect(await sessionRows(id)).toBe(0);
    // The old cookie no longer signs anyone in.
    expect((await user.json('GET', '/api/auth/user')).body).toEqual({ authenticated: false });
  });

  it('answers 400 to a callback with no sign-in under way, without ending the session', async () => {
    const user = await signIn(t, 'lena@example.com');
    const res = await user.json('GET', '/api/auth/callback');
    expect(res).toEqual({ status: 400, body: { message: 'No sign-in is under way. Please start again.' } });
    expect((await user.json('GET', '/api/auth/user')).body).toMatchObject({
      authenticated: true,
      email: 'lena@example.com',
    });
  });

  it('rejects a forged session cookie (unsigned or wrong signature)', async () => {
    const user = await signIn(t, 'gina@example.com');
    const id = /rpc_atlas_sid=([^;]+)/.exec(user.cookie)![1];
    for (const cookie of [`${SESSION_COOKIE}=${id}`, `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=forged`]) {
      const res = await t.get('/api/auth/user', { Cookie: cookie });
      expect(res.body).toEqual({ authenticated: false });
    }
  });

  it('is shared by every instance on the same database', async () => {
    const user = await signIn(t, 'hana@example.com');
    // A second, independent app (no shared memory) on the same database.
    const app = createApp({ db: t.db, config: t.config, log: pino({ level: 'silent' }) });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/user`, { headers: { Cookie: user.cookie } });
      expect(await res.json()).toMatchObject({ authenticated: true, email: 'hana@example.com' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('re-reads the user on every request (a removed admin e-mail loses admin at once)', async () => {
    const admin = await signIn(t, 'admin@example.com');
    expect((await admin.json('GET', '/api/admin/reviews/pending')).status).toBe(200);
    const saved = [...t.config.adminEmails];
    t.config.adminEmails.splice(0); // as if ADMIN_EMAILS no longer listed it
    try {
      expect((await admin.json('GET', '/api/auth/user')).body.isAdmin).toBe(false);
      expect((await admin.json('GET', '/api/admin/reviews/pending')).status).toBe(403);
    } finally {
      t.config.adminEmails.push(...saved);
    }
  });
});

describe('PUT /api/auth/profile', () => {
  it('updates the profile and answers the user', async () => {
    const user = await signIn(t, 'ivan@example.com');
    const res = await user.json('PUT', '/api/auth/profile', {
      displayName: '  Ivan R.  ',
      firstName: 'Ivan',
      lastName: 'Reyes',
    });
    expect(res.status).toBe(200);
    expect(signedInUserSchema.parse(res.body)).toMatchObject({
      displayName: 'Ivan R.',
      firstName: 'Ivan',
      lastName: 'Reyes',
    });
    const partial = await user.json('PUT', '/api/auth/profile', { lastName: '' });
    expect(partial.body).toMatchObject({ displayName: 'Ivan R.', firstName: 'Ivan', lastName: null });
    expect((await user.json('GET', '/api/auth/user')).body).toMatchObject({ displayName: 'Ivan R.', lastName: null });
  });

  it.each([
    [{ displayName: '' }, 'Display name is required'],
    [{ displayName: '   ' }, 'Display name is required'],
    [{ displayName: 'x'.repeat(101) }, 'Display name must be 100 characters or less'],
    [{ firstName: 'x'.repeat(51) }, 'First name must be 50 characters or less'],
    [{ lastName: 'x'.repeat(51) }, 'Last name must be 50 characters or less'],
  ])('refuses %j with "%s"', async (body, message) => {
    const user = await signIn(t, 'judy@example.com');
    const res = await user.json('PUT', '/api/auth/profile', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('accepts the limits exactly', async () => {
    const user = await signIn(t, 'kim@example.com');
    const res = await user.json('PUT', '/api/auth/profile', {
      displayName: 'x'.repeat(100),
      firstName: 'y'.repeat(50),
      lastName: 'z'.repeat(50),
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 signed out', async () => {
    const res = await t.request('/api/auth/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ displayName: 'x' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });
});

describe('production refuses unsafe sign-in configurations', () => {
  const secret = 's'.repeat(40);
  const build = (env: Record<string, string>) => () =>
    createApp({
      db: t.db,
      config: loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://atlas.example', ...env }),
      log: pino({ level: 'silent' }),
    });

  it('refuses the local identity provider unless LOCAL_LOGIN=1', () => {
    expect(build({ SESSION_SECRET: secret })).toThrow(/local development sign-in.*LOCAL_LOGIN=1/s);
    expect(build({ SESSION_SECRET: secret, LOCAL_LOGIN: '1' })).not.toThrow();
    expect(build({ SESSION_SECRET: secret, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).not.toThrow();
  });

  it('refuses to run without SESSION_SECRET', () => {
    expect(build({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(
      /SESSION_SECRET must be set in production/,
    );
  });

  it('sends sign-in to Google when it is configured', async () => {
    const google = await startTestServer({ GOOGLE_CLIENT_ID: 'client-123', GOOGLE_CLIENT_SECRET: 'secret-456' });
    try {
      const jar = new CookieJar();
      const start = await google.request('/api/login');
      jar.store(start, new URL(`${google.url}/api/login`));
      expect(start.headers.get('location')).toBe('/connect/google');
      const connect = await google.request('/connect/google', {
        headers: { Cookie: jar.header(new URL(`${google.url}/connect/google`)) },
      });
      const to = new URL(connect.headers.get('location')!);
      expect(to.origin + to.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(to.searchParams.get('client_id')).toBe('client-123');
      expect(to.searchParams.get('scope')).toBe('openid email profile');
      expect(to.searchParams.get('redirect_uri')).toBe(`${google.url}/connect/google/callback`);
      expect(to.searchParams.get('code_challenge_method')).toBe('S256');
      expect((await google.request('/oidc/.well-known/openid-configuration')).status).toBe(404);
    } finally {
      await google.close();
    }
  });
});
