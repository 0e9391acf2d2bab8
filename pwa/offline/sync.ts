// The directory sync: after the first online visit, copies the whole public directory — lists, every
// provider and chain with its details, the content the pages show — into IndexedDB, so every page works
// offline. One request, GET /api/directory (every answer under the GET path that gives it, the very JSON
// the pages read), stored in one transaction; only while online; in one tab at a time; refreshed on an app
// start once the copy is older than OFFLINE.syncRefreshMs.
import { directorySchema, type Directory } from '../../contract/directory.ts';
import type { OfflineDatabase } from './db.ts';
import { OFFLINE } from './keys.ts';
import { isSavedPath } from './store.ts';

/** The one request of a run. */
export const DIRECTORY_PATH = '/api/directory';

/**
 * Answers about one provider or chain: kept only while the directory holds them. Chains' provider lists
 * (`/api/providers/by-chain/…`, saved by chain pages) are not in it: once the fresh provider list is stored,
 * the list derived from it (store.ts) replaces an older one, so a run drops those too.
 */
const ENTITY_PATH = /^\/api\/(providers|chains)\/./;

/** `other-tab`: another tab of the app holds the sync lock and makes the copy for every tab. */
export type SyncStatus = 'idle' | 'running' | 'paused' | 'other-tab' | 'done';
export type SyncProgress = { status: SyncStatus; done: number; total: number };

export type DirectorySyncOptions = {
  db: OfflineDatabase;
  fetch?: typeof fetch;
  now?: () => number;
  isOnline?: () => boolean;
  /** Web Locks; null where the browser has none (then each tab copies on its own, as it always could). */
  locks?: LockManager | null;
  refreshMs?: number;
  onProgress?: (progress: SyncProgress) => void;
};

export function createDirectorySync({
  db,
  fetch: fetchFn = (...args) => globalThis.fetch(...args),
  now = Date.now,
  isOnline = () => navigator.onLine,
  locks = typeof navigator === 'undefined' ? null : (navigator.locks ?? null),
  refreshMs = OFFLINE.syncRefreshMs,
  onProgress = () => {},
}: DirectorySyncOptions) {
  let running: Promise<SyncStatus> | null = null;
  let progress: SyncProgress = { status: 'idle', done: 0, total: 0 };
  const report = (patch: Partial<SyncProgress>) => onProgress((progress = { ...progress, ...patch }));

  /** The whole directory, or undefined when no usable answer came (offline, a failing server, a cut-off body). */
  async function download(): Promise<Directory | undefined> {
    try {
      const res = await fetchFn(DIRECTORY_PATH, { headers: { Accept: 'application/json' } });
      return res.ok ? directorySchema.parse(await res.json()) : undefined;
    } catch {
      return undefined;
    }
  }

  async function copy(): Promise<SyncStatus> {
    const last = await db.sync.get('directory');
    if (last?.finishedAt && now() - last.finishedAt < refreshMs) {
      report({ status: 'done' });
      return 'done';
    }
    if (!isOnline()) {
      report({ status: 'paused' });
      return 'paused';
    }
    const startedAt = now();
    report({ status: 'running', done: 0, total: 0 });
    const directory = await download();
    if (!directory) {
      // Tried again on the `online` event and on the next app start.
      report({ status: 'paused' });
      return 'paused';
    }
    // Only what the pages' own reads may keep: a server mistake never writes a private answer to disk.
    const answers = Object.entries(directory.responses).filter(([path]) => isSavedPath(path));
    report({ total: answers.length });
    await db.transaction('rw', db.responses, db.sync, async () => {
      // Answers the pages saved after the request went out are at least as new as the copy's: kept.
      const newer = new Set(await db.responses.where('savedAt').aboveOrEqual(startedAt).primaryKeys());
      const savedAt = now();
      await db.responses.bulkPut(
        answers.filter(([path]) => !newer.has(path)).map(([path, data]) => ({ path, data, savedAt })),
      );
      // Every provider and chain detail the directory holds was just written: older ones belong to providers
      // or chains that no longer exist, and older by-chain lists are derived from the new provider list instead.
      await db.responses
        .where('savedAt')
        .below(startedAt)
        .filter((r) => ENTITY_PATH.test(r.path))
        .delete();
      await db.sync.put({ key: 'directory', startedAt, finishedAt: savedAt });
    });
    report({ status: 'done', done: answers.length });
    return 'done';
  }

  /**
   * One tab at a time: a tab that finds the lock taken leaves the copy to the tab holding it (the saved
   * answers are shared, and Dexie tells every tab's views when they change).
   */
  async function copyInOneTab(): Promise<SyncStatus> {
    if (!locks) return copy();
    return locks.request(OFFLINE.syncLockName, { ifAvailable: true }, async (lock): Promise<SyncStatus> => {
      if (lock) return copy();
      report({ status: 'other-tab' });
      return 'other-tab';
    });
  }

  return {
    /** Starts a run, or joins the one in progress; resolves with how it ended. */
    run(): Promise<SyncStatus> {
      running ??= copyInOneTab().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
