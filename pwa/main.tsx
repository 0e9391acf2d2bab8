// Entry point: one QueryClient, the router (with the client in its context), mounted on #root — after the
// offline layer has started and the saved query cache is back, so the router's loaders find it. A page the
// server rendered (api/web/ssr.ts) is hydrated with the query data it was rendered from; the service
// worker's offline shell carries none, and is rendered here from scratch.
import './lib/zod-no-eval.ts'; // before any schema parses
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { expandPageState, type CarriedPageState } from './lib/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import { persistQueryCache } from './offline/persist.ts';
import { keepRenderedAnswers, startOffline } from './offline/start.ts';
import { markHydrating } from './lib/router-internals.ts';
import { PAGE_HEAD_MARK, SSR_STATE_ID } from './lib/site.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

/** The query data the server rendered this page from. */
function renderedState(): DehydratedState | undefined {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  try {
    return text ? expandPageState(JSON.parse(text) as CarriedPageState) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Before a page is drawn in the browser (not hydrated): the head tags the server wrote for it and the shell's own
 * <title> go, so the route's <HeadContent /> leaves one of each (beside them React added a second title and robots).
 */
function dropServerHead() {
  let inside = false;
  for (const node of [...document.head.childNodes]) {
    const mark = node.nodeType === Node.COMMENT_NODE ? node.nodeValue : null;
    if (mark === PAGE_HEAD_MARK) inside = true;
    if (inside || mark === `/${PAGE_HEAD_MARK}`) node.remove();
    if (mark === `/${PAGE_HEAD_MARK}`) inside = false;
  }
  document.head.querySelector('title')?.remove();
}

/**
 * Lets the browser paint and answer input before the next step: each step of the start is then a task of its own
 * rather than one long task from the modules' evaluation to hydration (a phone blocked for a few hundred ms).
 */
const yieldToBrowser = (): Promise<void> =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ??
  new Promise((resolve) => setTimeout(resolve));

async function start() {
  await yieldToBrowser(); // the modules were evaluated in this task
  const state = renderedState();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, { origin: window.location.origin, hydrating: Boolean(state) });
  startOffline(queryClient, router);
  const app = <App queryClient={queryClient} router={router} />;
  // Restoring reads localStorage (a few ms); PersistQueryClientProvider would restore only after the first
  // render, when the loaders have already asked the network. Without storage (blocked) the app still starts.
  await persistQueryCache(queryClient).catch(() => {});
  const root = document.getElementById('root')!;
  if (!state) {
    dropServerHead();
    createRoot(root).render(app);
  } else {
    await yieldToBrowser();
    // The server's answers are newer than any saved copy; with them and the route's code loaded, the first
    // render matches the HTML. Hydrating in a transition lets the browser paint and respond between slices.
    hydrate(queryClient, state);
    keepRenderedAnswers(state);
    markHydrating(router);
    await router.load();
    await yieldToBrowser();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  }
  // The update prompt lives beside the app, not in the tree the server renders.
  const promptRoot = document.body.appendChild(document.createElement('div'));
  createRoot(promptRoot).render(<UpdatePrompt />);
}

void start();
