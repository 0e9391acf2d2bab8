// Sessions under attack: fixation (an id planted before sign-in), switching accounts, logout seen by the
// admin API, and admin rights that follow the user row on every request. auth.test.ts already covers the
// id rotating at an ordinary sign-in, logout deleting the row, forged cookies, and ADMIN_EMAILS shrinking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../middleware/session.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { CookieJar, navigate, signIn } from '../test/sign-in.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const apiUrl = () => new URL(`${t.url}/api/`);

/** The session cookies of a jar, ready to plant in another browser ("rpc_atlas_sid=…; rpc_atlas_sid.sig=…"). */
const cookiesOf = (jar: CookieJar) => jar.header(apiUrl());

async function userBehind(cookie: string): Promise<string | null> {
  const body = await (await fetch(`${t.url}/api/auth/user`, { headers: { Cookie: cookie } })).json();
  return body.authenticated ? body.email : null;
}

const sessionRow = async (id: string) =>
  (await t.sql<{ userId: number | null }[]>`SELECT user_id FROM sessions WHERE id = ${id}`)[0];

/** A jar holding exactly these cookies for the site (as if an attacker had set them in the victim's browser). */
function jarWith(cookie: string): CookieJar {
  const jar = new CookieJar();
  const headers = new Headers();
  for (const pair of cookie.split('; ')) headers.append('Set-Cookie', `${pair}; Path=/`);
  jar.store(new Response(null, { headers }), apiUrl());
  return jar;
}

/**
 * Signs a browser in like navigate() does, also submitting the identity provider's self-submitting form (a
 * browser runs its script: oidc-provider ends its own session of the previous account first).
 */
async function signInAs(jar: CookieJar, email: string) {
  let end = await navigate(jar, `${t.url}/api/login`, email);
  for (let forms = 0; end.body.includes('<title>Submitting Callback</title>') && forms < 3; forms++) {
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(end.body)![1]);
    const inputs = Object.fromEntries(
      [...end.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]),
    );
    const res = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header(action), Origin: t.url },
      body: new URLSearchParams(inputs).toString(),
    });
    jar.store(res, action);
    end = await navigate(jar, new URL(res.headers.get('location')!, action).toString(), email);
  }
  return end;
}

describe('session fixation', () => {
  it("an attacker's live pre-sign-in session planted in a victim's browser is not the one the victim signs in with", async () => {
    // The attacker starts a sign-in to obtain a genuine, signed session id...
    const attacker = new CookieJar();
    await navigate(attacker, `${t.url}/api/login`);
    const planted = cookiesOf(attacker);
    const plantedId = attacker.get(SESSION_COOKIE)!;
    expect(await sessionRow(plantedId)).toEqual({ userId: null });

    // ...and plants it; the victim then signs in with it.
    const victim = jarWith(planted);
    expect(victim.get(SESSION_COOKIE)).toBe(plantedId);
    await navigate(victim, `${t.url}/api/login`, 'fixation-victim@example.com');
    const victimId = victim.get(SESSION_COOKIE)!;
    expect(victimId).not.toBe(plantedId);
    expect(await userBehind(cookiesOf(victim))).toBe('fixation-victim@example.com');

    // The attacker's copy signs nobody in, and its row is gone.
    expect(await userBehind(planted)).toBeNull();
    expect(await sessionRow(plantedId)).toBeUndefined();
  });

  it('a dead id (logged out) planted before sign-in is not revived', async () => {
    const old = await signIn(t, 'fixation-old@example.com');
    const oldId = /rpc_atlas_sid=([^;]+)/.exec(old.cookie)![1];
    expect((await old.fetch('/api/logout')).status).toBe(302);

    const victim = jarWith(old.cookie);
    await navigate(victim, `${t.url}/api/login`, 'fixation-victim2@example.com');
    expect(victim.get(SESSION_COOKIE)).not.toBe(oldId);
    expect(await sessionRow(oldId)).toBeUndefined();
    expect(await userBehind(old.cookie)).toBeNull();
  });

  it("signing in again as another account replaces the session id; the first account's id is dead", async () => {
    const jar = new CookieJar();
    await signInAs(jar, 'first@example.com');
    const first = cookiesOf(jar);
    const firstId = jar.get(SESSION_COOKIE)!;
    expect(await userBehind(first)).toBe('first@example.com');
    await signInAs(jar, 'second@example.com');
    expect(jar.get(SESSION_COOKIE)).not.toBe(firstId);
    expect(await userBehind(cookiesOf(jar))).toBe('second@example.com');
    expect(await userBehind(first)).toBeNull();
    expect(await sessionRow(firstId)).toBeUndefined();
  });
});

