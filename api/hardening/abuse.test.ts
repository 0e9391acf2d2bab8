// Hostile requests get a clear 4xx, change nothing, and the server stays up.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';

let t: TestServer;
let user: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await startTestServer();
  user = await signIn(t, 'mallory@example.com');
});
afterAll(async () => {
  await t.close();
});

const contactCount = async () =>
  (await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM contact_submissions`)[0].n;
const reviewCount = async () => (await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM user_reviews`)[0].n;

const post = (path: string, body: BodyInit, type = 'application/json') =>
  user.fetch(path, { method: 'POST', headers: { 'Content-Type': type }, body });

describe('hostile request bodies', () => {
  it.each([
    ['an oversized JSON body', () => post('/api/contact', JSON.stringify({ name: 'x'.repeat(2_000_000) })), 413],
    ['a wrong content type', () => post('/api/contact', 'name=x', 'text/plain'), 415],
    ['a form content type', () => post('/api/contact', 'name=x', 'application/x-www-form-urlencoded'), 415],
    ['broken JSON', () => post('/api/contact', '{"name": '), 400],
    ['deeply nested JSON', () => post('/api/contact', '['.repeat(100_000) + ']'.repeat(100_000)), 400],
    [
      'a huge JSON array',
      () => post('/api/providers/drpc/reviews', JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i))),
      400,
    ],
    [
      'invalid UTF-8',
      () =>
        post(
          '/api/contact',
          Buffer.concat([
            Buffer.from('{"name":"'),
            Buffer.from([0xff, 0xfe]),
            Buffer.from('","email":"a@b.co","message":"hi"}'),
          ]),
        ),
      400,
    ],
    // JSON escapes can spell UTF-16 halves that no UTF-8 text holds; stored, they would become U+FFFD.
    ['a lone high surrogate', () => post('/api/contact', '{"name":"\\ud800","email":"a@b.co","message":"hi"}'), 400],
    [
      'a lone low surrogate in a review',
      () => post('/api/providers/drpc/reviews', '{"rating":5,"comment":"ok \\udc00"}'),
      400,
    ],
    [
      'a lone surrogate in a key',
      () => post('/api/contact', '{"\\ud800":"x","name":"A","email":"a@b.co","message":"hi"}'),
      400,
    ],
    ['a review with a string rating', () => post('/api/providers/drpc/reviews', JSON.stringify({ rating: '5' })), 400],
    ['a review rating out of range', () => post('/api/providers/drpc/reviews', JSON.stringify({ rating: 6 })), 400],
    [
      'a review with a 100,000-character comment',
      () => post('/api/providers/drpc/reviews', JSON.stringify({ rating: 5, comment: 'x'.repeat(100_000) })),
      400,
    ],
  ])('%s → %i with a message, nothing stored', async (_name, send, status) => {
    const before = [await contactCount(), await reviewCount()];
    const res = await send();
    expect(res.status).toBe(status);
    expect((await res.json()).message).toEqual(expect.any(String));
    expect([await contactCount(), await reviewCount()]).toEqual(before);
  });

  it('stores a proper surrogate pair (an emoji) as sent', async () => {
    const res = await post('/api/contact', '{"name":"\\ud83d\\ude00","email":"a@b.co","message":"hi"}');
    expect(res.status).toBe(201);
    const [row] = await t.sql<
      { name: string }[]
    >`SELECT name FROM contact_submissions WHERE id = ${(await res.json()).id}`;
    expect(row.name).toBe('😀');
  });

  it('stays up afterwards', async () => {
    expect((await t.get('/healthz')).body).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('compression both ways', () => {
  const corrupt = Buffer.from('{"name":"A","email":"a@b.co","message":"not compressed at all"}');
  it.each([
    ['gzip', corrupt],
    ['deflate', corrupt],
    ['br', corrupt],
    ['gzip', zlib.gzipSync(corrupt).subarray(0, 20)], // cut short
  ])('a corrupt %s request body → 400 with a message, nothing stored', async (encoding, body) => {
    const before = await contactCount();
    const res = await t.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding, Origin: t.url },
      body,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(`Request body is not valid ${encoding} data`);
    expect(await contactCount()).toBe(before);
  });

  it('a well-formed gzip request body is taken', async () => {
    const res = await t.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Origin: t.url },
      body: zlib.gzipSync(corrupt),
    });
    expect(res.status).toBe(201);
  });

  // The client refuses every encoding, identity too: it gets the body as it is (the only form there is).
  it.each(['identity;q=0', '*;q=0', 'identity;q=0, *;q=0', 'zstd;q=0, identity;q=0'])(
    'Accept-Encoding: %s → 200, uncompressed, for cached, uncached and page answers over 1 KB',
    async (acceptEncoding) => {
      for (const path of ['/api/chains', '/about', '/about?not-kept=1']) {
        await t.request(path); // cached answers exist before the refusing request
        const res = await t.request(path, { headers: { 'Accept-Encoding': acceptEncoding } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-encoding'), path).toBeNull();
        expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(1024);
      }
    },
  );
});

describe('hostile URLs', () => {
  it.each([
    ['/api/providers/%FF', 404],
    ['/api/providers/a%00b', 400],
    ['/api/search?q=%00', 400],
    ['/api/search?q=' + 'x'.repeat(10_000), 400],
    ['/api/search?q=a&q=b', 400],
    ['/api/providers/by-chain/1e400', 400],
    ['/api/providers/by-chain/-1', 400],
    ["/api/providers/drpc'%20OR%20'1'='1", 404],
    ['/api/chains/ethereum;DROP%20TABLE%20chains', 404],
    ['/api/category/providers%27--', 400],
    ['/api/ads/header%20OR%201=1', 400],
  ])('GET %# → %i', async (path, status) => {
    const res = await t.get(path);
    expect(res.status).toBe(status);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('left every table as it was', async () => {
    expect((await t.get('/api/chains')).body).toHaveLength(139);
  });
});
