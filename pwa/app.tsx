// The app's React tree, the same in the browser (pwa/main.tsx) and on the server (pwa/entry-server.tsx):
// hydration needs both to build exactly this structure (useId values depend on it).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { replayEarlyClicks } from './lib/early-clicks.ts';
import type { createAppRouter } from './router.tsx';

export function App({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  // After the first commit (hydration included), when every field and button answers.
  useEffect(replayEarlyClicks, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
