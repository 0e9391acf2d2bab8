// The app layout: sticky header, the page, footer, and the single toast region.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useAppLinkNavigation } from '../components/app-link.tsx';
import { CompareTray } from '../components/compare-tray.tsx';
import { ErrorScreen } from '../components/error-screen.tsx';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header.tsx';
import { NotFoundScreen } from '../components/not-found.tsx';
import { TrackingScripts } from '../components/tracking-scripts.tsx';
import { frameChainsQuery } from '../data/chains.ts';
import { currentUserQuery } from '../data/auth.ts';
import { partnerLinksQuery } from '../data/content.ts';
import { featuredProvidersQuery } from '../data/providers.ts';
import { whenIdle } from '../lib/idle.ts';
import { notFoundHead } from '../lib/page-head.ts';
import { isNotFoundMatch } from '../lib/router-internals.ts';
import { ensure } from '../lib/query-client.ts';
import { getToasts, subscribeToasts } from '../lib/toast.ts';

export type RouterContext = { queryClient: QueryClient; origin: string };

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route draws its own header and footer (the /landing page). */
    ownChrome?: boolean;
  }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ matches }) => ({ ownChrome: matches.some((m) => m.staticData?.ownChrome) }),
  // What the header and footer show, on every page that has them (the header's menus read their lists when opened).
  loader: async ({ context: { queryClient, ownChrome } }) => {
    if (ownChrome) return;
    // Who is signed in: the server's render waits for it (the header is drawn signed in or out at once); a page drawn
    // in the browser (the offline shell) shows the header's loading state meanwhile, not a blank page.
    const user = ensure(queryClient, currentUserQuery());
    await Promise.all([
      ensure(queryClient, frameChainsQuery()),
      ensure(queryClient, featuredProvidersQuery()),
      ensure(queryClient, partnerLinksQuery()),
      typeof window === 'undefined' ? user : undefined,
    ]);
  },
  // Only where a path is no page: each page's own route declares its head.
  head: ({ match }) => (isNotFoundMatch(match) ? notFoundHead(match) : {}),
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});

// The toast region (Radix Toast) is not part of the first render: most visits never show a toast, and every
// page would otherwise evaluate and hydrate it before it answers. Its code loads once the browser is idle (or
// with the first toast, if that comes sooner), and is then rendered directly: a lazy component would be
// revealed by Suspense up to 300 ms late, and some toasts last only until a redirect 500 ms later.
function Toasts() {
  const any = useSyncExternalStore(
    subscribeToasts,
    () => getToasts().length > 0,
    () => false,
  );
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (Toaster) return;
    const load = () => void import('../components/ui/toaster.tsx').then((m) => setToaster(() => m.Toaster));
    if (any) load();
    else return whenIdle(load, 3000);
  }, [any, Toaster]);
  return any && Toaster ? <Toaster /> : null;
}

function RootLayout() {
  useAppLinkNavigation();
  const ownChrome = Route.useRouteContext({ select: (context) => context.ownChrome });
  // The page's head tags: React puts them in <head> (the server's render hands them to api/web/ssr.ts for it).
  if (ownChrome) {
    return (
      <>
        <HeadContent />
        <Outlet />
        <Toasts />
        <TrackingScripts />
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <HeadContent />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <CompareTray />
      <Toasts />
      <TrackingScripts />
    </div>
  );
}
