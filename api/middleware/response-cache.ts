// In-process cache of public GET responses and pages. Any successful write anywhere marks every entry stale: in this
// process directly, in other processes through the database's invalidation channel (LISTEN/NOTIFY on PostgreSQL;
// in-process relay on the embedded engine). A stale entry is still served for up to STALE_MAX_MS after the write while
// its fresh copy is made in the background, one at a time per entry, by a request the app makes to itself; the most
// recently visited pages are re-rendered that way right after each write. So no visitor waits for a re-render (though
// requests arriving while React draws one in this process wait out that synchronous stretch), and none is shown data
// older than the last write for more than STALE_MAX_MS. Requests that must see the write wait for the
// fresh copy instead (`demandsFresh`): a signed-in visitor's (the admin who wrote), a hard reload's, and the server's
// own page renders (a page drawn from a stale answer would be kept as fresh). docs/server-rendering.md, "Kept pages".
//
// Measured in bench/ (RESULTS.md): an entry keeps its bytes already encoded — UTF-8, and Brotli/gzip
// made once on the first request that accepts them — because compressing on every request cost ~10× the
// throughput; concurrent misses of one URL share one computation, so a write under load does not set off
// one database query per waiting request; and the total size is bounded, oldest-used entries going
// first. An answer is keyed by its path and the query parameters its route reads, so parameters a route
// ignores share its entry.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Next } from 'koa';
import type { ParsedUrlQuery } from 'node:querystring';
import type { Layer } from '@koa/router';
import type { Database } from '../db/index.ts';
import { outageWatchOf, unreachableDatabase } from '../db/outage.ts';
import type { AppContext, AppCtx } from '../context.ts';
import { requestInProcess, type InProcessApp } from '../lib/in-process.ts';
import { hasSession } from './session.ts';

export type Encoding = 'br' | 'gzip';
// `type`: JSON for API answers, HTML for server-rendered pages (`document`).
// `link`: a paged list's `Link: <…>; rel="next"` header, part of the answer like its body.
// `body`: the bytes as made, until a page's Brotli copy is ready (then it keeps that alone: `bodyOf`); `size`: their
// length. `encoded`: each encoding being made (once); `ready`: the finished bytes, so a hit never waits on a promise.
// `url`: what to request to make it again; `generation`: the cache's when it was begun; `staleSince`: the time of the
// first write after that; `served`: whether a visitor has had it (else it is not made again unasked).
type Entry = {
  type: string;
  body?: Buffer;
  size: number;
  url: string;
  generation: number;
  staleSince?: number;
  served?: boolean;
  etag: string;
  link?: string;
  bytes: number;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  ready: Partial<Record<Encoding, Buffer>>;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html; charset=utf-8';
/** Bodies smaller than this go uncompressed (koa-compress's threshold, which the app uses for the rest). */
const COMPRESS_THRESHOLD = 1024;
/** Memory the cached bodies may take; beyond it the least recently used entries are dropped. */
export const RESPONSE_CACHE_MAX_BYTES = 256 * 2 ** 20;
/** How long after a write its stale entries may still be served while their fresh copies are made. */
export const STALE_MAX_MS = 10_000;
/**
 * How many of the most recently used pages are re-rendered in the background after a write (those visited since they
 * were made: a render holds the event loop, so pages nobody asked for are left to their first visitor).
 */
const PAGES_RENDERED_AFTER_WRITE = 20;
/** Writes this close together share that one round of renders (the prober writes several at the end of a round). */
const RENDER_AFTER_WRITE_DELAY_MS = 100;
/** The headers of a read that must not be answered with a stale copy: the server's own (a hard reload's alike). */
export const FRESH_READ = { 'cache-control': 'no-cache' } as const;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const encoders: Record<Encoding, (b: Buffer) => Promise<Buffer>> = {
  // Quality 5: within a few % of the best ratio for JSON at a fraction of the time (done once per entry).
  br: (b) =>
    brotli(b, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    }),
  gzip: (b) => gzip(b),
};

