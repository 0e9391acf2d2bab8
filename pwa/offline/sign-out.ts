// Logout through the app on a device others may use: before the browser goes to /api/logout, everything of
// the user this device holds is deleted — the saved query cache, the user's queries in this and every other
// open tab, and the user's outbox (unsent reviews; the account menu asks first when there are any).
// Cache Storage holds nothing of a user (the service worker caches the app shell and uploaded images only).
import type { QueryClient } from '@tanstack/react-query';
import { navigateFullPage, paths } from '../lib/site.ts';
import { getOutbox } from './instance.ts';
import { sayOffline } from './needs-network.ts';
import { deletePersistedCache } from './persist.ts';
import { announceSignedOut, forgetUserInThisTab } from './user-data.ts';

export async function signOut(queryClient: QueryClient, userId: number): Promise<void> {
  // Offline the session cannot end: the user stays signed in and keeps their data.
  if (!navigator.onLine) return sayOffline('Logging out');
  deletePersistedCache();
  await (await getOutbox()).forget(userId);
  forgetUserInThisTab(queryClient);
  announceSignedOut();
  navigateFullPage(paths.logout());
}
