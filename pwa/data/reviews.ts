// The signed-in user's review of a provider: GET .../reviews/mine and POST .../reviews (create or update).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyReview, ReviewSubmit } from '../../api/reviews/schema.ts';
import { apiRequest } from '../lib/api.ts';
import { getParsed, parseWith } from './parsed.ts';
import { providerKeys } from './providers.ts';

export type { MyReview, ReviewSubmit };

export const reviewKeys = {
  mine: (slug: string) => [...providerKeys.detail(slug), 'reviews', 'mine'] as const,
};

/** Only fetched when signed in (spec 000 §7); `null` when the user has not reviewed the provider. */
export const myReviewQuery = (slug: string, enabled: boolean) =>
  queryOptions({
    queryKey: reviewKeys.mine(slug),
    queryFn: () => getParsed(`/api/providers/${encodeURIComponent(slug)}/reviews/mine`, (s) => s.myReviewSchema),
    enabled,
  });

/** Trims the comment and leaves it out when empty (spec 000 §5). */
export function reviewPayload(rating: number, comment: string): ReviewSubmit {
  const trimmed = comment.trim();
  return trimmed ? { rating, comment: trimmed } : { rating };
}

export function useSubmitReview(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reviews', 'submit'],
    mutationFn: async (input: ReviewSubmit) => {
      const res = await apiRequest('POST', `/api/providers/${encodeURIComponent(slug)}/reviews`, input);
      return parseWith((s) => s.reviewSubmittedSchema, await res.json());
    },
    // The public page is unchanged until a moderator approves; only the user's own review moved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.mine(slug) }),
  });
}