/**
 * An entry's bytes as made. A page keeps only its Brotli copy once made: every browser asks for it, the HTML is 5–10×
 * its size (20 MB of the server's memory after every page of the site), and the rare request for another encoding or
 * none pays a decompression of a millisecond. API answers keep theirs: scripts often ask for them uncompressed, and
 * the biggest are megabytes.
 */
const bodyOf = (entry: Entry) => entry.body ?? zlib.brotliDecompressSync(entry.ready.br!);

/** The encoding to answer with: Brotli when accepted, else gzip, else none (koa-compress's preference order). */
export function preferredEncoding(ctx: Context): Encoding | undefined {
  const header = ctx.get('Accept-Encoding');
  // Browsers send a handful of distinct headers: negotiate each once (3 µs a request otherwise; bounded for
  // hostile clients).
  if (choices.has(header)) return choices.get(header);
  if (choices.size >= 256) choices.clear();
  // One encoding per call: given several, Koa ranks them by the header's order, not the server's preference.
  const choice = PREFERENCE.find((encoding) => ctx.acceptsEncodings(encoding));
  choices.set(header, choice);
  return choice;
}
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];
const choices = new Map<string, Encoding | undefined>();

/** The query parameters the running route reads: those its validate() declares (none without one). */
function routeQueryNames(ctx: Context): readonly string[] {
  const { matched = [], routerPath } = ctx as Context & { matched?: Layer[]; routerPath?: string };
  const layer = matched.find((l) => l.path === routerPath && l.methods.includes(ctx.method));
  return layer?.stack.map((fn) => (fn as Partial<{ queryNames: string[] }>).queryNames).find(Boolean) ?? [];
}

const answerKey = (path: string, query: ParsedUrlQuery, names: readonly string[]) =>
  names.length ? `${path}?${JSON.stringify(names.map((name) => query[name] ?? null))}` : path;

/** Whether `ctx` must not be answered with a stale copy (see the top of this file). */
const demandsFresh = (ctx: Context) => hasSession(ctx) || ctx.get('Cache-Control').includes('no-cache');

/**
 * `app`: where the fresh copies are requested (in process). `maxBytes`: the memory the kept bytes may take.
 * `staleMs`: how long after a write a stale entry may be served.
 */
