// Starts the offline layer once at app start (main.tsx): saved answers behind every read, the outbox
// (sent a while after the page has loaded, on reconnect and with backoff), the directory sync (from the first
// idle moment after the first page's load: a visitor who leaves after a few pages has it), the offline answer
// to presses that need the network, and forgetting the user when another tab logs out.
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { reviewKeys } from '../data/reviews.ts';
import { setOfflineReads } from '../lib/api.ts';
import { afterLoad, atIdleAfterLoad } from '../lib/idle.ts';
import { toast } from '../lib/toast.ts';
import { getOutbox, keepAnswers, lazyOfflineReads, onOutboxEvent, runDirectorySync, sendOutbox } from './instance.ts';
import { OFFLINE } from './keys.ts';
import { guardLinksOffline } from './needs-network.ts';
import type { OutboxEvent } from './outbox.ts';
import { followSignOuts } from './user-data.ts';

function announce(event: OutboxEvent) {
  const name = event.entry.providerName;
  if (event.type === 'sent') {
    toast({
      title: 'Review sent',
      description: `Your review of ${name} was sent. It will be visible after approval.`,
      variant: 'success',
    });
  } else if (event.type === 'needs-sign-in') {
    toast({
      title: 'Sign in to send your review',
      description: `Your review of ${name} is saved on this device and will be sent once you sign in.`,
      variant: 'destructive',
    });
  } else {
    toast({
      title: 'Review not sent',
      description: `Your review of ${name} was refused. Open ${name}'s page to fix or discard it.`,
      variant: 'destructive',
    });
  }
}

/** Says once per device that the app now works offline: the directory is copied and a service worker is active. */
async function announceOfflineReady() {
  if (localStorage.getItem(OFFLINE.offlineReadyAnnouncedKey) || !('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.ready;
  localStorage.setItem(OFFLINE.offlineReadyAnnouncedKey, new Date().toISOString());
  toast({
    title: 'Ready to work offline',
    description: 'Every provider and chain is saved on this device: browse and search them without a connection.',
  });
}

function syncDirectory() {
  runDirectorySync()
    .then((status) => (status === 'done' ? announceOfflineReady() : undefined))
    .catch(() => {});
}

export function startOffline(queryClient: QueryClient): void {
  setOfflineReads(lazyOfflineReads);
  guardLinksOffline();
  followSignOuts(queryClient);

  onOutboxEvent((event) => {
    announce(event);
    // The user's own review changed on the server (the public page waits for a moderator).
    if (event.type === 'sent') void queryClient.invalidateQueries({ queryKey: reviewKeys.mine(event.entry.slug) });
  });
  // Reviews left waiting by an earlier visit (those queued now are sent on reconnect at once).
  afterLoad(
    () =>
      void getOutbox()
        .then((outbox) => outbox.recover())
        .then(sendOutbox),
  );

  window.addEventListener('online', () => {
    void sendOutbox();
    syncDirectory();
  });
  atIdleAfterLoad(syncDirectory);
}

/**
 * Keeps the answers a server-rendered page was drawn from (they reached the page inside its HTML, not through a
 * read that saves them): the page renders offline from them, whether or not the directory copy got that far.
 */
export function keepRenderedAnswers(state: DehydratedState): void {
  atIdleAfterLoad(() => {
    const answers = state.queries
      .filter((q) => q.state.status === 'success')
      .map((q): [string, unknown] => [q.queryKey.map(String).join('/'), q.state.data]);
    // A full disk only loses the copy.
    keepAnswers(answers).catch(() => {});
  });
}
