// The directory sync: after the first online visit, copies the whole public directory — lists, every
// provider and chain with its details, the content the pages show — into IndexedDB, so every page works
// offline. Polite: a few requests at a time, only while online, and resumable — a run remembers when it
// started, and an answer saved since then (by this run or by the pages' own reads) is not fetched again.
import { adPositions, categoryNames } from '../../api/content/schema.ts';
import { saveResponse } from './store.ts';
import type { OfflineDatabase } from './db.ts';
import { OFFLINE } from './keys.ts';

/** The answers every page needs whatever the directory holds (the same paths the pages read). */
export const LIST_PATHS = [
  '/api/chains',
  '/api/chains/with-stats',
  '/api/providers',
  '/api/providers/popular',
  '/api/providers/featured',
  '/api/homepage',
  '/api/about',
  ...categoryNames.map((c) => `/api/category/${c}`),
  '/api/partner-links',
  ...adPositions.map((p) => `/api/ads/${p}`),
  '/api/tracking-settings',
];

/** Answers about one provider or chain (details and by-chain lists); all refetched by each run. */
const ENTITY_PATH = /^\/api\/(providers|chains)\/./;

const providerPath = (slug: string) => `/api/providers/${encodeURIComponent(slug)}`;
const chainPath = (slug: string) => `/api/chains/${encodeURIComponent(slug)}`;
const byChainPath = (chainId: number) => `/api/providers/by-chain/${chainId}`;

/** The per-entity paths, read from the lists this run saved. */
export async function detailPaths(db: OfflineDatabase): Promise<string[]> {
  const [providers, chains] = await Promise.all([db.responses.get('/api/providers'), db.responses.get('/api/chains')]);
  const p = (providers?.data ?? []) as { slug: string }[];
  const c = (chains?.data ?? []) as { id: number; slug: string }[];
  return [...p.map((x) => providerPath(x.slug)), ...c.map((x) => chainPath(x.slug)), ...c.map((x) => byChainPath(x.id))];
}

export type SyncStatus = 'idle' | 'running' | 'paused' | 'done';
export type SyncProgress = { status: SyncStatus; done: number; total: number };

/** Thrown inside a run to stop it where it is; the next run continues from there. */
class Paused extends Error {}

export type DirectorySyncOptions = {
  db: OfflineDatabase;
  fetch?: typeof fetch;
  now?: () => number;
  isOnline?: () => boolean;
  concurrency?: number;
  refreshMs?: number;
  onProgress?: (progress: SyncProgress) => void;
};

export function createDirectorySync({
  db,
  fetch: fetchFn = (...args) => globalThis.fetch(...args),
  now = Date.now,
  isOnline = () => navigator.onLine,
  concurrency = OFFLINE.syncConcurrency,
  refreshMs = OFFLINE.syncRefreshMs,
  onProgress = () => {},
}: DirectorySyncOptions) {
  let running: Promise<SyncStatus> | null = null;
  let progress: SyncProgress = { status: 'idle', done: 0, total: 0 };
  const report = (patch: Partial<SyncProgress>) => onProgress((progress = { ...progress, ...patch }));

  /** Fetches `paths` not yet saved in this run, `concurrency` at a time. */
  async function fetchAll(paths: string[], startedAt: number): Promise<void> {
    const queue = [...paths];
    report({ total: progress.total + paths.length });
    const worker = async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const saved = await db.responses.get(path);
        if (!saved || saved.savedAt < startedAt) {
          if (!isOnline()) throw new Paused();
          let res: Response;
          try {
            res = await fetchFn(path, { headers: { Accept: 'application/json' } });
          } catch {
            throw new Paused();
          }
          if (res.ok) await saveResponse(db, path, await res.json(), now());
          // Gone since the list was read (deleted meanwhile): nothing to keep.
          else if (res.status === 404) await db.responses.delete(path);
          else throw new Paused();
        }
        report({ done: progress.done + 1 });
      }
    };
    const workers = Array.from({ length: Math.min(concurrency, paths.length) }, worker);
    // Every worker is awaited before the run ends, so a pause never leaves a request writing behind it.
    const results = await Promise.allSettled(workers);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  async function runOnce(): Promise<SyncStatus> {
    const current = await db.sync.get('directory');
    if (current?.finishedAt && now() - current.finishedAt < refreshMs) {
      report({ status: 'done' });
      return 'done';
    }
    if (!isOnline()) {
      report({ status: 'paused' });
      return 'paused';
    }
    const startedAt = current && current.finishedAt === null ? current.startedAt : now();
    await db.sync.put({ key: 'directory', startedAt, finishedAt: null });
    report({ status: 'running', done: 0, total: 0 });
    try {
      await fetchAll(LIST_PATHS, startedAt);
      await fetchAll(await detailPaths(db), startedAt);
    } catch (error) {
      if (!(error instanceof Paused)) throw error;
      report({ status: 'paused' });
      return 'paused';
    }
    await db.transaction('rw', db.responses, db.sync, async () => {
      // Every provider and chain answer was fetched again in this run: older ones belong to providers
      // or chains that no longer exist.
      await db.responses.where('savedAt').below(startedAt)
        .filter((r) => ENTITY_PATH.test(r.path)).delete();
      await db.sync.put({ key: 'directory', startedAt, finishedAt: now() });
    });
    report({ status: 'done' });
    return 'done';
  }

  return {
    /** Starts a run, or joins the one in progress; resolves with how it ended. */
    run(): Promise<SyncStatus> {
      running ??= runOnce().finally(() => { running = null; });
      return running;
    },
    progress: () => progress,
  };
}
