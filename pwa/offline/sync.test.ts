// The directory sync and the saved-answer store over a real IndexedDB implementation (fake-indexeddb),
// against a fetch that serves a small directory and counts what it is asked.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineDatabase } from './db.ts';
import { isSavedPath, loadResponse, offlineReads, savedAt } from './store.ts';
import { createDirectorySync, LIST_PATHS, type SyncProgress } from './sync.ts';

function fakeApi() {
  const api = {
    providers: [{ id: 1, slug: 'alchemy', name: 'Alchemy', description: 'Web3 APIs', popularityScore: 2 }, { id: 2, slug: 'ankr', name: 'Ankr', description: 'nodes', popularityScore: 1 }],
    chains: [{ id: 10, slug: 'ethereum', name: 'Ethereum', description: 'The first' }, { id: 11, slug: 'base', name: 'Base', description: 'An L2' }],
    gone: new Set<string>(),
    requests: [] as string[],
    inFlight: 0,
    maxInFlight: 0,
    /** Requests answered before the network "drops" (then fetch rejects). */
    budget: Infinity,
    fetch: (async (input: RequestInfo | URL) => {
      const path = String(input);
      if (api.budget-- <= 0) throw new TypeError('Failed to fetch');
      api.requests.push(path);
      api.inFlight += 1;
      api.maxInFlight = Math.max(api.maxInFlight, api.inFlight);
      await new Promise((r) => setTimeout(r, 2));
      api.inFlight -= 1;
      if (api.gone.has(path)) return Response.json({ message: 'Not found' }, { status: 404 });
      if (path === '/api/providers') return Response.json(api.providers);
      if (path === '/api/chains' || path === '/api/chains/with-stats') return Response.json(api.chains);
      return Response.json({ path });
    }) as typeof fetch,
  };
  return api;
}

const DETAIL_PATHS = [
  '/api/providers/alchemy', '/api/providers/ankr', '/api/chains/ethereum', '/api/chains/base',
  '/api/providers/by-chain/10', '/api/providers/by-chain/11',
];

let db: OfflineDatabase;
let api: ReturnType<typeof fakeApi>;
let clock: number;
let online: boolean;
let progress: SyncProgress[];

