// Entry point: one QueryClient, the router (with the client in its context), mounted on #root — after the
// offline layer has started and the saved query cache is back, so the router's loaders find it.
import './lib/zod-no-eval.ts'; // before any schema parses
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { persistQueryCache } from './offline/persist.ts';
import { startOffline } from './offline/start.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
startOffline(queryClient);

// Restoring reads localStorage (a few ms); PersistQueryClientProvider would restore only after the first
// render, when the loaders have already asked the network. Without storage (blocked) the app still starts.
void persistQueryCache(queryClient).catch(() => {}).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </QueryClientProvider>
    </StrictMode>,
  );
});
