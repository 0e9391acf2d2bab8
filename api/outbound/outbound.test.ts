// /r/{id}: only ever a redirect to the provider's own stored http(s) link, each click counted per day;
// /api/admin/outbound-clicks: the last 30 days per provider, admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';
import { outboundClicksSchema } from '../../contract/outbound.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

// Each call takes the next provider, so no two tests share one.
let nextProvider = 0;
async function providerWith(fields: { website: string | null; affiliate_url?: string | null }) {
  const [p] = await t.sql<{ id: number }[]>`
    UPDATE providers SET website = ${fields.website}, affiliate_url = ${fields.affiliate_url ?? null}
    WHERE id = (SELECT id FROM providers ORDER BY id OFFSET ${nextProvider++} LIMIT 1)
    RETURNING id`;
  return p.id;
}

const clicksToday = async (providerId: number) => {
  const [row] = await t.sql<{ clicks: number }[]>`
    SELECT clicks FROM outbound_clicks WHERE provider_id = ${providerId} AND day = (now() AT TIME ZONE 'UTC')::date`;
  return row?.clicks ?? 0;
};

describe('GET /r/{id}', () => {
  it('302s to the website, never cached or indexed, and counts each click for today', async () => {
    const id = await providerWith({ website: 'https://provider.example/start?ref=atlas' });
    const before = await clicksToday(id);
    for (let i = 0; i < 2; i++) {
      const res = await t.request(`/r/${id}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://provider.example/start?ref=atlas');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    }
    expect(await clicksToday(id)).toBe(before + 2);
  });

  it('prefers the affiliate link when there is one', async () => {
    const id = await providerWith({
      website: 'https://provider.example',
      affiliate_url: 'https://partner.example/?aff=1',
    });
    const res = await t.request(`/r/${id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://partner.example/?aff=1');
  });

  it('does not count a HEAD request (link checkers and previews)', async () => {
    const id = await providerWith({ website: 'https://provider.example/head' });
    const before = await clicksToday(id);
    const res = await t.request(`/r/${id}`, { method: 'HEAD' });
    expect(res.status).toBe(302);
    expect(await clicksToday(id)).toBe(before);
  });

  it('never redirects to a stored javascript:, data: or relative link (404, not counted)', async () => {
    for (const website of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '/admin',
      null,
    ]) {
      const id = await providerWith({ website, affiliate_url: website && `${website}#aff` });
      const before = await clicksToday(id);
      const res = await t.request(`/r/${id}`);
      expect(res.status, String(website)).toBe(404);
      expect(res.headers.get('location'), String(website)).toBeNull();
      expect(await clicksToday(id), String(website)).toBe(before);
    }
  });

  it('a javascript: website is refused when an admin saves it, and the link keeps its stored target', async () => {
    const id = await providerWith({ website: 'https://safe.example/' });
    const admin = await signIn(t, 'admin@example.com');
    for (const field of ['website', 'affiliateUrl']) {
      const res = await admin.json('PUT', `/api/admin/providers/${id}`, {
        [field]: 'javascript:alert(document.cookie)',
      });
      expect(res.status, field).toBe(400);
    }
    const res = await t.request(`/r/${id}`);
    expect(res.headers.get('location')).toBe('https://safe.example/');
  });

  it('an unknown or malformed id is 404', async () => {
    for (const id of ['999999', '0', 'abc', '1e3', '99999999999']) {
      const res = await t.request(`/r/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('location'), id).toBeNull();
    }
  });
});

describe('GET /api/admin/outbound-clicks', () => {
  it('is for admins only', async () => {
    expect((await t.get('/api/admin/outbound-clicks')).status).toBe(401);
    const user = await signIn(t, 'reader@example.com');
    expect((await user.json('GET', '/api/admin/outbound-clicks')).status).toBe(403);
  });

  it('sums the last 30 days (today included) per provider, every provider listed', async () => {
    const id = await providerWith({ website: 'https://stats.example' });
    await t.sql`DELETE FROM outbound_clicks WHERE provider_id = ${id}`;
    await t.sql`
      INSERT INTO outbound_clicks (provider_id, day, clicks) VALUES
        (${id}, (now() AT TIME ZONE 'UTC')::date - 29, 5),
        (${id}, (now() AT TIME ZONE 'UTC')::date - 30, 100)`;
    expect((await t.request(`/r/${id}`)).status).toBe(302);

    const admin = await signIn(t, 'admin@example.com');
    const res = await admin.json('GET', '/api/admin/outbound-clicks');
    expect(res.status).toBe(200);
    const stats = outboundClicksSchema.parse(res.body);
    expect(stats.find((s) => s.providerId === id)!.clicks30d).toBe(6);
    const [{ n }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM providers`;
    expect(stats).toHaveLength(n);
    expect(stats.map((s) => s.clicks30d)).toEqual([...stats.map((s) => s.clicks30d)].sort((a, b) => b - a));
  });
});
