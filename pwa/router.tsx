import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query data is never stale (spec 000 §7): preloading through the router must not refetch either.
    defaultPreloadStaleTime: 0,
    // Skeletons appear quickly rather than after the 1 s default, and stay long enough not to flash.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
