// Editorial tab: 'Write Editorial Review' (one per provider: a new one replaces it), the published editorial
// reviews, and 'User Reviews Approval' for pending user reviews.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Check, PenLine, Star, X } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { editorialReviewInputSchema, type AdminEditorialReview } from '../../contract/admin.ts';
import type { Provider } from '../../contract/providers.ts';
import { HtmlContent } from '../components/html-content.tsx';
import { Stars } from '../components/stars.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Label } from '../components/ui/input.tsx';
import { Select } from '../components/ui/select.tsx';
import {
  editorialReviewsQuery,
  pendingReviewsQuery,
  useModerateReview,
  useSaveEditorialReview,
} from '../data/admin/reviews.ts';
import { cn } from '../lib/cn.ts';
import { toast } from '../lib/toast.ts';
import { formatDateTime } from '../lib/dates.ts';
import { Bind, formValues, useAdminForm } from './form.tsx';
import { DialogActions, EmptyState, FormDialog, ListSkeleton, SectionHeader } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

const RATINGS = [1, 2, 3, 4, 5] as const;

function RatingPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <div className="grid gap-1.5">
      <span id="editorial-rating-label" className="text-sm font-medium text-slate-800">
        Rating
      </span>
      <div className="flex items-center gap-3">
        <div role="radiogroup" aria-labelledby="editorial-rating-label" className="flex">
          {RATINGS.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={value === n}
              aria-label={`${n} star${n === 1 ? '' : 's'}`}
              onClick={() => onChange(n)}
              className="rounded p-0.5 focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              <Star
                className={cn('size-7', n <= value ? 'fill-star text-star' : 'text-slate-300')}
                strokeWidth={1.5}
                aria-hidden="true"
              />
            </button>
          ))}
        </div>
        <span className="text-sm font-semibold text-slate-900 tabular-nums">{value}/5</span>
      </div>
    </div>
  );
}

