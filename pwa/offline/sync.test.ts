// The directory sync and the saved-answer store over a real IndexedDB implementation (fake-indexeddb),
// against a fetch that serves a small directory and counts what it is asked.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChainSummary } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { providerOnChain } from '../../contract/chain-page.ts';
import { OfflineDatabase } from './db.ts';
import { isSavedPath, loadResponse, offlineCopy, offlineReads, saveResponse } from './store.ts';
import { createDirectorySync, DIRECTORY_PATH, type SyncProgress } from './sync.ts';

function fakeApi() {
  const api = {
    /** What GET /api/directory holds: each answer under its path. */
    responses: {
      // In the server's list order (sort_rank, id), not by id.
      '/api/providers': [
        {
          id: 3,
          slug: 'blast',
          name: 'Blast',
          description: 'Fast',
          popularityScore: 3,
          totalReviews: 2,
          chainIds: [10],
        },
        {
          id: 1,
          slug: 'alchemy',
          name: 'Alchemy',
          description: 'Web3 APIs',
          popularityScore: 2,
          totalReviews: 2,
          chainIds: [10, 11],
        },
        {
          id: 2,
          slug: 'ankr',
          name: 'Ankr',
          description: 'nodes',
          popularityScore: 1,
          totalReviews: 5,
          chainIds: [10],
        },
      ],
      '/api/chains': [
        { id: 10, slug: 'ethereum' },
        { id: 11, slug: 'base' },
        { id: 12, slug: 'scroll' },
      ],
      '/api/chains/with-stats': [
        { id: 10, slug: 'ethereum', name: 'Ethereum', description: 'The first' },
        { id: 11, slug: 'base', name: 'Base', description: 'An L2' },
      ],
      '/api/homepage': { title: 'Home' },
      '/api/providers/alchemy': { slug: 'alchemy' },
      '/api/providers/ankr': { slug: 'ankr' },
      '/api/providers/blast': { slug: 'blast' },
      '/api/chains/ethereum': { slug: 'ethereum' },
    } as Record<string, unknown>,
    /** How the server answers: the directory, no answer at all, an error, or a body cut off mid-way. */
    answer: 'directory' as 'directory' | 'network' | 'error' | 'cut',
    /** Answers of parts from this one on fail as `answer` says; the earlier ones come. */
    failFrom: 0,
    /** The build the parts come from (a write on the server makes a new one). */
    build: '2026-01-01T00:00:00.000Z',
    requests: [] as string[],
    /** The parts' paths: three answers a part, in the directory's order. */
    parts: () => {
      const entries = Object.entries(api.responses);
      return Array.from({ length: Math.ceil(entries.length / 3) }, (_, i) => entries.slice(3 * i, 3 * i + 3));
    },
    fetch: (async (input: RequestInfo | URL) => {
      const path = String(input);
      api.requests.push(path);
      await new Promise((r) => setTimeout(r, 2));
      const part = Number(/^\/api\/directory\?part=(\d+)$/.exec(path)?.[1] ?? -1);
      if (part >= api.failFrom) {
        if (api.answer === 'network') throw new TypeError('Failed to fetch');
        if (api.answer === 'error') return Response.json({ message: 'Service unavailable' }, { status: 503 });
        if (api.answer === 'cut')
          return new Response('{"generatedAt":"2026-01-01T00:00:00.000Z","part":0,"parts":3,"responses":{"/api/ho', {
            headers: { 'Content-Type': 'application/json' },
          });
      }
      const parts = api.parts();
      if (part < 0 || part >= parts.length) return Response.json({ message: 'Not found' }, { status: 404 });
      return Response.json({
        generatedAt: api.build,
        part,
        parts: parts.length,
        responses: Object.fromEntries(parts[part]),
      });
    }) as typeof fetch,
  };
  return api;
}

/** Web Locks as a browser gives them to the tabs of one site (Node has none): one holder per name. */
function fakeLocks(): LockManager {
  const held = new Set<string>();
  const request = async <T>(name: string, options: LockOptions, callback: LockGrantedCallback<T>) => {
    if (held.has(name)) {
      if (options.ifAvailable) return callback(null);
      throw new Error('this fake only grants ifAvailable requests');
    }
    held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' } as Lock);
    } finally {
      held.delete(name);
    }
  };
  return { request, query: async () => ({}) } as unknown as LockManager;
}

