// The persisted query cache (sync-storage persister over localStorage): the last screens paint at once on
// the next visit, online or not. It belongs to one build (`buster`), so a new release never reads an old
// shape. After a restore while online, everything restored is marked stale: it shows at once and each page
// refreshes its own data as it mounts — the same fresh data a visit without the copy would get — and the
// restored entries of the user who was signed in are dropped: with a connection the server says who is signed
// in now (the page's own state, or a fresh lookup), and it may be someone else or no one. Offline they stay,
// the only way the app knows whose outbox to show.
import type { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClient, removeOldestQuery } from '@tanstack/react-query-persist-client';
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
  const [unsubscribe, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: OFFLINE.queryCacheMaxAgeMs,
    buster: BUILD_ID,
    dehydrateOptions: {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && !NOT_PERSISTED.test(String(q.queryKey[0])),
    },
  });
  stopSaving = unsubscribe;
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
