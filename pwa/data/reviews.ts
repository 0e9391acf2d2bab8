// The signed-in user's review of a provider: GET .../reviews/mine and POST .../reviews (create or update).
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderDetail, UserReview } from '../../contract/providers.ts';
import type { MyReview, ReviewSubmit, ReviewSubmitted } from '../../contract/reviews.ts';
import { ApiError, readThrough } from '../lib/api.ts';
import { getOutbox, sendOutbox } from '../offline/instance.ts';
import { authKeys, type AuthUser } from './auth.ts';
import { fetchPage } from './paged.ts';
import { getParsed, parseWith } from './parsed.ts';
import { providerKeys } from './providers.ts';

export type { MyReview, ReviewSubmit };

export const reviewKeys = {
  mine: (slug: string) => [...providerKeys.detail(slug), 'reviews', 'mine'] as const,
  /** The pages after those the detail embeds, from its `userReviewsNext`. */
  more: (slug: string, first: string) => [...providerKeys.detail(slug), 'reviews', 'more', first] as const,
};

/** A page of a provider's approved reviews (GET /api/providers/{slug}/reviews?limit&after) and the path of the next. */
export type ReviewPage = { reviews: UserReview[]; next: string | null };

/**
 * One page at `path` (a `userReviewsNext` or a page's Link rel="next"). Saved for offline use with its next
 * path under `path#page` (the server's answer is the bare array; the Link header would be lost), so the
 * pages read online can be shown and walked again offline.
 */
export async function getReviewPage(path: string): Promise<ReviewPage> {
  const page = (await readThrough(`${path}#page`, async () => {
    const { items, next } = await fetchPage(path);
    return { reviews: items, next };
  })) as { reviews: unknown; next: string | null };
  return { reviews: await parseWith((s) => s.providerDetailSchema.shape.userReviews, page.reviews), next: page.next };
}

/** The provider's reviews after the embedded ones, read a page at a time once asked for (`enabled`). */
export const moreReviewsQuery = (slug: string, first: string, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.more(slug, first),
    queryFn: ({ pageParam }) => getReviewPage(pageParam),
    initialPageParam: first,
    getNextPageParam: (last: ReviewPage) => last.next ?? undefined,
    enabled,
  });

/** Only fetched when signed in; `null` when the user has not reviewed the provider. */
export const myReviewQuery = (slug: string, enabled: boolean) =>
  queryOptions({
    queryKey: reviewKeys.mine(slug),
    queryFn: () => getParsed(`/api/providers/${encodeURIComponent(slug)}/reviews/mine`, (s) => s.myReviewSchema),
    enabled,
  });

/** Trims the comment and leaves it out when empty. */
export function reviewPayload(rating: number, comment: string): ReviewSubmit {
  const trimmed = comment.trim();
  return trimmed ? { rating, comment: trimmed } : { rating };
}

/** Sent now, or kept in the offline outbox (offline, or the request failed on the network) to be sent later. */
export type SubmitReviewResult = { queued: false; review: ReviewSubmitted } | { queued: true };

export function useSubmitReview(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reviews', 'submit'],
    // Through the outbox (pwa/offline/outbox.ts): the same POST with an Idempotency-Key, so a review whose
    // answer was lost is queued and later applied once; HTTP errors still reach the form as ApiErrors.
    mutationFn: async (input: ReviewSubmit): Promise<SubmitReviewResult> => {
      const user = queryClient.getQueryData<AuthUser>(authKeys.user());
      if (!user?.authenticated) throw new ApiError(401, '401: Unauthorized');
      const providerName = queryClient.getQueryData<ProviderDetail>(providerKeys.detail(slug))?.name ?? slug;
      const res = await (await getOutbox()).submit({ userId: user.id, slug, providerName, rating: input.rating, comment: input.comment });
      if (!res.queued) return { queued: false, review: res.body };
      void sendOutbox();
      return { queued: true };
    },
    // The public page is unchanged until a moderator approves; only the user's own review moved.
    onSuccess: (res) => (res.queued ? undefined : queryClient.invalidateQueries({ queryKey: reviewKeys.mine(slug) })),
  });
}
