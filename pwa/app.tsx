// The app's React tree, the same in the browser (pwa/main.tsx) and on the server (pwa/entry-server.tsx):
// hydration needs both to build exactly this structure (useId values depend on it).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { replayEarlyClicks } from './lib/early-clicks.ts';
import type { createAppRouter } from './router.tsx';

export function App({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  // After the first commit, in a task of its own: the page's main part (inside the router's <Suspense>) is
  // hydrated in a later pass, and an event can make React hydrate it at once only outside a commit — pressed
  // from this effect itself, the held-back button was still inert markup and the press was lost. Lazily loaded
  // parts rendered by then have asked for their code (holdPressesFor): the replay waits for it.
  useEffect(() => {
    const replay = setTimeout(() => void replayEarlyClicks());
    return () => clearTimeout(replay);
  }, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
