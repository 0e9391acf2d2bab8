// In-process cache of public GET responses. Any successful write anywhere clears it: in this process
// directly, in other processes through the database's invalidation channel (LISTEN/NOTIFY on
// PostgreSQL; in-process relay on the embedded engine). So cached data is never stale after a write.
import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Database } from '../db/index.ts';
import type { AppCtx } from '../context.ts';

type Entry = { body: string; etag: string };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createResponseCache(db: Database) {
  const entries = new Map<string, Entry>();
  // Bumped on every invalidation so a response computed during a write is not stored afterwards.
  let generation = 0;
  // Computed values other than JSON responses (e.g. server-rendered page heads), same lifetime.
  const values = new Map<string, unknown>();
  const clear = () => {
    generation++;
    entries.clear();
    values.clear();
  };
  db.onInvalidation(clear);

  return {
    /** Route middleware: serve this route's JSON from memory until the next write. */
    cached: async function cached(ctx: Context, next: Next) {
      const key = ctx.url;
      const hit = entries.get(key);
      if (hit) {
        ctx.type = 'application/json';
        ctx.etag = hit.etag;
        ctx.body = hit.body;
        return;
      }
      const startedAt = generation;
      await next();
      if (ctx.status !== 200 || ctx.body === undefined || typeof ctx.body !== 'object') return;
      const body = JSON.stringify(ctx.body);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      if (generation === startedAt) entries.set(key, { body, etag });
      ctx.type = 'application/json';
      ctx.etag = etag;
      ctx.body = body;
    },
    /**
     * Memoises `compute()` under `key` until the next write, like `cached` does for JSON responses.
     * `undefined` results (e.g. an unknown slug) are not kept, so keys stay bounded by real data.
     */
    memo: async function memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (values.has(key)) return values.get(key) as T;
      const startedAt = generation;
      const value = await compute();
      if (value !== undefined && generation === startedAt) values.set(key, value);
      return value;
    },
    /** App middleware: after a successful write, drop every cached response everywhere. */
    invalidateOnWrite: async function invalidateOnWrite(ctx: Context, next: Next) {
      await next();
      if (!SAFE_METHODS.has(ctx.method) && ctx.status < 400) {
        clear();
        await db.publishInvalidation();
      }
    },
    /** For writes that happen outside a write request (e.g. sign-in refreshing a user's name). */
    invalidate: async () => {
      clear();
      await db.publishInvalidation();
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;

/** Route middleware: `router.get(path, cached, handler)` serves the handler's JSON from memory until the next write. */
export function cached(ctx: AppCtx, next: Next) {
  return ctx.cache.cached(ctx, next);
}
