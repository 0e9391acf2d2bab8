import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

/** `history`: the browser's by default; the server renders one URL from memory (pwa/entry-server.tsx). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query data is never stale (spec 000 §7): preloading through the router must not refetch either.
    defaultPreloadStaleTime: 0,
    // Skeletons appear quickly rather than after the 1 s default, and stay long enough not to flash.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    // Not on the server: its inline restore script would need the response's CSP nonce, and the rendered page
    // is shared between responses (api/web/ssr.ts). The browser restores scroll positions once hydrated.
    scrollRestoration: !history,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
