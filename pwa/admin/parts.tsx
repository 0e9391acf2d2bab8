// Building blocks shared by the admin tabs: section header, empty state, the chains/providers list with its filter,
// dialog and delete confirmation, row actions, form dialog with its edit-mode loading, dialog footer, settings
// section and form.
import type { UseMutationResult } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { Fragment, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { SearchInput } from '../components/search-input.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { Dialog, DialogContent } from '../components/ui/dialog.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';

export function SectionHeader({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
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
  return <Card className="border-dashed p-8 text-center text-sm text-slate-600">{children}</Card>;
}

export function ListSkeleton({ rows = 4, className = 'h-16' }: { rows?: number; className?: string }) {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/** Case-insensitive match on name or slug (long lists in the admin tabs). */
export const matches = (item: { name: string; slug: string }, term: string) => {
  const t = term.trim().toLowerCase();
  return !t || item.name.toLowerCase().includes(t) || item.slug.includes(t);
};

/** State of a tab whose items are edited in a dialog and deleted after asking. */
export function useItemDialogs<T>() {
  const [editing, setEditing] = useState<T | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | undefined>();
  return {
    editing,
    dialogOpen,
    setDialogOpen,
    deleting,
    setDeleting,
    /** Opens the dialog on `item`, or empty to add one. */
    openDialog: (item?: T) => {
      setEditing(item);
      setDialogOpen(true);
    },
  };
}

/** A list row's edit and delete buttons, named after the item. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
        className="text-red-600 hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </>
  );
}

type CatalogueItem = { id: number; name: string; slug: string };

/**
 * The chains and providers tabs: header with the add button, a filter over the list with its empty states, the
 * add / edit dialog and the delete confirmation. `list` lays out the visible items, `form` is the dialog's body.
 */
export function CatalogueSection<T extends CatalogueItem>({
  title,
  description,
  singular,
  plural,
  path,
  newDescription,
  items,
  remove,
  list,
  form,
}: {
  title: string;
  description: string;
  /** "Chain": the add button and dialog titles. */
  singular: string;
  /** "chains": the filter's label and the empty states. */
  plural: string;
  /** The public path before the slug, e.g. "/chains/". */
  path: string;
  /** The add dialog's description. */
  newDescription: string;
  items: T[];
  remove: Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>;
  list: (visible: T[], actions: (item: T) => ReactNode) => ReactNode;
  form: (item: T | undefined, onDone: () => void) => ReactNode;
}) {
  const [term, setTerm] = useState('');
  const visible = useMemo(() => items.filter((item) => matches(item, term)), [items, term]);
  const { editing, dialogOpen, setDialogOpen, deleting, setDeleting, openDialog } = useItemDialogs<T>();
  const actions = (item: T) => (
    <EditDeleteButtons name={item.name} onEdit={() => openDialog(item)} onDelete={() => setDeleting(item)} />
  );

  return (
    <>
      <SectionHeader
        title={title}
        description={description}
        action={
          <Button onClick={() => openDialog()}>
            <Plus aria-hidden="true" />
            Add {singular}
          </Button>
        }
      />
      <SearchInput
        value={term}
        onChange={setTerm}
        placeholder={`Filter ${plural}...`}
        label={`Filter ${plural}`}
        className="mb-4 max-w-sm"
      />
      {visible.length === 0 ? (
        <EmptyState>
          {items.length
            ? `No ${plural} match this filter.`
            : `No ${plural} yet. Add the first one with the button above.`}
        </EmptyState>
      ) : (
        list(visible, actions)
      )}
      <FormDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        className="sm:max-w-3xl"
        title={`${editing ? 'Edit' : 'Add'} ${singular}`}
        description={editing ? `Changes show on ${path}${editing.slug} at once.` : newDescription}
      >
        {form(editing, () => setDialogOpen(false))}
      </FormDialog>
      <ConfirmDelete item={deleting} onClose={() => setDeleting(undefined)} remove={remove} />
    </>
  );
}

/** Asks before deleting `item` (open while it is set): 'Are you sure you want to delete "{name}"?'. */
export function ConfirmDelete<T extends { id: number; name: string }>({
  item,
  onClose,
  remove,
  onDeleted,
}: {
  item: T | undefined;
  onClose: () => void;
  remove: Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>;
  onDeleted?: (item: T) => void;
}) {
  return (
    <AlertDialog.Root
      open={item !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Delete</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            Are you sure you want to delete "{item?.name}"?
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                item &&
                remove.mutate(item.id, {
                  onSuccess: () => {
                    onDeleted?.(item);
                    onClose();
                  },
                })
              }
            >
              {remove.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Delete
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A dialog whose body is mounted only while it is open, so every opening starts from a fresh form. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title={title} description={description} className={className}>
          {children}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Edit mode of a dialog: the stored item is loaded first (a list lacks some of its fields). */
export function WhenLoaded<T>({
  query,
  noun,
  children,
}: {
  query: { data: T | undefined; isError: boolean };
  noun: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return <p className="text-sm text-red-600">This {noun} could not be loaded. Close the dialog and try again.</p>;
  if (!query.data) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  return children(query.data);
}

/** Cancel + submit row at the bottom of a dialog form; stays visible while the dialog body scrolls. */
export function DialogActions({
  submitLabel,
  pending,
  disabled,
  onCancel,
}: {
  submitLabel: string;
  pending?: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="sticky -bottom-6 -mx-6 mt-6 -mb-6 flex justify-end gap-2 border-t border-slate-200 bg-white px-6 py-4">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </div>
  );
}

/** A settings tab's body: the form once the stored values are here, keyed by the fetch time so a save brings the stored (sanitised) version back into it. */
export function SettingsSection<T>({
  title,
  description,
  query,
  children,
}: {
  title: string;
  description: string;
  query: { data: T | undefined; dataUpdatedAt: number };
  children: (data: T) => ReactNode;
}) {
  return (
    <section>
      <SectionHeader title={title} description={description} />
      {query.data ? (
        <Fragment key={query.dataUpdatedAt}>{children(query.data)}</Fragment>
      ) : (
        <Skeleton className="h-96" />
      )}
    </section>
  );
}

/** A settings form in a card, with its save button at the end. */
export function SettingsForm({
  onSubmit,
  saveLabel,
  pending,
  children,
}: {
  /** The form's submit handler (react-hook-form's handleSubmit, which prevents the page load). */
  onSubmit: (e: FormEvent) => void;
  saveLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="pt-5">
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          {children}
          <div className="flex justify-end">
            <SaveButton label={saveLabel} pending={pending} />
          </div>
        </form>
      </CardContent>
    </Card>
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
