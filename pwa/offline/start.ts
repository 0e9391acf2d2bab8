// Starts the offline layer once at app start (main.tsx): saved answers behind every read, the outbox
// (sent a while after the page has loaded, on reconnect and with backoff), the directory sync (from the first
// idle moment after the first page's load: a visitor who leaves after a few pages has it), the offline answer
// to presses that need the network, and forgetting the user when another tab logs out.
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { RegisteredRouter } from '@tanstack/react-router';
import { reviewKeys } from '../data/reviews.ts';
import { setOfflineReads } from '../lib/api.ts';
import { afterLoad, atIdleAfterLoad } from '../lib/idle.ts';
import { getToasts, toast } from '../lib/toast.ts';
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

let waitingToAnnounce = false;

/**
 * Says once per device that the app now works offline (the directory is copied and a service worker is active), at
 * the visitor's next move to another page while no other toast shows. Said the moment the copy ends, the toast was a
 * first visit's largest paint (Lighthouse's LCP: 4.5 s on a chain page) and could replace the toast of a press.
 */
function announceOfflineReadyOnNextPage(router: RegisteredRouter) {
  const announced = () => localStorage.getItem(OFFLINE.offlineReadyAnnouncedKey) !== null;
  if (waitingToAnnounce || announced()) return;
  waitingToAnnounce = true;
  // Compared with the page on screen, not with the event's `pathChanged`: the router's first resolve of a page, which
  // can come after this, reports a change from no page at all.
  const copiedOn = window.location.pathname;
  const stop = router.subscribe('onResolved', ({ toLocation }) => {
    if (announced()) return stopWaiting(); // another tab said it
    if (toLocation.pathname === copiedOn || getToasts().some((t) => t.open)) return;
    stopWaiting();
    localStorage.setItem(OFFLINE.offlineReadyAnnouncedKey, new Date().toISOString());
    toast({
      title: 'Ready to work offline',
      description: 'Every provider and chain is saved on this device: browse and search them without a connection.',
    });
  });
  const stopWaiting = () => {
    stop();
    waitingToAnnounce = false;
  };
}

function syncDirectory(router: RegisteredRouter) {
  runDirectorySync()
    .then(async (status) => {
      if (status !== 'done' || !('serviceWorker' in navigator)) return;
      await navigator.serviceWorker.ready;
      announceOfflineReadyOnNextPage(router);
    })
    .catch(() => {});
}

export function startOffline(queryClient: QueryClient, router: RegisteredRouter): void {
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
    syncDirectory(router);
  });
  atIdleAfterLoad(() => syncDirectory(router));
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
