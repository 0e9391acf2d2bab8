// The header's offline state: an "Offline" pill while the browser has no connection, and — for a
// signed-in user with reviews waiting — the outbox badge (loaded on demand: it brings IndexedDB code).
import { CloudOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useAuth } from '../data/auth.ts';
import { useOnline } from '../offline/online.ts';

const OutboxBadge = lazy(() => import('./outbox-badge.tsx'));

export function OfflineIndicator() {
  const online = useOnline();
  const { user } = useAuth();
  return (
    <>
      {!online && (
        <span
          role="status"
          data-testid="offline-indicator"
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          <CloudOff className="size-3.5" aria-hidden="true" />
          {/* On a phone the icon alone keeps the header on one line; the word stays for screen readers. */}
          <span className="sr-only sm:not-sr-only">Offline</span>
        </span>
      )}
      {user && (
        <Suspense fallback={null}>
          <OutboxBadge userId={user.id} />
        </Suspense>
      )}
    </>
  );
}
