import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorScreen } from './components/error-screen.tsx';
import { routeTree } from './routeTree.gen.ts';

/**
 * `origin`: the site's base URL, for the canonical URLs in the page heads (the server's public URL, or the page's).
 * `history`: the browser's by default; the server renders one URL from memory (pwa/entry-server.tsx).
 * `hydrating`: the page on screen is the server's, and the visitor may have scrolled it before the app took over.
 */
export function createAppRouter(
  queryClient: QueryClient,
  {
    origin,
    history,
    hydrating = false,
  }: {
    origin: string;
    history?: RouterHistory;
    hydrating?: boolean;
  },
) {
  // The first render of a server-rendered page leaves the scroll where it is: the visitor's, or the browser's
  // own restoring on a reload. Reset to the top, it moved the page under a reader (and under a press in flight).
  let leaveScroll = hydrating;
  return createRouter({
    routeTree,
    history,
    context: { queryClient, origin },
    defaultPreload: 'intent',
    // A page that fails says so inside the layout (header, offline banner), not in place of it.
    defaultErrorComponent: ErrorScreen,
    // Query data is never stale: preloading through the router must not refetch either.
    defaultPreloadStaleTime: 0,
    // Skeletons appear quickly rather than after the 1 s default, and stay long enough not to flash.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    // Not on the server: its inline restore script would need the response's CSP nonce, and the rendered page
    // is shared between responses (api/web/ssr.ts). The browser restores scroll positions once hydrated.
    scrollRestoration: history
      ? false
      : () => {
          if (!leaveScroll) return true;
          leaveScroll = false;
          return false;
        },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
