// Server-side rendering (api/web/ssr.ts): the page's body as HTML plus the query data it was drawn from, so
// the browser paints the page before any JavaScript has run and then hydrates the same tree (pwa/main.tsx).
// Reads go to the server's own API handler through `fetchApi`, with the visitor's cookies.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import './lib/zod-no-eval.ts';
import { App } from './app.tsx';
import { provideSanitizer } from './components/html-content.tsx';
import { sanitizeAdCode, sanitizeRichHtml } from '../api/lib/sanitize.ts';
import { setApiFetch } from './lib/api.ts';
import { lazyPartsArrived } from './lib/early-clicks.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';

/**
 * `head`: the resource hints React emitted (image preloads), which belong in <head>, not in #root.
 * `found`: the URL is one of the app's routes and its loaders found what it names (not a not-found screen).
 * `complete`: every read the page asked for was answered; a page drawn with a failed or missing read (its error or
 * empty state, which the browser redraws once it reads again) is for this request only.
 */
export type RenderedPage = { head: string; html: string; state: DehydratedState; found: boolean; complete: boolean };

// Concurrent renders each read through their own request's fetch; reads outside a render (PWA code run
// in the server's tests) keep the global fetch.
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setApiFetch((input, init) => (requestFetch.getStore() ?? fetch)(input, init));
// DOMPurify needs a browser's DOM: the server sanitises with the allow-lists every stored HTML field was written
// through (sanitize-html), so drawing it again changes nothing. The browser's own copy replaces it after hydration.
provideSanitizer({ sanitizeHtml: sanitizeRichHtml, sanitizeAdHtml: sanitizeAdCode });

/** React's mark for a <Suspense> part it could not draw on the server and leaves to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** Most passes a page takes: components that only ask for their data while rendering (menus, sidebars) add one. */
const MAX_PASSES = 3;

/** Queries a render asked for that have no answer yet and may run (not switched off by `enabled`). */
function unanswered(queryClient: QueryClient) {
  return queryClient.getQueryCache().getAll().filter((q) =>
    q.state.status === 'pending' && q.state.fetchStatus === 'idle' && (q.options as { enabled?: unknown }).enabled !== false);
}

async function settle(queryClient: QueryClient) {
  while (queryClient.isFetching() > 0) {
    await new Promise<void>((resolve) => {
      const unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() === 0) {
          unsubscribe();
          resolve();
        }
      });
    });
  }
}

let matcher: ReturnType<typeof createAppRouter> | undefined;

/** The ids of the routes the router matches at `pathname`, without loading them. */
export function routeIdsAt(pathname: string): string[] {
  matcher ??= createAppRouter(createQueryClient(), { history: createMemoryHistory() });
  // Past the routes' paths, the longest matching prefix: its route draws the not-found screen.
  return matcher.getMatchedRoutes(pathname)[0].map((route) => route.id);
}

/** Renders the app at `url` (path and query string) with data read through `fetchApi`. */
export function renderPage(url: string, fetchApi: typeof fetch): Promise<RenderedPage> {
  return requestFetch.run(fetchApi, async () => {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }) });
    await router.load();
    const { matches } = router.state;
    const found = matches.length > 1 && matches.every((m) => m.status === 'success');
    const app = <App queryClient={queryClient} router={router} />;
    let html = '';
    for (let pass = 1; ; pass++) {
      await settle(queryClient);
      html = renderToString(app);
      const missing = unanswered(queryClient);
      // A lazily loaded part met before its code arrived is left to the browser (React's "<!--$!-->" marker).
      const partLeftOut = html.includes(CLIENT_RENDERED_BOUNDARY);
      if ((missing.length === 0 && !partLeftOut) || pass === MAX_PASSES) break;
      if (partLeftOut) await lazyPartsArrived();
      // A failed read renders as it would in the browser (its error or empty state); the client retries it.
      await Promise.all(missing.map((q) => q.fetch().catch(() => {})));
    }
    const state = dehydrate(queryClient);
    const complete = unanswered(queryClient).length === 0 && !html.includes(CLIENT_RENDERED_BOUNDARY) && !queryClient.getQueryCache().getAll().some((q) => q.state.status === 'error');
    // Drops the queries' garbage-collection timers (set for days: pwa/lib/query-client.ts), which would keep
    // every rendered page's data alive.
    queryClient.clear();
    const hints = /^(?:<link [^>]*>)*/.exec(html)![0];
    return { head: hints, html: html.slice(hints.length), state, found, complete };
  });
}
