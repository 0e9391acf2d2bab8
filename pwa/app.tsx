// The app's React tree, the same in the browser (pwa/main.tsx) and on the server (pwa/entry-server.tsx):
// hydration needs both to build exactly this structure (useId values depend on it).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { createAppRouter } from './router.tsx';

export function App({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
