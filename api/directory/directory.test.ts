// GET /api/directory on a real database: each answer it holds is exactly what its own path answers; it covers
// the lists, every provider and every chain; the chains' provider lists it leaves out are derived by the PWA
// exactly as the server answers them; it is public (the same for everyone, nothing private in it); and a
// write shows in it at once (it is cached like the routes it mirrors, and cleared with them).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineDatabase } from '../../pwa/offline/db.ts';
import { isSavedPath, loadResponse } from '../../pwa/offline/store.ts';
import { createDirectorySync } from '../../pwa/offline/sync.ts';
import type { Provider } from '../../contract/providers.ts';
import { signInAdmin } from '../admin/test-support.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';
import { DIRECTORY_PART_BYTES, directoryPartSchema, directorySchema } from '../../contract/directory.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  // The seeded providers have no reviews yet: counts that differ (and tie) put the chains' order to the test.
  await t.sql`UPDATE providers SET total_reviews = id % 3, rating_sum = 4 * (id % 3)`;
});
afterAll(async () => {
  await t.close();
});

async function directory() {
  const res = await t.get('/api/directory');
  expect(res.status).toBe(200);
  return directorySchema.parse(res.body);
}

describe('GET /api/directory', () => {
  it('holds, under each path, exactly what GET of that path answers', async () => {
    const { responses } = await directory();
    for (const [path, value] of Object.entries(responses)) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(value, path).toEqual(res.body);
    }
  }, 120_000);

  it("covers the lists and content, every provider and every chain (not the chains' provider lists)", async () => {
    const { responses } = await directory();
    const providers = await t.sql<{ slug: string }[]>`SELECT slug FROM providers`;
    const chains = await t.sql<{ id: number; slug: string }[]>`SELECT id, slug FROM chains`;
    const expected = [
      '/api/chains',
      '/api/chains/summary',
      '/api/chains/with-stats',
      '/api/providers',
      '/api/providers/popular',
      '/api/providers/featured',
      '/api/homepage',
      '/api/about',
      '/api/category/providers',
      '/api/category/chains',
      '/api/partner-links',
      ...['header', 'sidebar', 'footer', 'content-top', 'content-bottom', 'hotlist-inline'].map((p) => `/api/ads/${p}`),
      '/api/tracking-settings',
      ...providers.map((p) => `/api/providers/${p.slug}`),
      ...chains.map((c) => `/api/chains/${c.slug}`),
    ];
    expect(Object.keys(responses).sort()).toEqual(expected.sort());
    expect(expected).toHaveLength(18 + 59 + 139);
  });

  it('comes in parts: together exactly the whole answer, in its order, the lists first, each about 256 KB of JSON', async () => {
    const whole = await directory();
    const first = directoryPartSchema.parse((await t.get('/api/directory?part=0')).body);
    expect(first.parts).toBeGreaterThan(2);
    const parts = [first];
    for (let part = 1; part < first.parts; part++) {
      const res = await t.get(`/api/directory?part=${part}`);
      expect(res.status).toBe(200);
      parts.push(directoryPartSchema.parse(res.body));
    }
    expect(parts.map((p) => p.part)).toEqual([...parts.keys()]);
    expect(new Set(parts.map((p) => p.generatedAt))).toEqual(new Set([whole.generatedAt]));
    const paths = parts.flatMap((p) => Object.keys(p.responses));
    expect(paths).toEqual(Object.keys(whole.responses));
    expect(Object.assign({}, ...parts.map((p) => p.responses))).toEqual(whole.responses);
    // The lists and content (18 answers: the home page, the lists and search work offline from them) first.
    expect(paths.indexOf('/api/tracking-settings')).toBe(17);
    for (const { responses } of parts.slice(0, -1)) {
      const sizes = Object.values(responses).map((v) => JSON.stringify(v).length);
      const total = sizes.reduce((a, b) => a + b, 0);
      // Closed once it reached the size: without its last answer it was still under it.
      expect(total).toBeGreaterThanOrEqual(DIRECTORY_PART_BYTES);
      expect(total - sizes.at(-1)!).toBeLessThan(DIRECTORY_PART_BYTES);
    }
    expect((await t.get(`/api/directory?part=${first.parts}`)).status).toBe(404);
    const bad = await t.get('/api/directory?part=first');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('part must be a number');
  });

  it("copied into the PWA's store (real Dexie), answers every chain's providers exactly as GET /api/providers/by-chain/{id}", async () => {
    const db = new OfflineDatabase(`directory-test-${crypto.randomUUID()}`);
    try {
      const sync = createDirectorySync({
        db,
        fetch: (input, init) => t.request(String(input), init),
        isOnline: () => true,
        locks: null,
      });
      expect(await sync.run()).toBe('done');
      expect(await db.responses.where('path').startsWith('/api/providers/by-chain/').count()).toBe(0);

      const providers = (await t.get('/api/providers')).body as Provider[];
      const chains = await t.sql<{ id: number }[]>`SELECT id FROM chains ORDER BY id`;
      let reordered = 0;
      for (const { id } of chains) {
        const online = await t.get(`/api/providers/by-chain/${id}`);
        expect(online.status).toBe(200);
        expect(await loadResponse(db, `/api/providers/by-chain/${id}`), `chain ${id}`).toEqual(online.body);
        const inListOrder = providers.filter((p) => p.chainIds.includes(id)).map((p) => p.id);
        if (JSON.stringify(inListOrder) !== JSON.stringify((online.body as Provider[]).map((p) => p.id))) reordered++;
      }
      // The order is put to the test: for some chains the most reviewed come before the list's order.
      expect(reordered).toBeGreaterThan(10);
      // An unknown chain: the server's 404, no answer offline.
      const unknown = chains.at(-1)!.id + 1000;
      expect((await t.get(`/api/providers/by-chain/${unknown}`)).status).toBe(404);
      expect(await loadResponse(db, `/api/providers/by-chain/${unknown}`)).toBeUndefined();
    } finally {
      db.close();
      await db.delete();
    }
  }, 120_000);

  it('is public: the same for everyone, nothing about users beyond their approved reviews, only paths the offline app keeps', async () => {
    // A signed-in user's pending review and vote: private until approved, never in the directory.
    const user = await signIn(t, 'directory-reader@example.com');
    expect(
      (await user.json('POST', '/api/providers/drpc/reviews', { rating: 2, comment: 'Pending, not for the directory' }))
        .status,
    ).toBe(201);
    expect((await user.json('PUT', '/api/providers/drpc/vote', { value: 1 })).status).toBe(200);
    // Signing in writes (the user's row): done before the reads below, which must then share one cached answer.
    const admin = await signInAdmin(t);

    const anonymous = await t.request('/api/directory', { headers: { 'Accept-Encoding': 'br' } });
    expect(anonymous.headers.get('content-encoding')).toBe('br');
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    const text = await anonymous.text();
    expect(text).not.toContain('Pending, not for the directory');
    expect(text).not.toContain('@example.com');

    // A signed-in user and an admin get the very same answer.
    for (const reader of [user, admin])
      expect(JSON.stringify((await reader.json('GET', '/api/directory')).body)).toBe(text);

    for (const path of Object.keys(directorySchema.parse(JSON.parse(text)).responses))
      expect(isSavedPath(path), path).toBe(true);
  });

  it('changes with every write: a provider added, edited content, a provider deleted', async () => {
    const admin = await signInAdmin(t);
    const before = await directory();
    const created = await admin.json('POST', '/api/admin/providers', { name: 'Directory RPC', slug: 'directory-rpc' });
    expect(created.status).toBe(201);
    expect((await admin.json('PUT', '/api/admin/about', { title: 'About the directory' })).status).toBe(200);

    const after = await directory();
    expect(after.generatedAt > before.generatedAt).toBe(true);
    expect(after.responses['/api/providers/directory-rpc']).toEqual((await t.get('/api/providers/directory-rpc')).body);
    expect((after.responses['/api/providers'] as { slug: string }[]).map((p) => p.slug)).toContain('directory-rpc');
    expect(after.responses['/api/about']).toMatchObject({ title: 'About the directory' });

    expect((await admin.json('DELETE', `/api/admin/providers/${created.body.id}`)).status).toBe(200);
    const deleted = await directory();
    expect(deleted.responses['/api/providers/directory-rpc']).toBeUndefined();
    expect((deleted.responses['/api/providers'] as { slug: string }[]).map((p) => p.slug)).not.toContain(
      'directory-rpc',
    );
  });
});