function EditorialDialog({
  open,
  onOpenChange,
  providers,
  existing,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  providers: Provider[];
  existing: Map<number, AdminEditorialReview>;
  /** Edit mode: the review being rewritten. */
  initial?: AdminEditorialReview;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={initial ? 'Edit Editorial Review' : 'Write Editorial Review'}
      description="The expert review shown on the provider's page, published at once."
      className="sm:max-w-2xl"
    >
      <EditorialForm providers={providers} existing={existing} initial={initial} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function EditorialForm({
  providers,
  existing,
  initial,
  onDone,
}: {
  providers: Provider[];
  existing: Map<number, AdminEditorialReview>;
  initial?: AdminEditorialReview;
  onDone: () => void;
}) {
  const form = useAdminForm('editorial', {
    schema: editorialReviewInputSchema,
    values: formValues(editorialReviewInputSchema, initial, { providerId: initial ? String(initial.providerId) : '' }),
  });
  const providerId = form.watch('providerId');
  const save = useSaveEditorialReview();
  const options = useMemo(() => providers.map((p) => ({ value: String(p.id), label: p.name })), [providers]);
  const replaces = providerId ? existing.get(Number(providerId)) : undefined;

  // The provider is the review's address, not part of its input: checked first, with its own toast.
  const publish = form.handleSubmit((input) =>
    save.mutate({ providerId: Number(providerId), input }, { onSuccess: onDone }),
  );
  function submit(e: FormEvent) {
    if (!providerId) {
      e.preventDefault();
      toast({
        title: 'Provider required',
        description: 'Please select a provider for the editorial review.',
        variant: 'destructive',
      });
      return;
    }
    void publish(e);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-1.5">
        <Label htmlFor="editorial-provider">Provider</Label>
        <Bind form={form} name="providerId">
          {(f) => (
            <Select
              id="editorial-provider"
              value={f.value}
              onValueChange={f.onChange}
              options={options}
              placeholder="Select a provider"
            />
          )}
        </Bind>
        {replaces && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
            This provider already has an editorial review (published {formatDateTime(replaces.createdAt)}). Publishing
            replaces it.
          </p>
        )}
      </div>
      <Bind form={form} name="rating">
        {(f) => <RatingPicker value={f.value} onChange={f.onChange} />}
      </Bind>
      <Bind form={form} name="content">
        {(f) => <RichTextEditor {...f} id="editorial-content" label="Review" minHeight="min-h-48" />}
      </Bind>
      <DialogActions submitLabel="Publish Review" pending={save.isPending} disabled={!providerId} onCancel={onDone} />
    </form>
  );
}

export function EditorialTab({ providers, isAdmin }: { providers: Provider[]; isAdmin: boolean }) {
  const editorial = useQuery(editorialReviewsQuery(isAdmin));
  const pending = useInfiniteQuery(pendingReviewsQuery(isAdmin));
  const pendingReviews = useMemo(() => pending.data?.pages.flatMap((p) => p.reviews) ?? [], [pending.data]);
  const moderate = useModerateReview();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<AdminEditorialReview | undefined>();
  const existing = useMemo(() => new Map((editorial.data ?? []).map((r) => [r.providerId, r])), [editorial.data]);

  const openDialog = (review?: AdminEditorialReview) => {
    setEditing(review);
    setDialogOpen(true);
  };
  const busy = (id: number) => moderate.isPending && moderate.variables?.id === id;

  return (
    <div className="grid gap-10">
      <section>
        <SectionHeader
          title="Editorial Reviews"
          description="Expert reviews, one per provider."
          action={
            <Button onClick={() => openDialog()}>
              <PenLine aria-hidden="true" />
              Write Editorial Review
            </Button>
          }
        />
        {editorial.isPending ? (
          <ListSkeleton rows={3} className="h-28" />
        ) : editorial.data?.length ? (
          <ul className="grid gap-3">
            {editorial.data.map((r) => (
              <li key={r.id}>
                <Card className="p-4 sm:p-5">
                  <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="font-semibold text-slate-900">{r.providerName}</h3>
                    <Stars value={r.rating} showValue={false} />
                    <span className="text-sm text-slate-500">Published {formatDateTime(r.createdAt)}</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-auto"
                      onClick={() => openDialog(r)}
                      aria-label={`Edit editorial review of ${r.providerName}`}
                    >
                      <PenLine aria-hidden="true" />
                      Edit
                    </Button>
                  </div>
                  <HtmlContent html={r.content} className="text-sm" />
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>No editorial reviews yet. Create one using the button above.</EmptyState>
        )}
      </section>

      <section>
        <SectionHeader
          title="User Reviews Approval"
          description="Reviews by signed-in users wait here until approved; only approved ones count."
        />
        {pending.isPending ? (
          <ListSkeleton rows={2} className="h-24" />
        ) : pendingReviews.length ? (
          <ul className="grid gap-3">
            {pendingReviews.map((r) => (
              <li key={r.id}>
                <Card className="p-4 sm:p-5">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="font-semibold text-slate-900">{r.providerName}</h3>
                    <Stars value={r.rating} showValue={false} />
                  </div>
                  <p className="mt-1 text-sm text-slate-600">
                    by <span className="font-medium text-slate-800">{r.authorName}</span> · submitted{' '}
                    {formatDateTime(r.updatedAt)}
                  </p>
                  {r.comment ? (
                    <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{r.comment}</p>
                  ) : (
                    <p className="mt-3 text-sm text-slate-400 italic">No comment</p>
                  )}
                  <div className="mt-4 flex gap-2">
                    <Button
                      size="sm"
                      disabled={busy(r.id)}
                      onClick={() => moderate.mutate({ id: r.id, action: 'approve' })}
                      aria-label={`Approve review of ${r.providerName} by ${r.authorName}`}
                    >
                      <Check aria-hidden="true" />
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy(r.id)}
                      onClick={() => moderate.mutate({ id: r.id, action: 'reject' })}
                      aria-label={`Reject review of ${r.providerName} by ${r.authorName}`}
                    >
                      <X aria-hidden="true" />
                      Reject
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>No pending reviews to approve.</EmptyState>
        )}
        {pending.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" disabled={pending.isFetching} onClick={() => void pending.fetchNextPage()}>
              {pending.isFetchingNextPage ? 'Loading...' : 'Load more pending reviews'}
            </Button>
          </div>
        )}
      </section>

      <EditorialDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        providers={providers}
        existing={existing}
        initial={editing}
      />
    </div>
  );
}
