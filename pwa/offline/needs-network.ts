// Offline, what needs the server answers in the app — "You're offline" and what waits for a connection —
// never with the browser's own error page. Sign-in and logout are full-page navigations to the server
// (the service worker sends /api/ to the network, which is not there), and the admin panel's code is not
// kept offline: a press on any of them is stopped here, before the browser leaves the app.
import { navigateFullPage } from '../lib/site.ts';
import { toast } from '../lib/toast.ts';

/** What a press leads to, by the path it opens; null for what works offline. */
export function needsNetwork(pathname: string): string | null {
  if (pathname === '/api/logout') return 'Logging out';
  if (/^\/(api\/(auth\/google|login)|oidc|connect)(\/|$)/.test(pathname)) return 'Signing in';
  if (/^\/admin(\/|$)/.test(pathname)) return 'The admin panel';
  return null;
}

/** "You're offline — Voting needs a connection. …" as a toast. */
export function sayOffline(what: string): void {
  toast({
    title: "You're offline",
    description: `${what} needs a connection. Try again when you are back online.`,
    variant: 'destructive',
  });
}

/** A full-page navigation to the server; offline, the app says why it does not go instead. */
export function navigateToServer(url: string): void {
  const what = navigator.onLine ? null : needsNetwork(new URL(url, location.href).pathname);
  if (what) sayOffline(what);
  else navigateFullPage(url);
}

/**
 * Catches presses on links that need the network while offline (capture phase: before the router's own
 * link handling and before the browser follows the link).
 */
export function guardLinksOffline(): void {
  document.addEventListener(
    'click',
    (event) => {
      if (navigator.onLine || event.defaultPrevented) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
      const what = needsNetwork(link.pathname);
      if (!what) return;
      event.preventDefault();
      event.stopPropagation();
      sayOffline(what);
    },
    { capture: true },
  );
}
