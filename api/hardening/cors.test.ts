// Cross-origin reads: other sites' scripts may read the cached public answers (no credentials), and nothing else.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const FOREIGN = { Origin: 'https://tool.example' };
const PUBLIC_READS = [
  '/api/chains',
  '/api/chains/with-stats',
  '/api/chains/base',
  '/api/chains/base/snippets',
  '/api/providers',
  '/api/providers/popular',
  '/api/providers/featured',
  '/api/providers/by-chain/1',
  '/api/providers/publicnode',
  '/api/providers/publicnode/reviews',
  '/api/search?q=base',
  '/api/homepage',
  '/api/about',
  '/api/partner-links',
  '/api/tracking-settings',
  '/api/ads/header',
  '/api/category/chains',
  '/api/directory',
  '/api/openapi.json',
];

it('lets any origin read the cached public answers, without credentials, on a miss and on a hit', async () => {
  for (const path of PUBLIC_READS) {
    for (const round of ['miss', 'hit']) {
      const res = await t.request(path, { headers: FOREIGN });
      expect([path, round, res.status]).toEqual([path, round, 200]);
      expect([path, res.headers.get('access-control-allow-origin')]).toEqual([path, '*']);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  }
});

it("never opens a user's or an admin's reads, nor any error, to other origins", async () => {
  const admin = await signIn(t, 'admin@example.com');
  for (const path of [
    '/api/auth/user',
    '/api/votes/mine',
    '/api/providers/publicnode/reviews/mine',
    '/api/admin/reviews/pending',
    '/api/admin/ads',
    '/api/admin/editorial-reviews',
  ]) {
    for (const res of [await t.request(path, { headers: FOREIGN }), await admin.fetch(path, { headers: FOREIGN })]) {
      expect([path, res.headers.get('access-control-allow-origin')]).toEqual([path, null]);
    }
  }
  const missing = await t.request('/api/chains/no-such-chain', { headers: FOREIGN });
  expect(missing.status).toBe(404);
  expect(missing.headers.get('access-control-allow-origin')).toBeNull();
});

it('keeps writes same-origin: no preflight is granted and a foreign Origin is refused', async () => {
  const preflight = await t.request('/api/contact', {
    method: 'OPTIONS',
    headers: { ...FOREIGN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  });
  expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  const write = await t.request('/api/contact', {
    method: 'POST',
    headers: { ...FOREIGN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'A', email: 'a@example.com', message: 'hello' }),
  });
  expect(write.status).toBe(403);
  expect(write.headers.get('access-control-allow-origin')).toBeNull();
});
