// React views of the offline state: the outbox (live from IndexedDB, so every tab agrees) and when the
// saved copy was made. Dexie and the database load with the first view that reads them: a signed-out visitor's
// review form reads nothing, so a provider page does not evaluate Dexie while it hydrates.
import { useEffect, useState, type DependencyList } from 'react';
import type { OfflineDatabase, OutboxEntry } from './db.ts';
import type { OfflineCopy } from './store.ts';

type Store = typeof import('./store.ts');

/**
 * The latest result of a Dexie query, re-run whenever the tables it read change (in any tab); `initial`
 * until the first result, and for good when `query` is null.
 */
function useLiveQuery<T>(
  query: ((db: OfflineDatabase, store: Store) => Promise<T>) | null,
  deps: DependencyList,
  initial: T,
): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (!query) return setValue(initial);
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([import('dexie'), import('./db.ts'), import('./store.ts')]).then(
      ([{ liveQuery }, { offlineDb }, store]) => {
        if (cancelled) return;
        const subscription = liveQuery(() => query(offlineDb, store)).subscribe({
          next: setValue,
          error: () => setValue(initial),
        });
        unsubscribe = () => subscription.unsubscribe();
      },
      () => setValue(initial),
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
    // The caller lists what its query depends on (the query itself is a new closure each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dependencies are the caller's
  }, deps);
  return value;
}

const NONE: OutboxEntry[] = [];

/** The user's reviews waiting in the outbox, oldest first (none when signed out). */
export function useOutboxEntries(userId: number | undefined): OutboxEntry[] {
  return useLiveQuery(
    userId === undefined ? null : (db) => db.outbox.where('userId').equals(userId).sortBy('id'),
    [userId],
    NONE,
  );
}

/** The user's waiting review of one provider, if any. */
export function useOutboxEntry(userId: number | undefined, slug: string): OutboxEntry | undefined {
  return useOutboxEntries(userId).find((e) => e.slug === slug);
}

/** What this device holds for offline use (store.ts `offlineCopy`); undefined until it has been read. */
export function useOfflineCopy(): OfflineCopy | undefined {
  return useLiveQuery<OfflineCopy | undefined>((db, { offlineCopy }) => offlineCopy(db), [], undefined);
}