const makeSync = (concurrency = 3) => createDirectorySync({
  db, fetch: api.fetch, now: () => clock, isOnline: () => online, concurrency, refreshMs: 60_000,
  onProgress: (p) => progress.push(p),
});

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
  it('saves the lists and every provider and chain detail, a few requests at a time', async () => {
    expect(await makeSync(3).run()).toBe('done');
    expect([...api.requests].sort()).toEqual([...LIST_PATHS, ...DETAIL_PATHS].sort());
    expect(api.maxInFlight).toBe(3);
    expect(await db.responses.get('/api/providers/by-chain/11')).toEqual({ path: '/api/providers/by-chain/11', data: { path: '/api/providers/by-chain/11' }, savedAt: clock });
    expect(await db.sync.get('directory')).toEqual({ key: 'directory', startedAt: clock, finishedAt: clock });
    const total = LIST_PATHS.length + DETAIL_PATHS.length;
    expect(progress.at(-1)).toEqual({ status: 'done', done: total, total });
  });

  it('pauses when the connection drops and resumes where it stopped', async () => {
    api.budget = LIST_PATHS.length + 2;
    expect(await makeSync(1).run()).toBe('paused');
    expect(progress.at(-1)!.status).toBe('paused');
    expect((await db.sync.get('directory'))!.finishedAt).toBeNull();
    const fetchedBefore = api.requests.length;

    api.budget = Infinity;
    clock += 1000;
    expect(await makeSync(1).run()).toBe('done');
    // Nothing fetched twice.
    expect(api.requests.length - fetchedBefore).toBe(DETAIL_PATHS.length - 2);
    expect(new Set(api.requests).size).toBe(api.requests.length);
  });

  it('does not start while offline, and stops asking as soon as the browser goes offline', async () => {
    online = false;
    expect(await makeSync().run()).toBe('paused');
    expect(api.requests).toHaveLength(0);

    online = true;
    const sync = makeSync(1);
    const run = sync.run();
    await new Promise((r) => setTimeout(r, 5));
    online = false;
    expect(await run).toBe('paused');
    expect(api.requests.length).toBeLessThan(LIST_PATHS.length);
  });

  it('does not fetch again what the pages themselves saved during the run', async () => {
    // Saved by a page's read (stamped with the real time, later than this run's start).
    offlineReads(db).save('/api/providers/ankr', { fromPage: true });
    await new Promise((r) => setTimeout(r, 10));
    await makeSync().run();
    expect(api.requests).not.toContain('/api/providers/ankr');
    expect((await db.responses.get('/api/providers/ankr'))!.data).toEqual({ fromPage: true });
  });

  it('is left alone while fresh; a later run refreshes everything and forgets providers that are gone', async () => {
    await makeSync().run();
    api.requests = [];
    clock += 30_000;
    expect(await makeSync().run()).toBe('done');
    expect(api.requests).toHaveLength(0);

    clock += 60_000;
    api.providers = api.providers.filter((p) => p.slug !== 'ankr');
    await makeSync().run();
    expect(api.requests).toHaveLength(LIST_PATHS.length + DETAIL_PATHS.length - 1);
    expect(await db.responses.get('/api/providers/ankr')).toBeUndefined();
    expect(await db.responses.get('/api/providers/alchemy')).toBeDefined();
  });

  it('drops a detail answered 404 (deleted between the list and the detail) and still finishes', async () => {
    api.gone.add('/api/chains/base');
    expect(await makeSync().run()).toBe('done');
    expect(await db.responses.get('/api/chains/base')).toBeUndefined();
  });

  it('joins a run in progress instead of starting a second one', async () => {
    const sync = makeSync();
    const [a, b] = await Promise.all([sync.run(), sync.run()]);
    expect([a, b]).toEqual(['done', 'done']);
    expect(api.requests).toHaveLength(LIST_PATHS.length + DETAIL_PATHS.length);
  });
});

describe('saved answers', () => {
  it('keeps public answers only: never the user, the admin panel, or search', () => {
    expect(isSavedPath('/api/providers/alchemy')).toBe(true);
    expect(isSavedPath('/api/ads/header')).toBe(true);
    // Every path the sync copies is one the pages' reads keep too.
    for (const p of LIST_PATHS) expect(isSavedPath(p), p).toBe(true);
    for (const p of ['/api/auth/user', '/api/admin/reviews/pending', '/api/search?q=x', '/api/providers/alchemy/reviews/mine', '/api/votes/mine', '/api/chainsx', '/healthz']) {
      expect(isSavedPath(p)).toBe(false);
    }
  });

  it('answers a path from the copy, search from the saved lists, and tells when the directory was saved', async () => {
    expect(await savedAt(db)).toBeNull();
    expect(await loadResponse(db, '/api/search?q=alchemy')).toBeUndefined();
    await makeSync().run();
    expect(await offlineReads(db).load('/api/providers/alchemy')).toEqual({ path: '/api/providers/alchemy' });
    expect(await offlineReads(db).load('/api/providers/unknown')).toBeUndefined();
    expect(await loadResponse(db, '/api/search?q=NODES')).toMatchObject({ providers: [{ slug: 'ankr' }], chains: [] });
    expect(await loadResponse(db, `/api/search?q=${encodeURIComponent('an l2')}`)).toMatchObject({ providers: [], chains: [{ slug: 'base' }] });
    expect(await savedAt(db)).toBe(clock);
  });

  it('does not save what it must not keep', async () => {
    const reads = offlineReads(db);
    reads.save('/api/auth/user', { authenticated: true });
    reads.save('/api/homepage', { introText: 'hi' });
    await new Promise((r) => setTimeout(r, 20));
    expect((await db.responses.toArray()).map((r) => r.path)).toEqual(['/api/homepage']);
  });
});
