// Registers the service worker and, when a new version of the app is installed and waiting, offers a
// small "Reload" prompt (registerType 'prompt': a new version never swaps itself in under the user).
import { RefreshCw } from 'lucide-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { OFFLINE } from '../offline/keys.ts';
import { Button } from './ui/button.tsx';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A single-page app may stay open for days without a navigation (when the browser checks on its own).
      if (registration)
        setInterval(() => {
          if (navigator.onLine) void registration.update();
        }, OFFLINE.updateCheckMs);
    },
  });
  if (!needRefresh) return null;
  return (
    // A non-modal dialog that does not take focus (the user may be mid-sentence); aria-live announces it.
    <div
      role="dialog"
      aria-live="polite"
      aria-labelledby="update-prompt-title"
      aria-describedby="update-prompt-text"
      className="fixed bottom-4 left-4 z-[100] w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
    >
      <p id="update-prompt-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <RefreshCw className="size-4 text-accent-600" aria-hidden="true" />A new version is available
      </p>
      <p id="update-prompt-text" className="mt-1 text-sm text-slate-600">
        Reload to use the latest RPC Atlas.
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        {/* Activates the waiting worker, which then reloads this page. */}
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      </div>
    </div>
  );
}
