// Every use of @tanstack/react-router's undocumented parts, in one place: server rendering needs three things its
// public API does not give without the router's own dehydration (which this app replaces with the query cache's,
// pwa/entry-server.tsx). router-internals.test.ts fails when an upgrade renames or changes one of them.
import type { AnyRouteMatch, AnyRouter } from '@tanstack/react-router';

/** Where the server's `router.load()` was sent instead of rendering (a route's `redirect`), else undefined. */
export function serverRedirect(router: AnyRouter): string | undefined {
  const result = router._serverResult;
  return result?.type === 'redirect' ? (result.redirect.headers.get('Location') ?? '/') : undefined;
}

/** The match draws the not-found screen: a route threw notFound(), or no route takes the path. */
export const isNotFoundMatch = (match: Pick<AnyRouteMatch, 'status' | '_notFound'>) =>
  match.status === 'notFound' || match._notFound === true;

/**
 * Marks the router as hydrating server HTML: it then leaves out the client-only <Suspense> around the matches, as
 * the server did (what the router's own SSR client sets; no manifest here).
 */
export function markHydrating(router: AnyRouter): void {
  router.ssr = { manifest: undefined };
}
