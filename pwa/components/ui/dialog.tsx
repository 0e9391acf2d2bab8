// Radix Dialog with the app's overlay and panel. Use <Dialog open onOpenChange> + <DialogContent title description>.
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export const Dialog = D.Root;
export const DialogClose = D.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
      <D.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 pr-8">
          <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
          {description && <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description>}
        </div>
        {children}
        <D.Close
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          aria-label="Close"
        >
          <X className="size-4" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
