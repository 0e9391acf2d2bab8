// The provider page's "User Reviews" card: the review form, the newest reviews the detail embeds and, when the
// provider has more (`userReviewsNext`), a "Show more reviews" button that reads the next page
// (GET /api/providers/{slug}/reviews?limit&after) — online, or offline from the pages read before.
// Renders the same on the server and in the browser: nothing is read before the button is pressed.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProviderDetail, UserReview } from '../../../contract/providers.ts';
import { Stars } from '../../components/stars.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { moreReviewsQuery, myReviewQuery } from '../../data/reviews.ts';
import { formatDay } from '../../lib/dates.ts';
import { ReviewForm } from './review-form.tsx';

// A fixed time zone: the server and the browser format the same day.

export function reviewerName(r: UserReview): string {
  if (r.isAnonymous) return 'Anonymous';
  const full = [r.user.firstName, r.user.lastName].filter(Boolean).join(' ');
  return r.user.displayName || full || 'Anonymous';
}

function ReviewItem({ review: r }: { review: UserReview }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{reviewerName(r)}</span>
        <time dateTime={r.createdAt} className="text-xs text-slate-500">
          {formatDay(r.createdAt)}
        </time>
      </div>
      <Stars value={r.rating} showValue={false} className="mt-1" />
      {r.comment && <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{r.comment}</p>}
    </li>
  );
}

/** The reviews after the embedded ones, asked for by the button; its first press reads the first of them. */
function useMoreReviews(slug: string, first: string | null | undefined) {
  const [asked, setAsked] = useState(false);
  const query = useInfiniteQuery(moreReviewsQuery(slug, first ?? '', asked && !!first));
  const pages = query.data?.pages ?? [];
  return {
    reviews: pages.flatMap((p) => p.reviews),
    hasMore: !!first && (pages.length === 0 || query.hasNextPage),
    loading: query.isFetching,
    failed: query.isError || query.isFetchNextPageError,
    showMore: () => {
      if (!asked || pages.length === 0) setAsked(true);
      else void query.fetchNextPage();
    },
    retry: () => (pages.length === 0 ? void query.refetch() : void query.fetchNextPage()),
  };
}

export function ProviderReviews({
  provider,
  reviewOpen,
  setReviewOpen,
}: {
  provider: ProviderDetail;
  reviewOpen: boolean;
  setReviewOpen: (open: boolean) => void;
}) {
  const more = useMoreReviews(provider.slug, provider.userReviewsNext);
  const reviews = [...provider.userReviews, ...more.reviews];
  // The user's own review as the form read it (not fetched here): while it waits for a moderator, the form's line
  // saying so stands in for "No reviews yet".
  const ownPending = useQuery(myReviewQuery(provider.slug, false)).data?.status === 'pending';
  return (
    <Card id="reviews">
      <CardHeader>
        <CardTitle>User Reviews ({provider.totalReviews})</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <ReviewForm slug={provider.slug} providerName={provider.name} open={reviewOpen} onOpenChange={setReviewOpen} />
        {reviews.length === 0 ? (
          !ownPending && (
            <p className="text-sm text-slate-600">
              No reviews yet. Be the first to share your experience with {provider.name}.
            </p>
          )
        ) : (
          <ul className="divide-y divide-slate-100">
            {reviews.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        )}
        {more.hasMore && (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" onClick={more.failed ? more.retry : more.showMore} disabled={more.loading}>
              {more.loading ? 'Loading reviews...' : 'Show more reviews'}
            </Button>
            <span className="text-sm text-slate-600" aria-live="polite">
              {more.failed
                ? 'Could not load more reviews. Please try again.'
                : `Showing ${reviews.length} of ${provider.totalReviews}`}
            </span>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
