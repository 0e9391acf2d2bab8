// The saved query cache keeps what a page showed even when the visitor leaves it at once: the throttled save
// has not run yet, the save on leaving has.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { authKeys } from '../data/auth.ts';
import { OFFLINE } from './keys.ts';
import { deletePersistedCache, persistQueryCache } from './persist.ts';

const savedUser = () => {
  const saved = localStorage.getItem(OFFLINE.queryCacheKey);
  const queries: { queryKey: unknown[]; state: { data: unknown } }[] = saved
    ? JSON.parse(saved).clientState.queries
    : [];
  return queries.find((q) => q.queryKey[0] === authKeys.user()[0])?.state.data;
};

afterEach(() => {
  deletePersistedCache();
});

it('a page left before its throttled save still saves who is signed in', async () => {
  const queryClient = new QueryClient();
  await persistQueryCache(queryClient);
  queryClient.setQueryData(authKeys.user(), { authenticated: true, user: { id: 7, email: 'quick@example.com' } });
  expect(savedUser()).toBeUndefined();
  window.dispatchEvent(new Event('pagehide'));
  expect(savedUser()).toEqual({ authenticated: true, user: { id: 7, email: 'quick@example.com' } });
});

it('saves nothing on leaving after logout deleted the saved cache', async () => {
  const queryClient = new QueryClient();
  await persistQueryCache(queryClient);
  queryClient.setQueryData(authKeys.user(), { authenticated: true, user: { id: 7, email: 'quick@example.com' } });
  deletePersistedCache();
  window.dispatchEvent(new Event('pagehide'));
  expect(localStorage.getItem(OFFLINE.queryCacheKey)).toBeNull();
});
