// The directory sync: from the first online visit, copies the whole public directory — lists, every provider
// and chain with its details, the content the pages show — into IndexedDB, so every page works offline. A few
// requests, GET /api/directory?part=N (every answer under the GET path that gives it, the very JSON the pages
// read; the lists and content first), each part stored as it arrives: a copy cut short (a reload, a closed tab,
// the connection lost) serves what it has, and the next run resumes at the next part. Only while online; in
// one tab at a time; refreshed on an app start once the copy is older than OFFLINE.syncRefreshMs.
import { directoryPartSchema, type DirectoryPart } from '../../contract/directory.ts';
import type { OfflineDatabase, SyncRun } from './db.ts';
import { OFFLINE } from './keys.ts';
import { isSavedPath } from './store.ts';

/** The parts are read from here: `${DIRECTORY_PATH}?part=N`. */
export const DIRECTORY_PATH = '/api/directory';

/**
 * Answers about one provider or chain: kept only while the directory holds them. Chains' provider lists
 * (`/api/providers/by-chain/…`, saved by chain pages) are not in it: once the fresh provider list is stored,
 * the list derived from it (store.ts) replaces an older one, so a finished run drops those too.
 */
const ENTITY_PATH = /^\/api\/(providers|chains)\/./;

/** `other-tab`: another tab of the app holds the sync lock and makes the copy for every tab. */
export type SyncStatus = 'idle' | 'running' | 'paused' | 'other-tab' | 'done';
/** `done` and `total` count the directory's parts. */
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
  /** Waited for between two parts (the browser's next idle moment), so the copy never holds up the page. */
  betweenParts?: () => Promise<void>;
};

export function createDirectorySync({
  db,
  fetch: fetchFn = (...args) => globalThis.fetch(...args),
  now = Date.now,
  isOnline = () => navigator.onLine,
  locks = typeof navigator === 'undefined' ? null : (navigator.locks ?? null),
  refreshMs = OFFLINE.syncRefreshMs,
  onProgress = () => {},
  betweenParts = () => Promise.resolve(),
}: DirectorySyncOptions) {
  let running: Promise<SyncStatus> | null = null;
  let progress: SyncProgress = { status: 'idle', done: 0, total: 0 };
  const report = (patch: Partial<SyncProgress>) => onProgress((progress = { ...progress, ...patch }));

  /** One part, or undefined when no usable answer came (offline, a failing server, a cut-off body). */
  async function download(part: number): Promise<DirectoryPart | undefined> {
    try {
      const res = await fetchFn(`${DIRECTORY_PATH}?part=${part}`, { headers: { Accept: 'application/json' } });
      return res.ok ? directoryPartSchema.parse(await res.json()) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores one part and the run's progress in one transaction: what is stored is always recorded as stored. */
  async function store(run: SyncRun, answer: DirectoryPart, requestedAt: number): Promise<SyncRun> {
    // Only what the pages' own reads may keep: a server mistake never writes a private answer to disk.
    const answers = Object.entries(answer.responses).filter(([path]) => isSavedPath(path));
    const last = answer.part + 1 >= answer.parts;
    return db.transaction('rw', db.responses, db.sync, async () => {
      // Answers the pages saved after the request went out are at least as new as the copy's: kept.
      const newer = new Set(await db.responses.where('savedAt').aboveOrEqual(requestedAt).primaryKeys());
      const savedAt = now();
      await db.responses.bulkPut(
        answers.filter(([path]) => !newer.has(path)).map(([path, data]) => ({ path, data, savedAt })),
      );
      const oneBuild = run.generatedAt === undefined || run.generatedAt === answer.generatedAt;
      // Every provider and chain detail of one build was just written: older ones belong to providers or chains that
      // no longer exist, and older by-chain lists are derived from the new provider list instead. Parts of different
      // builds (a write came between them) may have missed one, so they leave the old answers to the next run.
      if (last && oneBuild)
        await db.responses
          .where('savedAt')
          .below(run.startedAt)
          .filter((r) => ENTITY_PATH.test(r.path))
          .delete();
      const next: SyncRun = {
        ...run,
        nextPart: answer.part + 1,
        parts: answer.parts,
        generatedAt: oneBuild ? answer.generatedAt : null,
        finishedAt: last ? savedAt : null,
      };
      await db.sync.put(next);
      return next;
    });
  }

  async function copy(): Promise<SyncStatus> {
    const last = await db.sync.get('directory');
    if (last?.finishedAt && now() - last.finishedAt < refreshMs) {
      report({ status: 'done', done: last.parts ?? 0, total: last.parts ?? 0 });
      return 'done';
    }
    // An unfinished run resumes at its next part; a finished one due for a refresh starts again.
    let run: SyncRun =
      last && !last.finishedAt && last.nextPart !== undefined
        ? last
        : {
            key: 'directory',
            startedAt: now(),
            finishedAt: null,
            nextPart: 0,
            previousFinishedAt: last?.finishedAt ?? undefined,
          };
    report({ done: run.nextPart ?? 0, total: run.parts ?? 0 });
    for (;;) {
      if (!isOnline()) {
        report({ status: 'paused' });
        return 'paused';
      }
      report({ status: 'running' });
      const requestedAt = now();
      const answer = await download(run.nextPart ?? 0);
      if (!answer) {
        // Tried again on the `online` event and on the next app start, from this part.
        report({ status: 'paused' });
        return 'paused';
      }
      run = await store(run, answer, requestedAt);
      report({ done: answer.part + 1, total: answer.parts });
      if (run.finishedAt) {
        report({ status: 'done' });
        return 'done';
      }
      await betweenParts();
    }
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
