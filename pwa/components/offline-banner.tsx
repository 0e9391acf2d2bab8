// The line under the header on data pages while offline: what the user sees comes from the copy saved on
// this device, and how old that copy is.
import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSavedAt } from '../offline/hooks.ts';
import { relativeTime } from '../offline/relative-time.ts';

/** Re-renders every minute so "2 minutes ago" keeps counting. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function OfflineBanner() {
  const saved = useSavedAt();
  const now = useNow();
  return (
    <div role="status" data-testid="offline-banner" className="border-t border-amber-200 bg-amber-50 text-amber-900">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-1.5 text-sm sm:px-6 lg:px-8">
        <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        {saved === null
          ? "You're offline — pages not opened before need a connection"
          : `You're offline — showing data saved ${relativeTime(saved, now)}`}
      </p>
    </div>
  );
}
