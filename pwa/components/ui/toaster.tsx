// Renders the toast store with Radix Toast: 5000 ms, swipe right 50 px to dismiss, F8 focuses the region.
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import {
  dismissToast,
  getToasts,
  subscribeToasts,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from '../../lib/toast.ts';

const variantClasses = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-600 bg-red-600 text-white',
} as const;

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            variantClasses[t.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && (
              <Toast.Description
                className={cn('text-sm', t.variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}
              >
                {t.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className={cn(
              'absolute top-3 right-3 rounded-md p-1',
              t.variant === 'destructive' ? 'text-red-50 hover:bg-red-700' : 'text-slate-500 hover:bg-slate-100',
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
