// The app's running offline parts: saved answers behind every read, the outbox and its send loop, and
// the directory sync with its progress (published on <html data-sync="idle|running|paused|other-tab|done"
// data-sync-progress="done/total">). Dexie and these modules load on first use, after the first paint:
// the entry bundle carries only this file.
import type { OfflineReads } from '../lib/api.ts';
import { whenIdle } from '../lib/idle.ts';
import type { Outbox, OutboxEvent } from './outbox.ts';
import type { SyncProgress, SyncStatus } from './sync.ts';

const loadDb = () => import('./db.ts');

// ---------- saved answers ----------

let reads: Promise<OfflineReads> | undefined;
const savedReads = () =>
  (reads ??= Promise.all([loadDb(), import('./store.ts')]).then(([{ offlineDb }, { offlineReads }]) =>
    offlineReads(offlineDb),
  ));

/**
 * Saves answers that reached the page without a read (a server-rendered page's data); <html data-page-saved>
 * once they are stored (for tests and the curious).
 */
export async function keepAnswers(answers: [path: string, data: unknown][]): Promise<void> {
  const [{ offlineDb }, { saveResponses }] = await Promise.all([loadDb(), import('./store.ts')]);
  await saveResponses(offlineDb, answers);
  document.documentElement.dataset.pageSaved = '';
}

/** What lib/api.ts's getJson saves to and falls back on. */
export const lazyOfflineReads: OfflineReads = {
  save: (path, data) => void savedReads().then((r) => r.save(path, data)),
  load: async (path) => (await savedReads()).load(path),
};

// ---------- outbox ----------

const outboxListeners = new Set<(event: OutboxEvent) => void>();

/** Notified of each delivered, sign-in-needing or refused review (start.ts turns them into toasts). */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  outboxListeners.add(listener);
  return () => outboxListeners.delete(listener);
}

let outboxInstance: Promise<Outbox> | undefined;

/** The app's one outbox over the app's database. */
export function getOutbox(): Promise<Outbox> {
  outboxInstance ??= Promise.all([loadDb(), import('./outbox.ts')]).then(([{ offlineDb }, { createOutbox }]) =>
    createOutbox({ db: offlineDb, onEvent: (e) => outboxListeners.forEach((l) => l(e)) }),
  );
  return outboxInstance;
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * One send pass now, then a timer for the next entry in backoff. Runs at start, on the online event and
 * after a review was queued while the browser thought it was online. While offline no timer is set:
 * the online event starts the next pass.
 */
export async function sendOutbox(): Promise<void> {
  clearTimeout(retryTimer);
  const nextDueAt = await getOutbox()
    .then((o) => o.send())
    .catch(() => null);
  if (nextDueAt !== null && navigator.onLine) {
    retryTimer = setTimeout(() => void sendOutbox(), Math.max(1000, nextDueAt - Date.now()));
  }
}

// ---------- directory sync ----------

let progress: SyncProgress = { status: 'idle', done: 0, total: 0 };
const progressListeners = new Set<() => void>();

/** The copy's progress in this tab (the offline banner shows it); the same on <html data-sync="…" data-sync-progress="done/total">. */
export const syncProgress = {
  get: (): SyncProgress => progress,
  subscribe(listener: () => void): () => void {
    progressListeners.add(listener);
    return () => progressListeners.delete(listener);
  },
};

function publish(next: SyncProgress) {
  progress = next;
  document.documentElement.dataset.sync = next.status;
  document.documentElement.dataset.syncProgress = `${next.done}/${next.total}`;
  progressListeners.forEach((l) => l());
}

let sync: Promise<{ run: () => Promise<SyncStatus> }> | undefined;

/** Copies the directory when it is due; a run in progress in this tab is joined, not doubled. */
export async function runDirectorySync(): Promise<SyncStatus> {
  // Said at once, before the copy's code (and the schemas it checks parts with) loads.
  if (progress.status !== 'running') publish({ ...progress, status: 'running' });
  sync ??= Promise.all([loadDb(), import('./sync.ts')]).then(([{ offlineDb }, { createDirectorySync }]) =>
    createDirectorySync({
      db: offlineDb,
      onProgress: publish,
      // Each part is stored in a task of its own, when the page has nothing better to do.
      betweenParts: () => new Promise((resolve) => whenIdle(resolve, 1000)),
    }),
  );
  return (await sync).run();
}
