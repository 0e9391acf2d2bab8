// The app's QueryClient (spec 000 §7): no retry, no refetch on focus, no polling, cached data never stale
// — only a mutation's invalidation refreshes it. The default read GETs the query key joined by slashes.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
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
      },
      mutations: { retry: false },
    },
  });
}
