// The server under test, in its own process (the load generator must not share its event loop).
// Boots exactly like api/server.ts (configuration, database, migrations, dataset, createApp) and
// listens on three loopback ports:
//   BENCH_PORT      the real app;
//   BENCH_PORT + 1  THE CEILING: a second instance of the same app (same middleware stack, same
//                   database) in which every captured API path is answered from memory at the point
//                   where the app answers its cache hits (serveHits), with the bytes (per content
//                   encoding) and ETag the real app sent;
//   BENCH_PORT + 2  the app with its response cache switched off (what the cache buys);
//   BENCH_PORT + 3  control: POST /capture {paths}, POST /invalidate, GET /memory.
import http from 'node:http';
import type { Context, Next } from 'koa';
import pino from 'pino';
import { createApp } from '../../api/app.ts';
import { openConfiguredDatabase, prepareDatabase } from '../../api/boot.ts';
import { loadConfig } from '../../api/config.ts';
import { preferredEncoding } from '../../api/middleware/response-cache.ts';

/** A captured answer: its ETag and its bytes per content encoding ('' = none), exactly as the app sent them. */
type Captured = { etag: string; type: string; bodies: Record<string, Buffer> };

function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const port = Number(process.env.BENCH_PORT);
const config = loadConfig({ ...process.env, PORT: String(port), RATE_LIMITS: 'off' });
const log = pino({ level: config.logLevel });
const db = await openConfiguredDatabase(config);
await prepareDatabase(db);

const app = await createApp({ db, config, log });
const ceiling = await createApp({ db, config, log });
const noCache = await createApp({ db, config, log });
const captured = new Map<string, Captured>();

// Routes reach the cache through ctx.cache.cached: a pass-through there disables it for this instance only.
noCache.context.cache = { ...noCache.context.cache, cached: (_ctx: Context, next: Next) => next() };

// Koa composes `app.middleware` when callback() is called, so the ceiling's shortcut can be spliced in
// where the app itself answers from memory: the earliest point of the stack a cached answer can leave.
const hitsAt = ceiling.middleware.findIndex((mw) => mw.name === 'serveHits');
if (hitsAt < 0) throw new Error('bench: no serveHits middleware found in the app');
ceiling.middleware.splice(hitsAt, 0, async function fromMemory(ctx: Context, next: Next) {
  const hit = captured.get(ctx.url);
  if (!hit || ctx.method !== 'GET') return next();
  ctx.type = hit.type;
  ctx.etag = hit.etag;
  // With this header the captured bytes go out uncompressed through koa-compress, which then compresses
  // them on every request: how the cache served hits before it kept encoded bytes.
  const encoding = ctx.get('x-bench-compress') === 'per-request' ? '' : (preferredEncoding(ctx) ?? '');
  const body = hit.bodies[encoding] ?? hit.bodies[''];
  if (body !== hit.bodies['']) ctx.set('Content-Encoding', encoding);
  ctx.body = body;
});

// autocannon drops its connections when a sample ends: responses cut short are expected, not errors.
for (const a of [app, ceiling, noCache]) {
  a.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE' && err.code !== 'ECONNRESET' && err.code !== 'EPIPE')
      console.error(err);
  });
}

const listen = (handler: http.RequestListener, p: number) =>
  new Promise<http.Server>((resolve) => {
    const server = http.createServer(handler);
    server.listen(p, '127.0.0.1', () => resolve(server));
  });

async function readJson(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

async function control(req: http.IncomingMessage, res: http.ServerResponse) {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  try {
    if (req.method === 'POST' && req.url === '/capture') {
      const { paths } = (await readJson(req)) as { paths: string[] };
      const sizes: Record<string, number> = {};
      for (const p of paths) {
        const bodies: Record<string, Buffer> = {};
        let first: Awaited<ReturnType<typeof rawGet>> | undefined;
        for (const encoding of ['', 'br', 'gzip']) {
          const r = await rawGet(`http://127.0.0.1:${port}${p}`, encoding);
          if (r.status !== 200 || !r.headers.etag)
            throw new Error(`capture ${p}: status ${r.status}, etag ${r.headers.etag}`);
          if ((r.headers['content-encoding'] ?? '') === encoding) bodies[encoding] = r.body;
          first ??= r;
        }
        captured.set(p, {
          bodies,
          etag: first!.headers.etag!,
          type: first!.headers['content-type'] ?? 'application/json',
        });
        sizes[p] = bodies[''].length;
      }
      return reply(200, sizes);
    }
    if (req.method === 'POST' && req.url === '/invalidate') {
      await app.context.cache.invalidate();
      return reply(200, {});
    }
    if (req.method === 'GET' && req.url === '/memory') return reply(200, process.memoryUsage());
    reply(404, { message: 'unknown control call' });
  } catch (err) {
    reply(500, { message: err instanceof Error ? err.message : String(err) });
  }
}

const servers = await Promise.all([
  listen(app.callback(), port),
  listen(ceiling.callback(), port + 1),
  listen(noCache.callback(), port + 2),
  listen(control, port + 3),
]);
console.error(`bench server ready on ${port} (${db.label})`);

const stop = async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
