// The persisted query cache (sync-storage persister over localStorage): the last screens paint at once on
// the next visit, online or not. It belongs to one build (`buster`), so a new release never reads an old
// shape. After a restore while online, everything restored is marked stale: it shows at once and each page
// refreshes its own data as it mounts — the same fresh data a visit without the copy would get — and the
// restored entries of the user who was signed in are dropped: with a connection the server says who is signed
// in now (the page's own state, or a fresh lookup), and it may be someone else or no one. Offline they stay,
// the only way the app knows whose outbox to show.
import type { Query, QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  persistQueryClient,
  persistQueryClientSave,
  removeOldestQuery,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { OFFLINE } from './keys.ts';
import { removeUserQueries } from './user-data.ts';

export const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

/** Not kept: the admin panel (online only; private data on a shared disk) and search (answered locally offline). */
const NOT_PERSISTED = /^\/api\/(admin|search)(\/|$)/;

let stopSaving = () => {};

/** Restores the saved cache into `queryClient` and keeps saving it; resolves once restored. */
export async function persistQueryCache(queryClient: QueryClient): Promise<void> {
  const persister = createSyncStoragePersister({
    storage: window.localStorage,
    key: OFFLINE.queryCacheKey,
    // When localStorage is full, drop the oldest queries rather than stop saving.
    retry: removeOldestQuery,
  });
  const saved = {
    queryClient,
    buster: BUILD_ID,
    dehydrateOptions: {
      shouldDehydrateQuery: (q: Query) => q.state.status === 'success' && !NOT_PERSISTED.test(String(q.queryKey[0])),
    },
  };
  const [unsubscribe, restored] = persistQueryClient({ ...saved, persister, maxAge: OFFLINE.queryCacheMaxAgeMs });
  // The persister saves a second after a change; a page left sooner (a visitor clicking through) is saved as it
  // goes, at once, so the next page offline knows what this one showed — who is signed in among it.
  const saveNow: Persister = {
    persistClient: (client) => {
      try {
        localStorage.setItem(OFFLINE.queryCacheKey, JSON.stringify(client));
      } catch {
        // A full disk: the throttled save, which makes room, has the last word.
      }
    },
    restoreClient: () => undefined,
    removeClient: () => {},
  };
  const saveOnLeaving = () => void persistQueryClientSave({ ...saved, persister: saveNow });
  window.addEventListener('pagehide', saveOnLeaving);
  stopSaving = () => {
    unsubscribe();
    window.removeEventListener('pagehide', saveOnLeaving);
  };
  await restored.catch(() => {});
  if (!navigator.onLine) return;
  removeUserQueries(queryClient);
  await queryClient.invalidateQueries({ refetchType: 'none' });
}

/** At logout: the saved cache is deleted, and nothing more is saved from this page as it leaves. */
export function deletePersistedCache(): void {
  stopSaving();
  localStorage.removeItem(OFFLINE.queryCacheKey);
}
