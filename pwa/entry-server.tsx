// Server-side rendering (api/web/ssr.ts): the page's head and body as HTML plus the query data it was drawn from, so
// the browser paints the page before any JavaScript has run and then hydrates the same tree (pwa/main.tsx).
// Reads go to the server's own API handler through `fetchApi`, with the visitor's cookies.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory, HeadContent, RouterContextProvider } from '@tanstack/react-router';
import { getSsrStatus } from '@tanstack/react-router/ssr/server';
import { renderToString } from 'react-dom/server';
import './lib/zod-no-eval.ts';
import { App } from './app.tsx';
import { ApiError, setApiFetch } from './lib/api.ts';
import { lazyPartsArrived } from './lib/early-clicks.ts';
import { compactPageState, type CarriedPageState } from './lib/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import { serverRedirect } from './lib/router-internals.ts';
import { createAppRouter } from './router.tsx';

/**
 * `status`: the router's (404 where its not-found lands). `head`: the page's head tags and resource hints, which React
 * emits before the body (<HeadContent /> in the root route; image preloads). `html`: the body, or none for a page the
 * browser renders itself. `complete`: every read the page made was answered; a page drawn with a failed read (its
 * error or empty state, which the browser redraws once it reads again) is for this request only.
 */
export type RenderedPage = {
  status: number;
  head: string;
  html: string | undefined;
  state: CarriedPageState;
  complete: boolean;
};

// Concurrent renders each read through their own request's fetch; reads outside a render (PWA code run
// in the server's tests) keep the global fetch.
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setApiFetch((input, init) => (requestFetch.getStore() ?? fetch)(input, init));
// The server hands its own sanitiser to the components (api/web/ssr.ts): DOMPurify needs a browser's DOM.
export { provideSanitizer } from './components/html-content.tsx';

/** React's mark for a <Suspense> part it could not draw on the server and leaves to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** The tags React hoists to the front of its output: they belong in <head>. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link) [^>]*>)*/;

let matcher: ReturnType<typeof createAppRouter> | undefined;

/** The ids of the routes the router matches at `pathname`, without loading them. */
export function routeIdsAt(pathname: string): string[] {
  matcher ??= createAppRouter(createQueryClient(), { origin: '', history: createMemoryHistory() });
  // Past the routes' paths, the longest matching prefix: its route draws the not-found screen.
  return matcher.getMatchedRoutes(pathname)[0].map((route) => route.id);
}

/**
 * Renders the app at `url` (path and query string) with data read through `fetchApi`: one `router.load()` runs every
 * matched route's loader (each ensures the queries its page reads), then one render. `body: false` renders only the
 * head. `origin`: the site's public URL (canonical links).
 */
export function renderPage(
  url: string,
  fetchApi: typeof fetch,
  { origin, body }: { origin: string; body: boolean },
): Promise<RenderedPage> {
  return requestFetch.run(fetchApi, async () => {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient, { origin, history: createMemoryHistory({ initialEntries: [url] }) });
    await router.load();
    // The router sends a URL to its canonical spelling (`/providers/` → `/providers`, the query as its routes read
    // it): the page at that URL is this request's answer, as the browser's router shows it there.
    const redirect = serverRedirect(router);
    if (redirect) {
      router.history.replace(redirect);
      await router.load();
    }
    // A read the API refused as a bad request: the URL carried input the API refuses, and the page is refused alike.
    const refused = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.state.error)
      .find((error) => error instanceof ApiError && error.status === 400);
    if (refused) {
      queryClient.clear();
      throw refused;
    }
    const tree = body ? (
      <App queryClient={queryClient} router={router} />
    ) : (
      <RouterContextProvider router={router}>
        <HeadContent />
      </RouterContextProvider>
    );
    let html = renderToString(tree);
    // A lazily loaded part met before its code arrived (the first render after the server started) is left to the
    // browser, React's "<!--$!-->": drawn again once its code is there.
    if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
      await lazyPartsArrived();
      html = renderToString(tree);
    }
    const state = compactPageState(dehydrate(queryClient));
    const complete =
      !html.includes(CLIENT_RENDERED_BOUNDARY) &&
      queryClient
        .getQueryCache()
        .getAll()
        .every((q) => q.state.status === 'success' || (q.options as { enabled?: unknown }).enabled === false);
    // Drops the queries' garbage-collection timers (set for days: pwa/lib/query-client.ts), which would keep
    // every rendered page's data alive.
    queryClient.clear();
    const head = body ? HOISTED.exec(html)![0] : html;
    return { status: getSsrStatus(router), head, html: body ? html.slice(head.length) : undefined, state, complete };
  });
}
