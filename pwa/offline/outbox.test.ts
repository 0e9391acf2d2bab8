// The outbox state machine over a real IndexedDB implementation (fake-indexeddb, not a mocked Dexie),
// against a fetch that plays the server: idempotency keys, one review per user and provider, 401/4xx/5xx,
// and answers lost on the way back.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { OfflineDatabase } from './db.ts';
import { OFFLINE } from './keys.ts';
import { backoffMs, createOutbox, retryAfterMs, type OutboxEvent } from './outbox.ts';

type Mode = 'ok' | 'offline' | 'lose-answer' | { status: number; message: string; headers?: Record<string, string> };

/** A stand-in for the API: what the real one does for POST /api/providers/:slug/reviews and GET /api/auth/user. */
function fakeServer() {
  const reviews = new Map<string, { rating: number; comment: string | null }>();
  const answers = new Map<string, { status: number; body: unknown }>();
  const server = {
    signedIn: 7 as number | null,
    mode: 'ok' as Mode,
    /** Every review POST that reached the server, with its key. */
    posts: [] as { slug: string; key: string; body: { rating: number; comment?: string } }[],
    /** How many times a review was actually applied (a replayed key applies nothing). */
    applied: 0,
    reviews,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (server.mode === 'offline') throw new TypeError('Failed to fetch');
      const url = String(input);
      if (url === '/api/auth/user') {
        return Response.json(server.signedIn ? { authenticated: true, id: server.signedIn } : { authenticated: false });
      }
      const slug = decodeURIComponent(/^\/api\/providers\/([^/]+)\/reviews$/.exec(url)![1]);
      const key = new Headers(init?.headers).get('Idempotency-Key')!;
      const body = JSON.parse(String(init?.body));
      server.posts.push({ slug, key, body });
      if (typeof server.mode === 'object')
        return Response.json(
          { message: server.mode.message },
          { status: server.mode.status, headers: server.mode.headers },
        );
      if (!server.signedIn) return Response.json({ message: 'Unauthorized' }, { status: 401 });
      const userKey = `${server.signedIn}:${key}`;
      let answer = answers.get(userKey);
      if (!answer) {
        const isUpdate = reviews.has(`${server.signedIn}:${slug}`);
        reviews.set(`${server.signedIn}:${slug}`, { rating: body.rating, comment: body.comment ?? null });
        server.applied += 1;
        answer = {
          status: 201,
          body: { id: server.applied, rating: body.rating, comment: body.comment ?? null, status: 'pending', isUpdate },
        };
        answers.set(userKey, answer);
      }
      // The server acted, but the answer never arrives.
      if (server.mode === 'lose-answer') throw new TypeError('network connection was lost');
      return Response.json(answer.body, { status: answer.status });
    }) as typeof fetch,
  };
  return server;
}

let db: OfflineDatabase;
let server: ReturnType<typeof fakeServer>;
let clock: number;
let online: boolean;
let events: OutboxEvent[];
let keyCounter: number;

const makeOutbox = () =>
  createOutbox({
    db,
    fetch: server.fetch,
    now: () => clock,
    isOnline: () => online,
    newKey: () => `key-${++keyCounter}`,
    onEvent: (e) => events.push(e),
  });
/** Puts a review in the outbox without sending it (submitted while offline). */
async function queue(outbox: ReturnType<typeof makeOutbox>, r: ReturnType<typeof review>) {
  const wasOnline = online;
  online = false;
  await outbox.submit(r);
  online = wasOnline;
}
const review = (slug: string, rating = 4, comment: string | null = 'Fast and reliable') => ({
  userId: 7,
  slug,
  providerName: slug.toUpperCase(),
  rating,
  comment,
});

