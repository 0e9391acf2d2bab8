import http from 'node:http';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Koa from 'koa';
import Router from '@koa/router';
import compress from 'koa-compress';
import conditionalGet from 'koa-conditional-get';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import type { Database } from '../db/index.ts';
import { z } from 'zod';
import { createResponseCache, preferredEncoding } from './response-cache.ts';
import { validate } from './validate.ts';

/** GET without fetch's transparent decompression: the bytes and headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('preferredEncoding', () => {
  const app = new Koa();
  const choice = (acceptEncoding?: string) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    return preferredEncoding(app.createContext({ headers } as http.IncomingMessage, {} as http.ServerResponse));
  };

  it("prefers Brotli, then gzip, whatever the header's order, honouring q=0 and *", () => {
    expect(choice('gzip, deflate, br, zstd')).toBe('br');
    expect(choice('gzip, deflate')).toBe('gzip');
    expect(choice('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(choice('*')).toBe('br');
    expect(choice('identity')).toBeUndefined();
    expect(choice(undefined)).toBeUndefined();
  });
});

describe('cached responses on the real app', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the same JSON, identity, Brotli or gzip, with one ETag, and 304 on revalidation', async () => {
    const plain = await rawGet(`${t.url}/api/providers`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.length).toBeGreaterThan(0);

    const br = await rawGet(`${t.url}/api/providers`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    const gz = await rawGet(`${t.url}/api/providers`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8'))).toEqual(json);

    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(gz.headers.etag).toBe(plain.headers.etag);
    const revalidated = await rawGet(`${t.url}/api/providers`, {
      'if-none-match': plain.headers.etag!,
      'accept-encoding': 'br',
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('answers from the database again after a write', async () => {
    const before = await t.get('/api/providers');
    const [{ id }] = await t.sql<{ id: number }[]>`SELECT id FROM providers ORDER BY sort_rank, id LIMIT 1`;
    await t.sql`UPDATE providers SET name = 'Renamed by the cache test' WHERE id = ${id}`;
    // Written behind the app's back: still the cached answer…
    expect((await t.get('/api/providers')).body).toEqual(before.body);
    // …until a write is announced, as every successful write request does: a visitor may get the kept answer
    // while the fresh one is made, the writer (here a hard reload) gets the fresh one, and so do visitors after it.
    await t.app.context.cache.invalidate();
    const names = async (headers: Record<string, string>) => {
      const res = await rawGet(`${t.url}/api/providers`, { 'accept-encoding': 'br', ...headers });
      const list = JSON.parse(zlib.brotliDecompressSync(res.body).toString('utf8')) as { id: number; name: string }[];
      return list.find((p) => p.id === id)?.name;
    };
    expect(await names({ 'cache-control': 'no-cache' })).toBe('Renamed by the cache test');
    expect(await names({})).toBe('Renamed by the cache test');
  });
});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe('the cache itself', () => {
  let server: http.Server | undefined;
  let url: string;
  let cache: ReturnType<typeof createResponseCache>;
  let calls = 0;
  let routed = 0; // requests that went past serveHits into the app's later layers
  let release: () => void = () => {};
  const pageRenders: (() => void)[] = []; // each page render waits for its call
  const releasePages = () => pageRenders.splice(0).forEach((r) => r());

  /** A fresh app and cache for each test (`staleMs`: how long after a write a stale entry may be served). */
  async function serve({ staleMs }: { staleMs?: number } = {}) {
    await close();
    calls = 0;
    routed = 0;
    const app = new Koa();
    // The cache only uses the database's invalidation channel; an in-process bus stands in for it here.
    const bus = new EventEmitter();
    const db = {
      onInvalidation: (l: () => void) => void bus.on('invalidate', l),
      publishInvalidation: async () => void bus.emit('invalidate'),
    } as unknown as Database;
    cache = createResponseCache(db, app, { maxBytes: 10_000, staleMs });
    app.use(compress({ threshold: 1024 }));
    app.use(conditionalGet());
    app.use(cache.serveHits);
    app.use(async (_ctx, next) => {
      routed++;
      await next();
    });
    const router = new Router();
    router.get('/slow', cache.cached, async (ctx) => {
      calls++;
      await new Promise<void>((r) => (release = r));
      ctx.body = { calls };
    });
    router.get('/count', cache.cached, async (ctx) => {
      ctx.body = { calls: ++calls };
    });
    router.get('/missing', cache.cached, async (ctx) => {
      calls++;
      ctx.status = 404;
      ctx.body = { message: 'not here' };
    });
    router.get('/paged', cache.cached, async (ctx) => {
      calls++;
      ctx.set('Link', '</paged?after=2>; rel="next"');
      ctx.body = [1, 2];
    });
    router.post('/paged', async (ctx) => {
      ctx.body = { posted: true };
    });
    // As api/web/routes.ts serves pages: a kept one first, else a render.
    router.get('/page/:kind', async (ctx) => {
      const shared = ctx.params.kind !== 'personal';
      const kept = shared && cache.serveDocument(ctx, ctx.path);
      if (kept) return kept;
      await cache.renderDocument(
        ctx,
        ctx.path,
        async () => {
          const n = ++calls;
          await new Promise<void>((r) => pageRenders.push(r));
          return { status: 200, html: `<p>render ${n}</p>`, keep: shared };
        },
        { shared },
      );
    });
    // The app's validate() on this bare Koa app's context, which has none of the app's fields (it needs none).
    const readsLimit = validate({ query: z.object({ limit: z.string().optional() }) }) as unknown as Koa.Middleware;
    router.get('/listed', cache.cached, readsLimit, async (ctx) => {
      calls++;
      ctx.body = { limit: ctx.query.limit ?? null };
    });
    router.get('/big/:n', cache.cached, async (ctx) => {
      calls++;
      ctx.body = { n: ctx.params.n, pad: 'x'.repeat(3000) };
    });
    app.use(router.routes());
    server = http.createServer(app.callback());
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  async function close() {
    releasePages();
    release();
    if (server) await new Promise((r) => server!.close(r));
    server = undefined;
  }
  beforeEach(() => serve());
  afterAll(close);

  const json = async (path: string, headers: Record<string, string> = {}) =>
    (await fetch(url + path, { headers })).json();
  const visit = (kind: string) => fetch(`${url}/page/${kind}`).then((r) => r.text());

  it('computes a missing entry once for all the requests waiting on it', async () => {
    const waiting = Array.from({ length: 20 }, () => json('/slow'));
    await until(() => calls === 1);
    await new Promise((r) => setTimeout(r, 50)); // the other 19 arrive meanwhile (or later, from the stored entry)
    release();
    const answers = await Promise.all(waiting);
    expect(calls).toBe(1);
    expect(answers).toEqual(Array(20).fill({ calls: 1 }));
  });

  it('after a write, serves the kept answer while one computation makes the fresh one; the writer waits for it', async () => {
    const first = json('/slow');
    await until(() => calls === 1);
    release();
    expect(await first).toEqual({ calls: 1 });

    await cache.invalidate();
    // Twenty visitors are answered at once with the stale copy (its fresh one is still being made: not released)…
    expect(await Promise.all(Array.from({ length: 20 }, () => json('/slow')))).toEqual(Array(20).fill({ calls: 1 }));
    await until(() => calls === 2);
    // …while a signed-in visitor (the admin who wrote) and a hard reload wait for the fresh one: the same computation.
    let settled = 0;
    const writers = [
      json('/slow', { Cookie: 'rpc_atlas_sid=someone' }),
      json('/slow', { 'Cache-Control': 'no-cache' }),
    ].map((p) => p.finally(() => settled++));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(0);
    release();
    expect(await Promise.all(writers)).toEqual([{ calls: 2 }, { calls: 2 }]);
    expect(await json('/slow')).toEqual({ calls: 2 });
    expect(calls).toBe(2);
  });

  it('serves a stale entry only within its time after the write; later requests wait for the fresh one', async () => {
    await serve({ staleMs: 100 });
    expect(await json('/count')).toEqual({ calls: 1 });
    await cache.invalidate();
    await new Promise((r) => setTimeout(r, 200));
    expect(await json('/count')).toEqual({ calls: 2 });
  });

  it('keeps an answer a write overtook, stale: served, and made again', async () => {
    const overtaken = json('/slow');
    await until(() => calls === 1);
    await cache.invalidate();
    release();
    expect(await overtaken).toEqual({ calls: 1 });
    expect(await json('/slow')).toEqual({ calls: 1 }); // the kept copy, stale: its fresh one is asked for…
    await until(() => calls === 2);
    release();
    await until(() => cache.stats().entries === 1 && calls === 2);
    // …and kept in its place.
    while ((await json('/slow')).calls !== 2) await new Promise((r) => setTimeout(r, 5));
  });

  it('renders a page the same for everyone once for all the visitors waiting on it; a personal one for each', async () => {
    const waiting = Array.from({ length: 20 }, () => visit('shared'));
    await until(() => calls === 1);
    await new Promise((r) => setTimeout(r, 50)); // the other 19 arrive meanwhile (or later, from the kept page)
    releasePages();
    expect(await Promise.all(waiting)).toEqual(Array(20).fill('<p>render 1</p>'));
    expect(calls).toBe(1);

    const personal = [visit('personal'), visit('personal')];
    await until(() => calls === 3);
    releasePages();
    expect((await Promise.all(personal)).sort()).toEqual(['<p>render 2</p>', '<p>render 3</p>']);
  });

  it('after a write, serves the kept page while it is rendered again in the background, once', async () => {
    const first = visit('shared');
    await until(() => calls === 1);
    releasePages();
    expect(await first).toBe('<p>render 1</p>');
    expect(await visit('shared')).toBe('<p>render 1</p>'); // visited since it was made: one to render again

    await cache.invalidate();
    // Re-rendered after the write with no visitor asking; visitors meanwhile get the kept page, and set off no render.
    await until(() => calls === 2);
    expect(await Promise.all(Array.from({ length: 20 }, () => visit('shared')))).toEqual(
      Array(20).fill('<p>render 1</p>'),
    );
    expect(calls).toBe(2);
    releasePages();
    await until(() => pageRenders.length === 0);
    let page = await visit('shared');
    while (page === '<p>render 1</p>') page = await visit('shared');
    expect(page).toBe('<p>render 2</p>');
    expect(calls).toBe(2);
  });

  it('answers a hit before the later layers (sessions, routing), with the Link header of a paged answer', async () => {
    const first = await fetch(`${url}/paged`);
    const second = await fetch(`${url}/paged`);
    expect([await first.json(), await second.json()]).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(second.headers.get('link')).toBe('</paged?after=2>; rel="next"');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect({ calls, routed }).toEqual({ calls: 1, routed: 1 });
    // Only reads are answered from memory.
    expect(await (await fetch(`${url}/paged`, { method: 'POST' })).json()).toEqual({ posted: true });
    expect(routed).toBe(2);
  });

  it('marks its entries stale at a scheduled time; a write before then takes the schedule with it', async () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await json('/count');
    // A second ahead: the read just after it is well before it, even on a loaded machine.
    cache.staleAt(Date.now() + 1000);
    expect(await json('/count')).toEqual({ calls: 1 }); // kept until then
    await wait(1200);
    expect(await json('/count')).toEqual({ calls: 1 }); // stale now: served while made again
    await until(() => calls === 2);
    // A write marks the entries the schedule was for; the answers after it are kept until the next write.
    cache.staleAt(Date.now() + 150);
    await cache.invalidate();
    expect(await json('/count')).toEqual({ calls: 2 });
    await until(() => calls === 3);
    await wait(300);
    expect(await json('/count')).toEqual({ calls: 3 });
    expect(calls).toBe(3);
  });

  it('keys an answer by the query parameters its route reads: any other parameter shares the entry', async () => {
    const read = async (query: string) => (await fetch(`${url}/listed${query}`)).json();
    expect(await read('')).toEqual({ limit: null });
    for (let rt = 0; rt < 20; rt++) expect(await read(`?rt=${rt}`)).toEqual({ limit: null });
    expect(await read('?limit=5')).toEqual({ limit: '5' });
    expect(await read('?limit=5&rt=1')).toEqual({ limit: '5' });
    expect(await read('?rt=2&limit=5')).toEqual({ limit: '5' });
    expect(await read('?limit=6')).toEqual({ limit: '6' });
    expect(calls).toBe(3);
    expect(cache.stats().entries).toBe(3);
    expect(routed).toBe(3); // only the three misses reached routing: every other read was a hit, before routing
    // A route that reads no query at all: one entry whatever the query string.
    for (let rt = 0; rt < 20; rt++) await (await fetch(`${url}/paged?rt=${rt}`)).arrayBuffer();
    expect(calls).toBe(4);
  });

  it('does not keep errors', async () => {
    expect((await fetch(`${url}/missing`)).status).toBe(404);
    expect((await fetch(`${url}/missing`)).status).toBe(404);
    expect(calls).toBe(2);
  });

  it('stays within its byte budget, dropping the least recently used entries', async () => {
    for (const n of [1, 2, 3]) await (await fetch(`${url}/big/${n}`)).arrayBuffer(); // ~3 KB each
    await (await fetch(`${url}/big/1`)).arrayBuffer(); // 1 is now the most recent
    for (const n of [4, 5]) await (await fetch(`${url}/big/${n}`)).arrayBuffer();
    expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(calls).toBe(5);
    await (await fetch(`${url}/big/1`)).arrayBuffer(); // kept
    expect(calls).toBe(5);
    await (await fetch(`${url}/big/2`)).arrayBuffer(); // dropped
    expect(calls).toBe(6);
  });
});
