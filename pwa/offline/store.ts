// Saved API answers: every successful public GET is kept under its path, and when the network fails the
// same path is answered from here — the exact JSON the server sent, so pages parse it with the same
// schemas. Search has no saved answers: it runs locally over the saved provider and chain lists.
import type { ChainWithStats } from '../../api/chains/schema.ts';
import type { Provider } from '../../api/providers/schema.ts';
import type { OfflineReads } from '../lib/api.ts';
import type { OfflineDatabase } from './db.ts';

/** The public read endpoints (the server's `cached` routes): the same answer for every visitor. */
const PUBLIC_READS = /^\/api\/(providers|chains|homepage|about|category|partner-links|ads|tracking-settings)(\/|$)/;

/**
 * Public answers only: nothing about the signed-in user ("…/mine", the account), nothing of the admin panel
 * (online only, and not for a shared device's disk), and not search (answered locally). A list of what
 * may be kept rather than of what may not, so a new private endpoint is never written to disk by accident.
 */
export function isSavedPath(path: string): boolean {
  return PUBLIC_READS.test(path) && !/\/mine$/.test(path);
}

export async function saveResponse(db: OfflineDatabase, path: string, data: unknown, savedAt = Date.now()): Promise<void> {
  await db.responses.put({ path, data, savedAt });
}

const SEARCH_PATH = /^\/api\/search\?/;

/** The saved answer for `path` (or the local search's), undefined when there is none. */
export async function loadResponse(db: OfflineDatabase, path: string): Promise<unknown> {
  if (SEARCH_PATH.test(path)) {
    const [providers, chains] = await Promise.all([db.responses.get('/api/providers'), db.responses.get('/api/chains/with-stats')]);
    if (!providers || !chains) return undefined;
    const q = new URLSearchParams(path.slice(path.indexOf('?'))).get('q') ?? '';
    // Loaded on first use: the matcher brings the API's zod schemas, which the first paint does without.
    const { searchDirectory } = await import('./search.ts');
    return searchDirectory(providers.data as Provider[], chains.data as ChainWithStats[], q);
  }
  return (await db.responses.get(path))?.data;
}

/** When the directory was saved: the last finished sync, else the newest saved answer; null when nothing is saved. */
export async function savedAt(db: OfflineDatabase): Promise<number | null> {
  const run = await db.sync.get('directory');
  if (run?.finishedAt) return run.finishedAt;
  return (await db.responses.orderBy('savedAt').last())?.savedAt ?? null;
}

/** The hook lib/api.ts calls on every GET. Saving never holds up or breaks a page (a full disk only loses the copy). */
export function offlineReads(db: OfflineDatabase): OfflineReads {
  return {
    save: (path, data) => {
      if (isSavedPath(path)) saveResponse(db, path, data).catch(() => {});
    },
    load: (path) => loadResponse(db, path).catch(() => undefined),
  };
}