let db: OfflineDatabase;
let api: ReturnType<typeof fakeApi>;
let clock: number;
let online: boolean;
let progress: SyncProgress[];

const makeSync = (locks: LockManager | null = null) =>
  createDirectorySync({
    db,
    fetch: api.fetch,
    now: () => clock,
    isOnline: () => online,
    locks,
    refreshMs: 60_000,
    onProgress: (p) => progress.push(p),
  });

const savedPaths = async () => (await db.responses.toCollection().primaryKeys()).sort();
/** The requests of parts `from` to `to` (inclusive). */
const partRequests = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${DIRECTORY_PATH}?part=${from + i}`);

beforeEach(() => {
  db = new OfflineDatabase(`sync-test-${crypto.randomUUID()}`);
  api = fakeApi();
  clock = 5_000_000;
  online = true;
  progress = [];
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the directory sync', () => {
  it('saves every answer of the directory under its path, part after part', async () => {
    expect(await makeSync().run()).toBe('done');
    expect(api.requests).toEqual(partRequests(0, 2));
    expect(await savedPaths()).toEqual(Object.keys(api.responses).sort());
    expect(await db.responses.get('/api/providers/ankr')).toEqual({
      path: '/api/providers/ankr',
      data: { slug: 'ankr' },
      savedAt: clock,
    });
    expect(await db.sync.get('directory')).toEqual({
      key: 'directory',
      startedAt: clock,
      finishedAt: clock,
      nextPart: 3,
      parts: 3,
      generatedAt: api.build,
    });
    expect(progress.map((p) => `${p.status} ${p.done}/${p.total}`)).toEqual([
      'idle 0/0',
      'running 0/0',
      'running 1/3',
      'running 1/3',
      'running 2/3',
      'running 2/3',
      'running 3/3',
      'done 3/3',
    ]);
  });

  it('keeps each part as it arrives: a copy cut short serves what it has and resumes at the next part', async () => {
    api.answer = 'network';
    api.failFrom = 1;
    expect(await makeSync().run()).toBe('paused');
    const first = api.parts()[0].map(([path]) => path);
    expect(await savedPaths()).toEqual([...first].sort());
    expect(await db.sync.get('directory')).toMatchObject({ finishedAt: null, nextPart: 1, parts: 3 });
    expect(await offlineCopy(db)).toEqual({ savedAt: clock, finished: false, part: 1, parts: 3 });
    expect(await loadResponse(db, first[0])).toEqual(api.responses[first[0]]);

    // The next run (a reload, the connection back) asks for the parts it lacks, never the first again.
    api.requests = [];
    api.answer = 'directory';
    clock += 1000;
    expect(await makeSync().run()).toBe('done');
    expect(api.requests).toEqual(partRequests(1, 2));
    expect(await savedPaths()).toEqual(Object.keys(api.responses).sort());
    expect(await offlineCopy(db)).toEqual({ savedAt: clock, finished: true, part: 3, parts: 3 });
  });

  it('parts of two builds (a write between them) are kept, but answers missing from them are not dropped', async () => {
    await db.responses.put({ path: '/api/chains/base', data: { slug: 'base' }, savedAt: clock - 1 });
    api.answer = 'network';
    api.failFrom = 1;
    await makeSync().run();
    api.answer = 'directory';
    api.build = '2026-01-02T00:00:00.000Z';
    clock += 1000;
    expect(await makeSync().run()).toBe('done');
    expect(await db.sync.get('directory')).toMatchObject({ generatedAt: null, nextPart: 3 });
    expect(await db.responses.get('/api/chains/base')).toBeDefined();
  });

  it('does not start while offline, and a failed copy saves nothing and is made by a later run', async () => {
    online = false;
    expect(await makeSync().run()).toBe('paused');
    expect(api.requests).toHaveLength(0);

    online = true;
    for (const answer of ['network', 'error', 'cut'] as const) {
      api.answer = answer;
      expect(await makeSync().run(), answer).toBe('paused');
      expect(progress.at(-1)!.status).toBe('paused');
      expect(await savedPaths(), answer).toEqual([]);
      expect(await db.sync.get('directory')).toBeUndefined();
      expect(api.requests.at(-1)).toBe(`${DIRECTORY_PATH}?part=0`);
    }

    api.answer = 'directory';
    clock += 1000;
    expect(await makeSync().run()).toBe('done');
    expect(await savedPaths()).toEqual(Object.keys(api.responses).sort());
  });

  it('keeps what the pages themselves saved after the request went out (it is as new or newer)', async () => {
    // Saved by a page's read while the copy was downloading (stamped later than the run's start).
    clock = Date.now() - 60_000;
    offlineReads(db).save('/api/providers/ankr', { fromPage: true });
    await new Promise((r) => setTimeout(r, 10));
    await makeSync().run();
    expect((await db.responses.get('/api/providers/ankr'))!.data).toEqual({ fromPage: true });
    expect((await db.responses.get('/api/providers/alchemy'))!.data).toEqual({ slug: 'alchemy' });
  });

  it('is left alone while fresh; a later run refreshes everything and forgets providers and chains that are gone', async () => {
    // Read by a page earlier: a chain's answer, a chain's providers (derived from the new provider list
    // from now on) and a list the directory does not carry.
    await db.responses.bulkPut([
      { path: '/api/chains/base', data: { slug: 'base' }, savedAt: clock - 1 },
      { path: '/api/providers/by-chain/11', data: [{ slug: 'old' }], savedAt: clock - 1 },
      { path: '/api/category/chains', data: { title: 'Chains' }, savedAt: clock - 1 },
    ]);
    await makeSync().run();
    api.requests = [];
    clock += 30_000;
    expect(await makeSync().run()).toBe('done');
    expect(api.requests).toHaveLength(0);

    clock += 60_000;
    delete api.responses['/api/providers/ankr'];
    api.responses['/api/homepage'] = { title: 'Home, edited' };
    api.build = '2026-01-02T00:00:00.000Z';
    expect(await makeSync().run()).toBe('done');
    expect(api.requests).toEqual(partRequests(0, 2));
    expect(await db.responses.get('/api/providers/ankr')).toBeUndefined();
    expect(await db.responses.get('/api/chains/base')).toBeUndefined();
    expect(await db.responses.get('/api/providers/by-chain/11')).toBeUndefined();
    expect((await db.responses.get('/api/homepage'))!.data).toEqual({ title: 'Home, edited' });
    expect(await savedPaths()).toEqual([...Object.keys(api.responses), '/api/category/chains'].sort());
  });

  it('never stores an answer the pages would not keep, even when the server sends one', async () => {
    api.responses['/api/auth/user'] = { authenticated: true, email: 'someone@example.com' };
    api.responses['/api/providers/alchemy/reviews/mine'] = { rating: 5 };
    await makeSync().run();
    expect(await db.responses.get('/api/auth/user')).toBeUndefined();
    expect(await db.responses.get('/api/providers/alchemy/reviews/mine')).toBeUndefined();
    expect(await db.responses.get('/api/homepage')).toBeDefined();
  });

  it('joins a run in progress in the same tab instead of starting a second one', async () => {
    const sync = makeSync();
    expect(await Promise.all([sync.run(), sync.run()])).toEqual(['done', 'done']);
    expect(api.requests).toEqual(partRequests(0, 2));
  });

  it('runs in one tab at a time: a tab finding the lock taken leaves the copy to the other', async () => {
    const locks = fakeLocks();
    const [first, second] = await Promise.all([makeSync(locks).run(), makeSync(locks).run()]);
    expect([first, second]).toEqual(['done', 'other-tab']);
    expect(api.requests).toEqual(partRequests(0, 2));
    expect(progress.map((p) => p.status)).toContain('other-tab');

    // Once the lock is free, a tab takes it (and finds the copy fresh).
    expect(await makeSync(locks).run()).toBe('done');
    expect(api.requests).toHaveLength(3);
  });
});

describe('saved answers', () => {
  it('keeps public answers only: never the user, the admin panel, or search', () => {
    expect(isSavedPath('/api/providers/alchemy')).toBe(true);
    expect(isSavedPath('/api/ads/header')).toBe(true);
    for (const p of [
      '/api/auth/user',
      '/api/admin/reviews/pending',
      '/api/search?q=x',
      '/api/providers/alchemy/reviews/mine',
      '/api/votes/mine',
      '/api/chainsx',
      '/healthz',
    ]) {
      expect(isSavedPath(p)).toBe(false);
    }
  });

  it('answers a path from the copy, search from the saved lists, and tells when the directory was saved', async () => {
    expect(await offlineCopy(db)).toEqual({ savedAt: null, finished: false, part: 0, parts: null });
    expect(await loadResponse(db, '/api/search?q=alchemy')).toBeUndefined();
    await makeSync().run();
    expect(await offlineReads(db).load('/api/providers/alchemy')).toEqual({ slug: 'alchemy' });
    expect(await offlineReads(db).load('/api/providers/unknown')).toBeUndefined();
    expect(await loadResponse(db, '/api/search?q=NODES')).toMatchObject({ providers: [{ slug: 'ankr' }], chains: [] });
    expect(await loadResponse(db, `/api/search?q=${encodeURIComponent('an l2')}`)).toMatchObject({
      providers: [],
      chains: [{ slug: 'base' }],
    });
    expect((await offlineCopy(db)).savedAt).toBe(clock);
  });

  it("answers a chain's providers from the saved provider list, in the server's order (most reviewed first, then list order)", async () => {
    const slugs = async (chainId: number) =>
      ((await loadResponse(db, `/api/providers/by-chain/${chainId}`)) as { slug: string }[] | undefined)?.map(
        (p) => p.slug,
      );
    expect(await slugs(10)).toBeUndefined();
    await makeSync().run();
    expect(await slugs(10)).toEqual(['ankr', 'blast', 'alchemy']);
    expect(await slugs(11)).toEqual(['alchemy']);
    // A known chain no provider serves, and a chain the saved chain list does not hold (the server's 404).
    expect(await slugs(12)).toEqual([]);
    expect(await slugs(99)).toBeUndefined();
    expect(await offlineReads(db).load('/api/providers/by-chain/11')).toEqual([
      (api.responses['/api/providers'] as unknown[])[1],
    ]);
  });

  it("answers a chain page's brief list and the parts of the chains' summary from the saved lists", async () => {
    await makeSync().run();
    const providers = api.responses['/api/providers'] as Provider[];
    expect(await loadResponse(db, '/api/providers/by-chain/10/brief')).toEqual(
      [providers[2], providers[0], providers[1]].map((p) => providerOnChain(p, 10)),
    );
    expect(await loadResponse(db, '/api/providers/by-chain/99/brief')).toBeUndefined();
    const summary = (await loadResponse(db, '/api/chains/summary')) as ChainSummary[];
    expect(summary.map((c) => c.id)).toEqual([10, 11, 12]);
    expect(await loadResponse(db, '/api/chains/summary?first=2')).toEqual(summary.slice(0, 2));
    expect(await loadResponse(db, '/api/chains/summary?first=2&other=1')).toBeUndefined();
    // A part read online since the copy was saved is the newer answer.
    await saveResponse(db, '/api/chains/summary?first=2', [{ id: 11 }], clock + 1);
    expect(await loadResponse(db, '/api/chains/summary?first=2')).toEqual([{ id: 11 }]);
  });

  it("prefers a chain page's own answer when it is newer than the saved provider list, never when older", async () => {
    // Before any copy, a chain page's read is all there is.
    await saveResponse(db, '/api/providers/by-chain/99', [{ slug: 'new-chain-provider' }], clock - 10);
    expect(await loadResponse(db, '/api/providers/by-chain/99')).toEqual([{ slug: 'new-chain-provider' }]);
    await makeSync().run();
    // Read online after the copy: a chain the copy does not know yet, and a list changed since.
    await saveResponse(db, '/api/providers/by-chain/99', [{ slug: 'new-chain-provider' }], clock + 1);
    await saveResponse(db, '/api/providers/by-chain/11', [{ slug: 'alchemy', totalReviews: 3 }], clock + 1);
    expect(await loadResponse(db, '/api/providers/by-chain/99')).toEqual([{ slug: 'new-chain-provider' }]);
    expect(await loadResponse(db, '/api/providers/by-chain/11')).toEqual([{ slug: 'alchemy', totalReviews: 3 }]);
    // Older than the saved provider list: the derived answer.
    await saveResponse(db, '/api/providers/by-chain/11', [{ slug: 'stale' }], clock - 1);
    expect(await loadResponse(db, '/api/providers/by-chain/11')).toEqual([
      (api.responses['/api/providers'] as unknown[])[1],
    ]);
  });

  it('does not save what it must not keep', async () => {
    const reads = offlineReads(db);
    reads.save('/api/auth/user', { authenticated: true });
    reads.save('/api/homepage', { introText: 'hi' });
    await new Promise((r) => setTimeout(r, 20));
    expect((await db.responses.toArray()).map((r) => r.path)).toEqual(['/api/homepage']);
  });
});
