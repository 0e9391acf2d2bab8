import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    RATE_LIMITS: 'on',
    RATE_LIMIT_SIGN_IN: '3/600',
    RATE_LIMIT_REVIEWS: '2/3600',
    RATE_LIMIT_CONTACT: '2/3600',
    RATE_LIMIT_VOTES: '2/3600',
    RATE_LIMIT_PROFILE: '1/3600',
    RATE_LIMIT_CLICKS: '2/3600',
  });
});
afterAll(async () => {
  await t.close();
});

const contact = (url: string) =>
  fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'A', email: 'a@example.com', message: 'hi' }),
  });

describe('with RATE_LIMITS=on', () => {
  it('answers 429 with a message and Retry-After once a limit is used up, shared by every instance', async () => {
    expect((await contact(t.url)).status).toBe(201);
    // A second instance on the same database shares the counter.
    const app = createApp({ db: t.db, config: t.config, log: pino({ level: 'silent' }) });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const other = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await contact(other)).status).toBe(201);
      const limited = await contact(other);
      expect(limited.status).toBe(429);
      expect((await limited.json()).message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await contact(t.url)).status).toBe(429);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const [{ n }] = await t.sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'contact:%'`;
    expect(n).toBe(1);
  });

  it('limits sign-in starts per address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.request('/api/auth/google')).status);
    // One start was used by nothing else in this file before: 3 allowed, then 429.
    expect(statuses).toEqual([302, 302, 302, 429]);
  });

  it('counts sign-in starts per address for signed-in visitors too, and every sign-in starts at /api/login', async () => {
    await t.sql`DELETE FROM rate_limits WHERE key LIKE 'signIn:%'`;
    const user = await signIn(t, 'chain@example.com'); // one start from this address
    // Signed in, the same address starts again: the address's count goes on (3 allowed, then 429).
    const again = async () => (await user.fetch('/api/login')).status;
    expect([await again(), await again(), await again()]).toEqual([302, 302, 429]);
    // Skipping /api/login for grant's own start would create accounts uncounted: it is sent back there.
    const direct = await t.request('/connect/local');
    expect(direct.status).toBe(302);
    expect(direct.headers.get('location')).toBe('/api/login');
  });

  it('limits review posts, votes and profile updates per user', async () => {
    await t.sql`DELETE FROM rate_limits WHERE key LIKE 'signIn:%'`; // let this test sign in
    const user = await signIn(t, 'busy@example.com');
    const other = await signIn(t, 'calm@example.com');
    const review = () => user.json('POST', '/api/providers/alchemy/reviews', { rating: 5 });
    expect([(await review()).status, (await review()).status, (await review()).status]).toEqual([201, 201, 429]);
    const vote = () => user.json('PUT', '/api/chains/base/vote', { value: 1 });
    expect([(await vote()).status, (await vote()).status, (await vote()).status]).toEqual([200, 200, 429]);
    const profile = (u: typeof user) => u.json('PUT', '/api/auth/profile', { displayName: 'X' });
    expect([(await profile(user)).status, (await profile(user)).status]).toEqual([200, 429]);
    // Per user: someone else is not affected.
    expect((await profile(other)).status).toBe(200);
    expect((await other.json('POST', '/api/providers/alchemy/reviews', { rating: 4 })).status).toBe(201);
  });
});

it('outbound clicks: every visit is redirected, but only the first N per address and provider are counted', async () => {
  const [{ id }] = await t.sql<
    { id: number }[]
  >`SELECT id FROM providers WHERE website LIKE 'http%' ORDER BY id LIMIT 1`;
  const clicks = async () =>
    (
      await t.sql<{ clicks: number }[]>`
    SELECT coalesce(sum(clicks), 0)::int AS clicks FROM outbound_clicks WHERE provider_id = ${id}`
    )[0].clicks;
  const before = await clicks();
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await t.request(`/r/${id}`)).status);
  expect(statuses).toEqual([302, 302, 302, 302]);
  expect(await clicks()).toBe(before + 2);
});

it('RATE_LIMITS=off (the default in tests) never limits', async () => {
  const free = await startTestServer({ RATE_LIMIT_CONTACT: '1/3600' });
  try {
    for (let i = 0; i < 3; i++) expect((await contact(free.url)).status).toBe(201);
  } finally {
    await free.close();
  }
});