export function createResponseCache(
  db: Database,
  app: InProcessApp & { context: object },
  { maxBytes = RESPONSE_CACHE_MAX_BYTES, staleMs = STALE_MAX_MS } = {},
) {
  const entries = new Map<string, Entry>(); // in order of last use
  const inflight = new Map<string, Promise<Entry | undefined>>();
  // The fresh copies requested in the background, one per entry.
  const refreshing = new Map<string, Promise<unknown>>();
  // The query parameters read by the route of each path with an entry, so a hit is found before routing.
  const queryNamesByPath = new Map<string, readonly string[]>();
  let totalBytes = 0;
  // Bumped on every invalidation: what was begun before it is stale once made.
  let generation = 0;
  let lastWriteAt = 0;
  // Computed values other than JSON responses (e.g. server-rendered page heads), dropped at each write.
  const values = new Map<string, unknown>();
  // The earliest time-based invalidation scheduled (see `staleAt`).
  let scheduled: { at: number; timer: NodeJS.Timeout } | undefined;
  let pagesTimer: NodeJS.Timeout | undefined;
  const markStale = () => {
    generation++;
    lastWriteAt = Date.now();
    for (const entry of entries.values()) entry.staleSince ??= lastWriteAt;
    // Renders and refreshes under way read the data before the write: requests from now on do not wait on them.
    inflight.clear();
    refreshing.clear();
    values.clear();
    // The answers it was for are stale; those computed from now on schedule their own (else the prober's state,
    // redone at each round, would invalidate the whole cache once more per round).
    clearTimeout(scheduled?.timer);
    scheduled = undefined;
    pagesTimer ??= setTimeout(renderRecentPages, RENDER_AFTER_WRITE_DELAY_MS).unref();
  };
  db.onInvalidation(markStale);

  /** Keeps `entry` unless one begun after it is kept already; marked stale when a write came while it was made. */
  const store = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old && old.generation > entry.generation) return;
    if (entry.generation !== generation) entry.staleSince = lastWriteAt;
    if (old) {
      entries.delete(key);
      totalBytes -= old.bytes;
    }
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const [oldKey, oldest] of entries) {
      if (totalBytes <= maxBytes || oldKey === key) break;
      entries.delete(oldKey);
      totalBytes -= oldest.bytes;
    }
  };

  const newEntry = (type: string, body: Buffer, url: string, begun: number, link?: string): Entry => ({
    type,
    body,
    size: body.length,
    url,
    generation: begun,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    link,
    encoded: {},
    ready: {},
    bytes: body.length,
  });

  // API answers are keyed by their URL, pages by their path in a key no request URL can equal (a space), so a
  // page is only ever served by `document`, which knows who asks.
  const PAGE_KEY = ' page ';
  const documentKey = (path: string) => PAGE_KEY + path;

  /** Asks the app for `url` as a visitor that must not get a stale copy, Brotli made along (most visitors take it). */
  const requestFresh = (url: string) => requestInProcess(app, url, { ...FRESH_READ, 'accept-encoding': 'br' });

  /** Has the fresh copy of the entry at `key` made in the background, unless it is being made. */
  function refresh(key: string, url: string): Promise<unknown> {
    const pending = refreshing.get(key);
    if (pending) return pending;
    const mine = requestFresh(url)
      .catch((err: unknown) => (app.context as Partial<AppContext>).log?.error({ err, url }, 'cache refresh failed'))
      .finally(() => {
        if (refreshing.get(key) === mine) refreshing.delete(key);
      });
    refreshing.set(key, mine);
    return mine;
  }

  /** After a write: the most recently used pages, re-rendered one after another while their stale copies serve. */
  async function renderRecentPages() {
    pagesTimer = undefined;
    const begun = generation;
    const recent = [...entries]
      .filter(([key, entry]) => key.startsWith(PAGE_KEY) && entry.staleSince !== undefined && entry.served)
      .slice(-PAGES_RENDERED_AFTER_WRITE)
      .reverse();
    for (const [key, { url }] of recent) {
      // A later write has its own round; a visitor may have had the page made already.
      if (generation !== begun) return;
      if (entries.get(key)?.staleSince !== undefined) await refresh(key, url);
    }
  }

  /**
   * The entry to answer `ctx` with, marked as the most recently used: a fresh one, or a stale one for a request that
   * may have it within `staleMs` of the write (its fresh copy then requested in the background). Undefined otherwise.
   */
  function usable(ctx: Context, key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.staleSince !== undefined) {
      if (Date.now() - entry.staleSince > staleMs || demandsFresh(ctx)) return undefined;
      void refresh(key, entry.url);
    }
    entries.delete(key);
    entries.set(key, entry);
    entry.served = true;
    return entry;
  }

  /** Sync when the bytes are ready (every hit but the first per encoding): no promise on the hot path. */
  function serve(ctx: Context, key: string, entry: Entry): Promise<void> | void {
    ctx.status = 200; // before ctx.fresh, which only holds for 2xx answers
    ctx.type = entry.type;
    // A cached API answer is public and the same for everyone: other sites' scripts may read it, without
    // credentials (`*` forbids them). Nothing else (a signed-in read, any write) is ever given this header.
    if (entry.type === JSON_TYPE) ctx.set('Access-Control-Allow-Origin', '*');
    ctx.etag = entry.etag;
    if (entry.link) ctx.set('Link', entry.link);
    const encoding = entry.size >= COMPRESS_THRESHOLD ? preferredEncoding(ctx) : undefined;
    // A revalidation that will end in 304 needs no body: conditional-get drops whichever bytes are held (a page's
    // Brotli copy is not decompressed for it).
    if (ctx.fresh) {
      ctx.body = entry.body ?? entry.ready.br!;
      return;
    }
    if (!encoding) {
      ctx.body = bodyOf(entry);
      return;
    }
    ctx.set('Content-Encoding', encoding); // koa-compress leaves encoded bodies alone
    const ready = entry.ready[encoding];
    if (ready) {
      ctx.body = ready;
      return;
    }
    return encode(key, entry, encoding).then((bytes) => {
      ctx.body = bytes;
    });
  }

  /** Makes `entry`'s `encoding` once, however many requests wait for it, and counts its bytes. */
  function encode(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    entry.encoded[encoding] ??= encoders[encoding](bodyOf(entry)).then((bytes) => {
      entry.ready[encoding] = bytes;
      const dropped = encoding === 'br' && entry.type === HTML_TYPE && entry.body ? entry.body.length : 0;
      if (dropped) entry.body = undefined;
      if (entries.get(key) === entry) {
        entry.bytes += bytes.length - dropped;
        totalBytes += bytes.length - dropped;
      }
      return bytes;
    });
    return entry.encoded[encoding];
  }

  return {
    /**
     * App middleware, ahead of sessions, body parsing and routing: a GET whose answer is in the cache is
     * served at once. Safe because only `cached` routes fill the cache, and they answer the same to everyone.
     * Measured in bench/ (RESULTS.md): the routing and session layers a hit skips cost up to a quarter of
     * the throughput of small answers.
     */
    serveHits: function serveHits(ctx: Context, next: Next): Promise<void> | void {
      const names = ctx.method === 'GET' || ctx.method === 'HEAD' ? queryNamesByPath.get(ctx.path) : undefined;
      const key = names && answerKey(ctx.path, ctx.query, names);
      const hit = key && usable(ctx, key);
      return hit ? serve(ctx, key, hit) : next();
    },
    /**
     * Route middleware: serve this route's JSON from memory, made again after each write. Only for public answers,
     * the same for every visitor (serveHits answers hits before knowing who asks).
     */
    cached: async function cached(ctx: Context, next: Next) {
      const names = routeQueryNames(ctx);
      const key = answerKey(ctx.path, ctx.query, names);
      const hit = usable(ctx, key);
      if (hit) return serve(ctx, key, hit);
      const pending = inflight.get(key);
      const shared = pending && (await pending);
      if (shared) return serve(ctx, key, shared);

      const startedAt = generation;
      let settle!: (entry: Entry | undefined) => void;
      const mine = new Promise<Entry | undefined>((resolve) => (settle = resolve));
      inflight.set(key, mine);
      let entry: Entry | undefined;
      try {
        await next();
        if (
          ctx.status === 200 &&
          ctx.body !== undefined &&
          ctx.body !== null &&
          typeof ctx.body === 'object' &&
          !Buffer.isBuffer(ctx.body)
        ) {
          const body = Buffer.from(JSON.stringify(ctx.body));
          entry = newEntry(JSON_TYPE, body, ctx.path + ctx.search, startedAt, ctx.response.get('Link') || undefined);
        }
      } finally {
        // Requests waiting on this one get the entry, or compute their own when there is none (errors, 404s).
        settle(entry);
        if (inflight.get(key) === mine) inflight.delete(key);
      }
      if (!entry) return;
      queryNamesByPath.set(ctx.path, names);
      store(key, entry);
      await serve(ctx, key, entry);
    },
    /** Serves the HTML page kept for `path` (see `renderDocument`); undefined when none is, or none `ctx` may have. */
    serveDocument: function serveDocument(ctx: Context, path: string): Promise<void> | undefined {
      const key = documentKey(path);
      const hit = usable(ctx, key);
      return hit && Promise.resolve(serve(ctx, key, hit));
    },
    /**
     * Serves the HTML page `render()` makes. One it says to `keep` (a whole page of a known route that answers
     * 200, the same for every visitor) is kept for `path`, made again after each write, its bytes and their compressed
     * copies made once, within the same bounded memory as the API's answers. `shared` renders (the same for every
     * visitor) of one path run one at a time: the visitors arriving meanwhile get that render's page (measured in
     * bench/RESULTS.md: 50 visitors after a start or a write each rendered the home page themselves).
     */
    renderDocument: async function renderDocument(
      ctx: Context,
      path: string,
      render: () => Promise<{ status: number; html: string; keep: boolean }>,
      { shared = false } = {},
    ) {
      const key = documentKey(path);
      const pending = shared ? inflight.get(key) : undefined;
      const kept = pending && (await pending);
      if (kept) return serve(ctx, key, kept);

      const startedAt = generation;
      let settle: ((entry: Entry | undefined) => void) | undefined;
      const mine = shared ? new Promise<Entry | undefined>((resolve) => (settle = resolve)) : undefined;
      if (mine) inflight.set(key, mine);
      let entry: Entry | undefined;
      try {
        const page = await render();
        if (!page.keep) {
          ctx.status = page.status;
          ctx.type = HTML_TYPE;
          ctx.body = page.html;
          return;
        }
        entry = newEntry(HTML_TYPE, Buffer.from(page.html), path, startedAt);
      } finally {
        // Visitors waiting on this render get its page, or render their own when it is not one to keep.
        settle?.(entry);
        if (mine && inflight.get(key) === mine) inflight.delete(key);
      }
      store(key, entry);
      await serve(ctx, key, entry);
    },
    /**
     * Memoises `compute()` under `key` until the next write (the answers and pages made from it are kept past one, stale).
     * `undefined` results (e.g. an unknown slug) are not kept, so keys stay bounded by real data, nor those
     * `keep` refuses.
     */
    memo: async function memo<T>(
      key: string,
      compute: () => Promise<T>,
      keep: (value: T) => boolean = () => true,
    ): Promise<T> {
      if (values.has(key)) return values.get(key) as T;
      const startedAt = generation;
      const value = await compute();
      if (value !== undefined && keep(value) && generation === startedAt) values.set(key, value);
      return value;
    },
    /**
     * App middleware: after a successful write (but one marked `changesNoSharedData`), mark every cached response
     * stale everywhere. This process's cache is marked before the answer goes out (the database tells this process at
     * once); the other processes' notice (a NOTIFY round trip) is sent without holding the answer back — they learn
     * of it asynchronously either way (LISTEN), and the review approval's latency target counts every round trip
     * (bench/RESULTS.md).
     */
    invalidateOnWrite: async function invalidateOnWrite(ctx: Context, next: Next) {
      await next();
      if (!SAFE_METHODS.has(ctx.method) && ctx.status < 400 && !(ctx as AppCtx).state.changesNoSharedData) {
        db.publishInvalidation().catch((err: unknown) => {
          // The database gone right after the write: part of that outage, logged once with it (db/outage.ts).
          const unreachable = unreachableDatabase(err);
          const { log, method, path } = ctx as AppCtx;
          if (unreachable && log) outageWatchOf(db.sql, log).met(unreachable, { method, path });
          else log?.error({ err }, 'cache invalidation not published');
        });
      }
    },
    /** For writes that happen outside a write request (e.g. sign-in refreshing a user's name). */
    invalidate: async () => {
      await db.publishInvalidation();
    },
    /**
     * Marks every entry stale at `at` (ms since the epoch), as a write would: for an answer that changes with time alone
     * (the prober's state once no round has started for two intervals), which no write would otherwise redo. Local:
     * every process schedules it from the answers it computed. The earliest pending time wins.
     */
    staleAt: (at: number) => {
      if (scheduled && scheduled.at <= at) return;
      clearTimeout(scheduled?.timer);
      const timer = setTimeout(markStale, Math.max(0, at - Date.now()));
      timer.unref();
      scheduled = { at, timer };
    },
    /**
     * Renders the pages at these paths into the cache, one after another: after a start, the most visited ones, so
     * the first visitors do not wait on them.
     */
    warm: async (paths: string[]) => {
      for (const path of paths) await requestFresh(path);
    },
    /** Entries (answers and pages), their bytes and memoised values held (for tests and the benches). */
    stats: () => ({ entries: entries.size, bytes: totalBytes, values: values.size }),
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;

/** Route middleware for a write that changes nothing any visitor shares: it leaves every cache as it is. */
export function changesNoSharedData(ctx: AppCtx, next: Next) {
  ctx.state.changesNoSharedData = true;
  return next();
}

/** Route middleware: `router.get(path, cached, handler)` serves the handler's JSON from memory until the next write. */
export function cached(ctx: AppCtx, next: Next) {
  return ctx.cache.cached(ctx, next);
}
