// The signed-in user's data this device holds outside the outbox — the query entries naming the user and
// ".../mine" — and how it is forgotten: at logout through the app (all of it, in every open tab), and for a
// session that ended another way (expired, logged out elsewhere) at the next start with a connection,
// when the server says who is signed in (pwa/offline/persist.ts).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { authKeys, type AuthUser } from '../data/auth.ts';
import { OFFLINE } from './keys.ts';

const AUTH_PATH = authKeys.user()[0];

const pathOf = (queryKey: QueryKey) => queryKey.map(String).join('/');
const isMineQuery = (queryKey: QueryKey) => pathOf(queryKey).endsWith('/mine');

/** Entries that belong to one user: who is signed in (e-mail, names) and every "…/mine" answer. */
export function isUserQuery(queryKey: QueryKey): boolean {
  return pathOf(queryKey) === AUTH_PATH || isMineQuery(queryKey);
}

/** Before the first render (nothing observes them yet). */
export function removeUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => isUserQuery(q.queryKey) });
}

/** This tab shows a signed-out visitor, holding nothing of the user who was signed in. */
export function forgetUserInThisTab(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => isMineQuery(q.queryKey) });
  // Set, not removed: the views on screen observe this entry, redraw signed out, and then look up their
  // "…/mine" entries afresh (disabled while signed out).
  queryClient.setQueryData<AuthUser>(authKeys.user(), { authenticated: false });
}

/** Tells the other open tabs (storage event) and later back/forward restores that the user logged out. */
export function announceSignedOut(): void {
  localStorage.setItem(OFFLINE.signedOutAtKey, String(Date.now()));
}

/**
 * Another tab logged out: this one forgets the user too (its cache would otherwise be saved to storage
 * again). A page restored from the back/forward cache after a logout is loaded afresh, so it does not show
 * the user's page as it was.
 */
export function followSignOuts(queryClient: QueryClient): void {
  const startedAt = Date.now();
  window.addEventListener('storage', (event) => {
    if (event.key === OFFLINE.signedOutAtKey && event.newValue) forgetUserInThisTab(queryClient);
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && Number(localStorage.getItem(OFFLINE.signedOutAtKey)) > startedAt) location.reload();
  });
}
