// React views of the offline state: the outbox (live from IndexedDB, so every tab agrees) and when the
// saved copy was made.
import { liveQuery } from 'dexie';
import { useEffect, useState, type DependencyList } from 'react';
import { offlineDb, type OutboxEntry } from './db.ts';
import { savedAt } from './store.ts';

/** The latest result of a Dexie query, re-run whenever the tables it read change (in any tab). */
function useLiveQuery<T>(query: () => Promise<T>, deps: DependencyList, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: setValue, error: () => setValue(initial) });
    return () => subscription.unsubscribe();
    // The caller lists what its query depends on (the query itself is a new closure each render).
  }, deps);
  return value;
}

const NONE: OutboxEntry[] = [];

/** The user's reviews waiting in the outbox, oldest first (none when signed out). */
export function useOutboxEntries(userId: number | undefined): OutboxEntry[] {
  return useLiveQuery(
    () => (userId === undefined ? Promise.resolve(NONE) : offlineDb.outbox.where('userId').equals(userId).sortBy('id')),
    [userId],
    NONE,
  );
}

/** The user's waiting review of one provider, if any. */
export function useOutboxEntry(userId: number | undefined, slug: string): OutboxEntry | undefined {
  return useOutboxEntries(userId).find((e) => e.slug === slug);
}

/** When the directory copy was made (epoch ms), null when nothing is saved yet. */
export function useSavedAt(): number | null {
  return useLiveQuery(() => savedAt(offlineDb), [], null);
}
