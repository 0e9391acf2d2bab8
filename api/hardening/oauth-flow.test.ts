// The OAuth / OpenID Connect checks of sign-in, attacked over real HTTP (grant-koa as the client, the local
// oidc-provider as the server). What grant does: at /connect/local it draws a random state, nonce and PKCE
// verifier, keeps them in the server-side session (the cookie holds only the session id) and sends state,
// nonce and the S256 challenge to the provider; at the callback it refuses a state that differs from the
// session's, redeems the code with the session's verifier (the provider checks it against the challenge and
// redeems a code once), and refuses an ID token whose audience or nonce differs from the session's. It does
// not verify the ID token's signature: the token comes straight from the provider's token endpoint.
// auth.test.ts covers the plain forged state (no real code) and a callback with no sign-in under way.
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT_ID } from '../oidc/provider.ts';
import { SESSION_COOKIE } from '../middleware/session.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { CookieJar, navigate } from '../test/sign-in.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const CALLBACK_PATH = '/connect/local/callback';

/** Who the jar's session belongs to (null when signed out). */
async function whoIs(jar: CookieJar): Promise<string | null> {
  const res = await fetch(`${t.url}/api/auth/user`, { headers: { Cookie: jar.header(new URL(`${t.url}/api/`)) } });
  const body = await res.json();
  return body.authenticated ? body.email : null;
}

/** The grant attempt kept in the jar's session row (state, nonce, code_verifier), read as text (no key renaming). */
async function grantSession(jar: CookieJar): Promise<{ state: string; nonce: string; code_verifier: string }> {
  const [{ data }] = await t.sql<
    { data: string }[]
  >`SELECT data::text AS data FROM sessions WHERE id = ${jar.get(SESSION_COOKIE)!}`;
  return JSON.parse(data).grant;
}

/**
 * Runs a browser's sign-in up to the provider's redirect to grant's callback and stops there, as if the
 * callback URL had been intercepted: the authorization request sent to the provider and the callback URL.
 */
async function authorizeUntilCallback(jar: CookieJar, email: string) {
  const page = await navigate(jar, `${t.url}/api/login`); // stops on the provider's sign-in page
  const authorize = new URL(page.steps.find((s) => new URL(s.url).pathname === '/connect/local')!.location!);
  let url = new URL(/action="([^"]+)"/.exec(page.body)![1].replace(/&amp;/g, '&'), page.url);
  let init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  };
  for (let hop = 0; hop < 10; hop++) {
    const headers = new Headers(init.headers);
    headers.set('Cookie', jar.header(url));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.store(res, url);
    const location = res.headers.get('location');
    if (!location) throw new Error(`No redirect from ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url);
    init = {};
    if (url.pathname === CALLBACK_PATH) return { authorize, callback: url };
  }
  throw new Error('The provider never redirected to the callback');
}

/**
 * Delivers a callback URL to a browser; returns where it ended and the refusal: the sign-in route's 400
 * message, or the error grant puts in the query when the session holds no attempt at all (it then has no
 * provider, so no session transport, and sends the browser to "/?error=...").
 */
async function deliver(jar: CookieJar, callback: URL) {
  const end = await navigate(jar, callback.toString());
  const url = new URL(end.url);
  const message =
    end.status === 400 ? (JSON.parse(end.body).message as string) : (url.searchParams.get('error') ?? undefined);
  return { path: url.pathname, status: end.status, message };
}

async function sessionCount() {
  return (await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM sessions WHERE user_id IS NOT NULL`)[0].n;
}

/** The local client's secret, as sign-in derives it from the session secret (an attacker who has it is the worst case). */
async function clientSecret() {
  const [{ value }] = await t.sql<{ value: string }[]>`SELECT value FROM app_secrets WHERE name = 'session_secret'`;
  return createHmac('sha256', value).update('local-oidc-client').digest('base64url');
}

/** A direct request to the provider's token endpoint, as an attacker holding a stolen code would send it. */
async function redeem(code: string, extra: Record<string, string>) {
  const res = await fetch(`${t.url}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${t.url}${CALLBACK_PATH}`,
      client_id: LOCAL_CLIENT_ID,
      client_secret: await clientSecret(),
      ...extra,
    }).toString(),
  });
  return { status: res.status, body: await res.json() };
}

