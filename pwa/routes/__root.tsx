// The app layout: sticky header, the page, footer, and the single toast region.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router';
import { useAppLinkNavigation } from '../components/app-link.tsx';
import { ErrorScreen } from '../components/error-screen.tsx';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header.tsx';
import { NotFoundScreen } from '../components/not-found.tsx';
import { TrackingScripts } from '../components/tracking-scripts.tsx';
import { Toaster } from '../components/ui/toaster.tsx';

export type RouterContext = { queryClient: QueryClient };

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route draws its own header and footer (the /landing page, spec 000 §2). */
    ownChrome?: boolean;
  }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});

function RootLayout() {
  useAppLinkNavigation();
  const ownChrome = useMatches({ select: (matches) => matches.some((m) => m.staticData?.ownChrome) });
  if (ownChrome) {
    return (
      <>
        <Outlet />
        <Toaster />
        <TrackingScripts />
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
      <TrackingScripts />
    </div>
  );
}
