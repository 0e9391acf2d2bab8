// The provider page's review form: toggled open, rating 1-5 (default 5),
// optional trimmed comment; 'Edit Your Review' pre-filled for a user who already reviewed;
// 'Login to Review' (full-page Google sign-in) for visitors.
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { LogIn, PenLine, Star } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Label, Textarea } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../data/auth.ts';
import { myReviewQuery, reviewPayload, useSubmitReview } from '../../data/reviews.ts';
import { OutboxPendingReview } from '../../components/outbox-pending-review.tsx';
import { useOutboxEntry } from '../../offline/hooks.ts';
import { isUnauthorizedError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { LIMITS, navigateFullPage, paths } from '../../lib/site.ts';
import { toast } from '../../lib/toast.ts';

export const DEFAULT_RATING = 5;
const RATINGS = [1, 2, 3, 4, 5] as const;

function RatingPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Rating</legend>
      <div className="mt-2 flex items-center gap-1">
        {RATINGS.map((n) => (
          <label
            key={n}
            className="group cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              className={cn(
                'size-8 transition-colors',
                n <= value ? 'fill-star text-star' : 'text-slate-300 group-hover:text-star',
              )}
              strokeWidth={1.5}
              aria-hidden="true"
            />
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600 tabular-nums" aria-hidden="true">
          {value}/5
        </span>
      </div>
    </fieldset>
  );
}

export function ReviewForm({
  slug,
  providerName,
  open,
  onOpenChange,
}: {
  slug: string;
  providerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const mine = useQuery(myReviewQuery(slug, Boolean(user)));
  const submit = useSubmitReview(slug);
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [comment, setComment] = useState('');
  const existing = mine.data ?? null;
  // A review written offline and not sent yet is the newest one: the form edits that.
  const queued = useOutboxEntry(user?.id, slug);
  const draft = queued ?? existing;
  const formRef = useRef<HTMLFormElement>(null);

  // Keyboard and screen-reader users land in the form they just opened, on the star it starts from
  // (the pre-fill below lands in the same commit, so the star is chosen from the draft, not the state).
  useEffect(() => {
    if (open)
      formRef.current
        ?.querySelector<HTMLInputElement>(`input[type="radio"][value="${draft?.rating ?? DEFAULT_RATING}"]`)
        ?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Opening starts from the user's review when there is one; closing resets to the defaults.
  const draftRating = draft?.rating;
  const draftComment = draft?.comment;
  useEffect(() => {
    if (open && draftRating !== undefined) {
      setRating(draftRating);
      setComment(draftComment ?? '');
    }
    if (!open) {
      setRating(DEFAULT_RATING);
      setComment('');
    }
  }, [open, draftRating, draftComment]);

  if (isLoading) return <Skeleton className="h-10 w-40" />;

  if (!user) {
    return (
      <a href={paths.googleLogin(pathname)} className={buttonClasses('primary', 'md')}>
        <LogIn aria-hidden="true" />
        Login to Review
      </a>
    );
  }

  const title = draft ? 'Edit Your Review' : 'Write a Review';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate(reviewPayload(rating, comment), {
      onSuccess: (res) => {
        if (res.queued) {
          toast({
            title: 'Review queued',
            // Queued while online: the server answered that it cannot take reviews for a moment (503).
            description: navigator.onLine
              ? "The server can't take reviews right now. Your review is saved on this device and will be sent shortly."
              : "You're offline. Your review is saved on this device and will be sent when you're back online.",
          });
        } else
          toast(
            res.review.isUpdate
              ? {
                  title: 'Review updated',
                  description: 'Your review has been updated and is pending approval.',
                  variant: 'success',
                }
              : {
                  title: 'Review submitted',
                  description: 'Thank you for your review! It will be visible after approval.',
                  variant: 'success',
                },
          );
        onOpenChange(false);
      },
      onError: (error) => {
        if (isUnauthorizedError(error) && /Unauthorized/i.test(error.message)) {
          toast({
            title: 'Unauthorized',
            description: 'You need to be logged in to leave a review. Redirecting...',
            variant: 'destructive',
          });
          setTimeout(() => navigateFullPage(paths.googleLogin(pathname)), LIMITS.unauthorizedRedirectMs);
          return;
        }
        toast({ title: 'Error', description: 'Failed to submit review. Please try again.', variant: 'destructive' });
      },
    });
  };

  const pendingNote = existing && !existing.isApproved && (
    <p className="text-sm text-slate-600">
      {existing.status === 'rejected'
        ? 'Your last review was not approved. You can edit it and submit it again.'
        : 'Your review is waiting for a moderator’s approval.'}
    </p>
  );

  if (!open) {
    if (queued) return <OutboxPendingReview entry={queued} onEdit={() => onOpenChange(true)} />;
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => onOpenChange(true)} aria-expanded={false}>
          <PenLine aria-hidden="true" />
          {title}
        </Button>
        {pendingNote}
      </div>
    );
  }

  return (
    <Card className="p-5" id="review-form">
      <form ref={formRef} onSubmit={onSubmit} className="grid gap-4" aria-labelledby="review-form-title">
        <div>
          <h3 id="review-form-title" className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Share your experience with {providerName}. Reviews are published after a moderator approves them.
          </p>
        </div>
        <RatingPicker value={rating} onChange={setRating} />
        <div className="grid gap-1.5">
          <Label htmlFor="review-comment">
            Comment <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Textarea
            id="review-comment"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder="What worked well? Latency, reliability, limits, support…"
            maxLength={5000}
            rows={4}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : existing ? 'Update Review' : 'Submit Review'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