const base64url = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('the authorization request', () => {
  it('carries a random state, a nonce and an S256 PKCE challenge whose verifier stays in the server-side session', async () => {
    const jar = new CookieJar();
    const { authorize } = await authorizeUntilCallback(jar, 'req@example.com');
    const q = authorize.searchParams;
    const kept = await grantSession(jar);
    expect(q.get('state')).toBe(kept.state);
    expect(q.get('nonce')).toBe(kept.nonce);
    expect(kept.state).toMatch(/^[0-9a-f]{40}$/);
    expect(kept.nonce).toMatch(/^[0-9a-f]{40}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toBe(base64url(createHash('sha256').update(kept.code_verifier).digest()));
    // The cookie is only the session id: nothing of the attempt travels to the browser.
    expect(jar.get(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A second attempt draws fresh values.
    const other = new CookieJar();
    const second = (await authorizeUntilCallback(other, 'req@example.com')).authorize.searchParams;
    expect(second.get('state')).not.toBe(q.get('state'));
    expect(second.get('nonce')).not.toBe(q.get('nonce'));
    expect(second.get('code_challenge')).not.toBe(q.get('code_challenge'));
  });
});

describe('replayed and forged callbacks', () => {
  it('a replayed callback fails in the browser that used it (which stays who it was), and nobody gains a session', async () => {
    const jar = new CookieJar();
    const { callback } = await authorizeUntilCallback(jar, 'replay@example.com');
    expect(await deliver(jar, callback)).toMatchObject({ path: '/', status: 200 });
    expect(await whoIs(jar)).toBe('replay@example.com');
    const sid = jar.get(SESSION_COOKIE);
    const sessions = await sessionCount();

    const again = await deliver(jar, callback);
    expect(again).toEqual({
      path: '/connect/local/callback',
      status: 400,
      message: 'No sign-in is under way. Please start again.',
    });
    expect(jar.get(SESSION_COOKIE)).toBe(sid);
    expect(await whoIs(jar)).toBe('replay@example.com');
    expect(await sessionCount()).toBe(sessions);
  });

  it("a replayed callback fails in another browser: its own attempt's state differs, and with that state the used code is refused", async () => {
    const victim = new CookieJar();
    const { callback } = await authorizeUntilCallback(victim, 'used-code@example.com');
    expect((await deliver(victim, callback)).status).toBe(200);

    // Another browser mid-sign-in receives the old callback as it was.
    const other = new CookieJar();
    const own = await authorizeUntilCallback(other, 'other@example.com');
    const stale = await deliver(other, callback);
    expect(stale.message).toMatch(/state mismatch/);
    expect(await whoIs(other)).toBeNull();

    // Even carrying that browser's own current state, the already redeemed code is refused by the provider.
    const other2 = new CookieJar();
    const own2 = await authorizeUntilCallback(other2, 'other2@example.com');
    const forged = new URL(callback);
    forged.searchParams.set('state', own2.callback.searchParams.get('state')!);
    const refused = await deliver(other2, forged);
    expect(refused.message).toMatch(/^Sign-in did not complete: .*invalid_grant.*Please start again\.$/);
    expect(await whoIs(other2)).toBeNull();
    expect(own.callback.searchParams.get('code')).not.toBe(callback.searchParams.get('code'));
  });

  it('a callback delivered to another browser (no sign-in of its own under way) signs nobody in; the code stays good for its owner', async () => {
    const owner = new CookieJar();
    const { callback } = await authorizeUntilCallback(owner, 'owner@example.com');

    // Login CSRF: the attacker's code + state pushed into a victim's browser that started nothing.
    const victim = new CookieJar();
    const pushed = await deliver(victim, callback);
    expect(pushed).toEqual({
      path: '/connect/local/callback',
      status: 400,
      message: 'No sign-in is under way. Please start again.',
    });
    expect(await whoIs(victim)).toBeNull();

    // The refusal happened before the code was used: the browser the attempt belongs to still completes it.
    expect(await deliver(owner, callback)).toMatchObject({ path: '/', status: 200 });
    expect(await whoIs(owner)).toBe('owner@example.com');
  });
});

describe('PKCE', () => {
  it('the provider refuses an authorization request without an S256 challenge', async () => {
    const redirectUri = `${t.url}${CALLBACK_PATH}`;
    const params = {
      client_id: LOCAL_CLIENT_ID,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid email',
      state: 's',
      nonce: 'n',
    };
    for (const extra of [{}, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }] as Record<
      string,
      string
    >[]) {
      const res = await t.request(`/oidc/auth?${new URLSearchParams({ ...params, ...extra })}`);
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(redirectUri);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
    }
  });

  it('an intercepted code cannot be redeemed without the verifier, even with the client secret; with it, it can (the control)', async () => {
    const jar = new CookieJar();
    const { callback } = await authorizeUntilCallback(jar, 'pkce@example.com');
    const code = callback.searchParams.get('code')!;
    for (const extra of [{}, { code_verifier: 'x'.repeat(64) }] as Record<string, string>[]) {
      const res = await redeem(code, extra);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
      expect(res.body).not.toHaveProperty('id_token');
    }
    // With the verifier (which only the server-side session holds) the same code is accepted, so the refusals were PKCE's.
    const { code_verifier, nonce } = await grantSession(jar);
    const ok = await redeem(code, { code_verifier });
    expect(ok.status).toBe(200);
    const claims = JSON.parse(Buffer.from(ok.body.id_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ aud: LOCAL_CLIENT_ID, nonce });
    // ...and once only: the browser's own callback now finds the code used.
    expect((await deliver(jar, callback)).message).toMatch(/invalid_grant/);
    expect(await whoIs(jar)).toBeNull();
  });
});

describe('nonce', () => {
  it("an ID token whose nonce is not the session's is refused (state and PKCE made to pass)", async () => {
    const jar = new CookieJar();
    const { callback } = await authorizeUntilCallback(jar, 'nonce@example.com');
    // As if the code had been issued for another authorization request: the session expects another nonce.
    await t.sql`UPDATE sessions SET data = jsonb_set(data, '{grant,nonce}', '"0000000000000000000000000000000000000000"')
                WHERE id = ${jar.get(SESSION_COOKIE)!}`;
    const res = await deliver(jar, callback);
    expect(res).toMatchObject({ path: '/api/auth/callback', status: 400 });
    expect(res.message).toMatch(/^Sign-in did not complete: .*nonce mismatch.*Please start again\.$/);
    expect(await whoIs(jar)).toBeNull();
    const [{ n }] = await t.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM users WHERE email = 'nonce@example.com'`;
    expect(n).toBe(0);
  });
});
