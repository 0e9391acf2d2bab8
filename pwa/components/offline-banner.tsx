// The line under the header on data pages while offline: what the user sees comes from the copy saved on
// this device, and how old that copy is.
import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOfflineCopy } from '../offline/hooks.ts';
import type { OfflineCopy } from '../offline/store.ts';
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

/** The banner's sentence; "You're offline" alone until the device's copy has been read. */
export function offlineSentence(copy: OfflineCopy | undefined, now: number): string {
  if (!copy) return "You're offline";
  if (copy.savedAt === null) return "You're offline — pages not opened before need a connection";
  const saved = `You're offline — showing data saved ${relativeTime(copy.savedAt, now)}`;
  if (copy.finished || !copy.parts) return saved;
  const percent = Math.floor((100 * copy.part) / copy.parts);
  return `${saved}; ${percent}% of the directory is saved, the rest once you are back online`;
}

export default function OfflineBanner() {
  const copy = useOfflineCopy();
  const now = useNow();
  return (
    <div role="status" data-testid="offline-banner" className="border-t border-amber-200 bg-amber-50 text-amber-900">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-1.5 text-sm sm:px-6 lg:px-8">
        <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        {offlineSentence(copy, now)}
      </p>
    </div>
  );
}