beforeEach(() => {
  db = new OfflineDatabase(`outbox-test-${crypto.randomUUID()}`);
  server = fakeServer();
  clock = 1_000_000;
  online = true;
  events = [];
  keyCounter = 0;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the review outbox', () => {
  it('queues a review submitted offline without a request, and sends it once when back online', async () => {
    const outbox = makeOutbox();
    online = false;
    const res = await outbox.submit(review('alchemy'));
    expect(res.queued).toBe(true);
    expect(server.posts).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([
      { slug: 'alchemy', state: 'queued', rating: 4, idempotencyKey: 'key-1' },
    ]);

    online = true;
    expect(await outbox.send()).toBeNull();
    expect(server.applied).toBe(1);
    expect(server.reviews.get('7:alchemy')).toEqual({ rating: 4, comment: 'Fast and reliable' });
    expect(await db.outbox.count()).toBe(0);
    expect(events).toMatchObject([{ type: 'sent', entry: { slug: 'alchemy' }, body: { isUpdate: false } }]);

    // Another pass has nothing to send.
    await outbox.send();
    expect(server.posts).toHaveLength(1);
  });

  it('posts at once when online and answers with the server body', async () => {
    const res = await makeOutbox().submit(review('ankr', 5, '  '));
    expect(res).toEqual({
      queued: false,
      body: { id: 1, rating: 5, comment: null, status: 'pending', isUpdate: false },
    });
    // An empty comment is left out, as the form does.
    expect(server.posts[0].body).toEqual({ rating: 5 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a review whose request fails on the network, and a replay with the same key is applied once', async () => {
    const outbox = makeOutbox();
    server.mode = 'lose-answer';
    const res = await outbox.submit(review('alchemy'));
    expect(res.queued).toBe(true);
    expect(server.applied).toBe(1);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'queued', attempts: 1, nextAttemptAt: clock + OFFLINE.outboxFirstBackoffMs });

    // Not due yet: the backoff holds it.
    server.mode = 'ok';
    expect(await outbox.send()).toBe(clock + OFFLINE.outboxFirstBackoffMs);
    expect(server.posts).toHaveLength(1);

    clock += OFFLINE.outboxFirstBackoffMs;
    await outbox.send();
    expect(server.posts.map((p) => p.key)).toEqual(['key-1', 'key-1']);
    expect(server.applied).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(events).toMatchObject([{ type: 'sent', body: { id: 1, isUpdate: false } }]);
  });

  it('keeps a review answered 401 and asks to sign in once; sends it after the user signs in', async () => {
    const outbox = makeOutbox();
    online = false;
    await outbox.submit(review('alchemy'));
    online = true;
    server.signedIn = null;
    await outbox.send();
    await outbox.send();
    expect(server.posts).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'needs-sign-in' }]);
    expect(events.map((e) => e.type)).toEqual(['needs-sign-in']);

    server.signedIn = 7;
    await outbox.send();
    expect(server.applied).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a 401 on the POST itself (session ended meanwhile) keeps the review and asks to sign in', async () => {
    const outbox = makeOutbox();
    await queue(outbox, review('alchemy'));
    server.mode = { status: 401, message: 'Unauthorized' };
    await outbox.send();
    expect(await db.outbox.toArray()).toMatchObject([
      { state: 'needs-sign-in', error: '401: {"message":"Unauthorized"}' },
    ]);
    expect(events.map((e) => e.type)).toEqual(['needs-sign-in']);
  });

  it('marks a review refused with a 4xx as rejected with the server message, never retries it, and lets it be discarded', async () => {
    const outbox = makeOutbox();
    await queue(outbox, review('alchemy'));
    server.mode = { status: 400, message: 'rating: Rating must be from 1 to 5' };
    await outbox.send();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'rejected', error: '400: {"message":"rating: Rating must be from 1 to 5"}' });
    expect(events).toMatchObject([{ type: 'rejected', entry: { slug: 'alchemy' } }]);

    clock += 60 * 60 * 1000;
    server.mode = 'ok';
    expect(await outbox.send()).toBeNull();
    expect(server.posts).toHaveLength(1);

    await outbox.discard(entry.id!);
    expect(await db.outbox.count()).toBe(0);
  });

  it('fixing a rejected review replaces it (one review per user and provider)', async () => {
    const outbox = makeOutbox();
    await queue(outbox, review('alchemy', 4));
    server.mode = { status: 400, message: 'bad' };
    await outbox.send();
    server.mode = 'ok';
    await outbox.submit(review('alchemy', 2, 'Fixed'));
    expect(await db.outbox.count()).toBe(0);
    expect(server.reviews.get('7:alchemy')).toEqual({ rating: 2, comment: 'Fixed' });
  });

  it('retries a 5xx (and a 429) later with a growing backoff', async () => {
    const outbox = makeOutbox();
    await queue(outbox, review('alchemy'));
    server.mode = { status: 503, message: 'busy' };
    await outbox.send();
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'queued', attempts: 1, nextAttemptAt: clock + 5000 }]);
    clock += 5000;
    server.mode = { status: 429, message: 'slow down' };
    expect(await outbox.send()).toBe(clock + 10_000);
    clock += 10_000;
    server.mode = 'ok';
    await outbox.send();
    expect(server.applied).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(events.map((e) => e.type)).toEqual(['sent']);
  });

  it('an online submission answered 503 (the database unreachable) stays queued until after its Retry-After, then goes out once', async () => {
    const outbox = makeOutbox();
    const unavailable = 'The database cannot be reached right now: try again in a few seconds';
    server.mode = { status: 503, message: unavailable, headers: { 'Retry-After': '30' } };
    const res = await outbox.submit(review('alchemy'));
    expect(res.queued).toBe(true);
    expect(await db.outbox.toArray()).toMatchObject([
      {
        state: 'queued',
        attempts: 1,
        nextAttemptAt: clock + 30_000, // the server's Retry-After, longer than the first backoff (5 s)
        error: `503: ${JSON.stringify({ message: unavailable })}`,
        idempotencyKey: 'key-1',
      },
    ]);
    expect(events).toEqual([]); // neither sent nor rejected

    // Not due before the server's time, even when a pass runs (the connection came back, the app restarted).
    server.mode = 'ok';
    clock += 29_000;
    expect(await outbox.send()).toBe(clock + 1000);
    expect(server.posts).toHaveLength(1);
    clock += 1000;
    await outbox.send();
    expect(server.posts.map((p) => p.key)).toEqual(['key-1', 'key-1']);
    expect(server.applied).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(events).toMatchObject([{ type: 'sent', body: { isUpdate: false } }]);
  });

  it('a 503 while replaying keeps the entry and stops the pass; 502 and 504 too; a short Retry-After keeps the backoff', async () => {
    for (const status of [503, 502, 504]) {
      await db.outbox.clear();
      server.posts = [];
      const outbox = makeOutbox();
      await queue(outbox, review('alchemy'));
      await queue(outbox, review('ankr'));
      server.mode = { status, message: 'unavailable', headers: { 'Retry-After': '1' } };
      await outbox.send();
      expect(server.posts.map((p) => p.slug)).toEqual(['alchemy']);
      expect(await db.outbox.orderBy('id').toArray()).toMatchObject([
        { slug: 'alchemy', state: 'queued', attempts: 1, nextAttemptAt: clock + OFFLINE.outboxFirstBackoffMs },
        { slug: 'ankr', state: 'queued', attempts: 0 },
      ]);
    }
    expect(events).toEqual([]);
  });

  it('a Retry-After past the backoff cap waits for the cap; an HTTP date counts from now', async () => {
    const outbox = makeOutbox();
    server.mode = { status: 503, message: 'down', headers: { 'Retry-After': String(24 * 3600) } };
    await outbox.submit(review('alchemy'));
    expect(await db.outbox.toArray()).toMatchObject([{ nextAttemptAt: clock + OFFLINE.outboxMaxBackoffMs }]);
    expect(
      retryAfterMs(new Date(Date.parse('2030-01-01T00:01:00Z')).toUTCString(), Date.parse('2030-01-01T00:00:00Z')),
    ).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });

  it('doubles the backoff up to its cap', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30)).toBe(OFFLINE.outboxMaxBackoffMs);
  });

  it('an online submission refused by the server leaves nothing queued and throws the API error', async () => {
    const outbox = makeOutbox();
    server.mode = { status: 404, message: 'Provider not found' };
    const error = await outbox.submit(review('gone')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Provider not found"}');
    expect(await db.outbox.count()).toBe(0);
  });

  it('survives a reload: a new database handle and outbox find the queue, and an entry cut off mid-send goes out once', async () => {
    online = false;
    await makeOutbox().submit(review('alchemy'));
    await makeOutbox().submit(review('ankr', 3, null));
    // The app was closed while this one was being sent.
    await db.outbox.where('slug').equals('alchemy').modify({ state: 'sending' });
    db.close();

    db = new OfflineDatabase(db.name);
    online = true;
    const outbox = makeOutbox();
    await outbox.recover();
    await outbox.send();
    expect(server.posts.map((p) => p.slug)).toEqual(['alchemy', 'ankr']);
    expect(server.applied).toBe(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('two queued reviews for two providers both arrive once, in submission order', async () => {
    const outbox = makeOutbox();
    online = false;
    await outbox.submit(review('alchemy'));
    await outbox.submit(review('ankr'));
    online = true;
    await Promise.all([outbox.send(), outbox.send(), outbox.send()]);
    expect(server.posts.map((p) => p.slug)).toEqual(['alchemy', 'ankr']);
    expect(server.applied).toBe(2);
  });

  it('stops a pass at the first network failure and keeps the rest for later', async () => {
    const outbox = makeOutbox();
    await queue(outbox, review('alchemy'));
    await queue(outbox, review('ankr'));
    let calls = 0;
    const flaky = server.fetch;
    server.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/auth/user' && ++calls === 1) throw new TypeError('Failed to fetch');
      return flaky(input, init);
    }) as typeof fetch;
    await createOutbox({ db, fetch: server.fetch, now: () => clock, isOnline: () => online }).send();
    expect(server.posts).toHaveLength(0);
    expect(await db.outbox.orderBy('id').toArray()).toMatchObject([
      { slug: 'alchemy', state: 'queued', attempts: 1 },
      { slug: 'ankr', state: 'queued', attempts: 0 },
    ]);
  });

  it("leaves another account's reviews queued until that account is signed in", async () => {
    const outbox = makeOutbox();
    await queue(outbox, { ...review('alchemy'), userId: 8 });
    await outbox.send();
    expect(server.posts).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'queued', userId: 8 }]);
    server.signedIn = 8;
    await outbox.send();
    expect(server.reviews.get('8:alchemy')).toBeDefined();
  });

  it('does nothing while offline (the online event will start the next pass)', async () => {
    const outbox = makeOutbox();
    await queue(outbox, review('alchemy'));
    online = false;
    await outbox.send();
    expect(server.posts).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'queued', attempts: 0 }]);
  });

  it('forgets every unsent review of the user logging out, and only theirs; nothing of it is sent later', async () => {
    const outbox = makeOutbox();
    await queue(outbox, review('alchemy', 2, 'My private opinion'));
    await queue(outbox, review('ankr'));
    await queue(outbox, { ...review('infura'), userId: 8 });
    await outbox.forget(7);
    expect(await db.outbox.toArray()).toMatchObject([{ userId: 8, slug: 'infura' }]);
    await outbox.send();
    expect(server.posts).toHaveLength(0);
  });
});