describe('logout', () => {
  it("an admin's old cookie is refused by the admin API and for writes at once (401, not 403: nobody is signed in)", async () => {
    const admin = await signIn(t, 'admin@example.com');
    expect((await admin.json('GET', '/api/admin/reviews/pending')).status).toBe(200);
    expect((await admin.fetch('/api/logout')).status).toBe(302);
    expect((await admin.json('GET', '/api/admin/reviews/pending')).status).toBe(401);
    expect(
      (await admin.json('POST', '/api/admin/tracking-settings', { googleAnalyticsId: 'G-AFTERLOGOUT' })).status,
    ).toBe(401);
    expect((await admin.json('PUT', '/api/auth/profile', { displayName: 'Ghost' })).status).toBe(401);
    const [{ n }] = await t.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM tracking_settings WHERE google_analytics_id = 'G-AFTERLOGOUT'`;
    expect(n).toBe(0);
  });
});

describe('admin rights follow the user row on every request', () => {
  it("changing the admin's stored e-mail (as a new identity-provider profile would) ends admin access with the next request", async () => {
    const admin = await signIn(t, 'admin@example.com');
    const { body: me } = await admin.json('GET', '/api/auth/user');
    expect(me.isAdmin).toBe(true);
    expect((await admin.json('GET', '/api/admin/reviews/pending')).status).toBe(200);
    try {
      await t.sql`UPDATE users SET email = 'former-admin@example.com' WHERE id = ${me.id}`;
      // Same session, no sign-in in between: the very next call is refused.
      expect((await admin.json('GET', '/api/admin/reviews/pending')).status).toBe(403);
      expect((await admin.json('POST', '/api/admin/tracking-settings', {})).status).toBe(403);
      expect((await admin.json('GET', '/api/auth/user')).body).toMatchObject({
        email: 'former-admin@example.com',
        isAdmin: false,
      });
    } finally {
      await t.sql`UPDATE users SET email = 'admin@example.com' WHERE id = ${me.id}`;
    }
    expect((await admin.json('GET', '/api/admin/reviews/pending')).status).toBe(200);
  });

  it("a deleted user's session ends with the row (cascade): the next call is signed out", async () => {
    const jar = new CookieJar();
    await navigate(jar, `${t.url}/api/login`, 'doomed@example.com');
    const doomed = cookiesOf(jar);
    expect(await userBehind(doomed)).toBe('doomed@example.com');
    await t.sql`DELETE FROM users WHERE email = 'doomed@example.com'`;
    expect(await userBehind(doomed)).toBeNull();
    expect(
      (
        await fetch(`${t.url}/api/providers/alchemy/reviews`, {
          method: 'POST',
          headers: { Cookie: doomed, 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(401);
  });

  it('the stored is_admin flag alone grants nothing: only an e-mail in ADMIN_EMAILS does', async () => {
    const user = await signIn(t, 'would-be-admin@example.com');
    const { body: me } = await user.json('GET', '/api/auth/user');
    await t.sql`UPDATE users SET is_admin = true WHERE id = ${me.id}`;
    expect((await user.json('GET', '/api/auth/user')).body.isAdmin).toBe(false);
    expect((await user.json('GET', '/api/admin/reviews/pending')).status).toBe(403);
  });
});
