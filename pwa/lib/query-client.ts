// The app's QueryClient: no retry, no refetch on focus, no polling, cached data never stale
// — only a mutation's invalidation refreshes it. The default read GETs the query key joined by slashes.
import { QueryClient, type EnsureQueryDataOptions, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { OFFLINE } from '../offline/keys.ts';
import { getJson } from './api.ts';

export const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKey.map(String).join('/'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Infinity,
        // Offline the read still runs: getJson then answers from the saved copy (pwa/offline/store.ts)
        // instead of the query pausing until the browser reports a connection.
        networkMode: 'always',
        // Kept at least as long as the persisted cache, or a restored query would be dropped at once.
        gcTime: OFFLINE.queryCacheMaxAgeMs,
      },
      // The review mutation queues itself when offline (pwa/offline/outbox.ts); others fail at once and say so.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * One read a route's loader waits for, so the page renders with its data (the server renders once, with all of it);
 * a failed read is left to the page's own error or empty state, as the browser shows it, and answers undefined.
 */
export function ensure<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<TData | undefined> {
  return queryClient.ensureQueryData(options).catch(() => undefined);
}
