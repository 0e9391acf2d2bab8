// Small building blocks shared by the admin tabs: section header, empty state, delete confirmation, dialog footer.
import { AlertDialog } from 'radix-ui';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';

export function SectionHeader({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {action}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Card className="border-dashed p-8 text-center text-sm text-slate-600">{children}</Card>
  );
}

export function ListSkeleton({ rows = 4, className = 'h-16' }: { rows?: number; className?: string }) {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => <Skeleton key={i} className={className} />)}
    </div>
  );
}

/** Asks before deleting: 'Are you sure you want to delete "{name}"?' (spec 001 §2). */
export function ConfirmDelete({ name, open, onOpenChange, onConfirm, pending }: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending?: boolean;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Delete</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            Are you sure you want to delete "{name}"?
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={pending}
              onClick={onConfirm}
            >
              {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Delete
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Cancel + submit row at the bottom of a dialog form; stays visible while the dialog body scrolls. */
export function DialogActions({ submitLabel, pending, disabled, onCancel }: {
  submitLabel: string;
  pending?: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="sticky -bottom-6 -mx-6 mt-6 -mb-6 flex justify-end gap-2 border-t border-slate-200 bg-white px-6 py-4">
      <Button variant="outline" onClick={onCancel}>Cancel</Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </div>
  );
}

export function SaveButton({ label, pending }: { label: string; pending: boolean }) {
  return (
    <Button type="submit" disabled={pending}>
      {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
      {label}
    </Button>
  );
}
