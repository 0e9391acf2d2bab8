// What offline means for the parts that need the server: the offline banner under the header (data pages),
// and a line for a write other than reviews (those queue in the outbox) saying it needs a connection.
// (Votes, contact and the admin panel say so in their own words, using useOnline() or the fetch error.)
import { useRouterState } from '@tanstack/react-router';
import { CloudOff } from 'lucide-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { cn } from '../lib/cn.ts';
import { useOnline } from '../offline/online.ts';

// Loaded when the connection drops: on a first visit (service worker not yet in control) the chunk cannot be
// fetched then, and a rejected import would take the whole page down with it — show no banner instead.
const OfflineBanner = lazy((): Promise<{ default: ComponentType }> =>
  import('./offline-banner.tsx').catch(() => ({ default: () => null })),
);

/** Pages that show no saved data: the admin panel says it needs a connection itself; sign-in is a server flow. */
const NO_DATA_PAGES = /^\/(admin|login)(\/|$)/;

/** Under the header: "You're offline — showing data saved …" on data pages while offline. */
export function OfflineBannerSlot() {
  const online = useOnline();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (online || NO_DATA_PAGES.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  );
}

export const NEEDS_CONNECTION = {
  profile: "You're offline. Saving your profile needs a connection.",
} as const;

/** Says, while offline, that this write needs a connection (render it next to the form's submit button). */
export function NeedsConnection({ message, className }: { message: string; className?: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset',
        className,
      )}
    >
      <CloudOff className="size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}
