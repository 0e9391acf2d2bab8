// The signed-in user's review of a provider: GET .../reviews/mine and POST .../reviews (create or update).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest, getJson } from '../lib/api.ts';
import { providerKeys } from './providers.ts';

// Local mirror of the reviews API's response until its schema module lands.
const myReviewSchema = z.object({ rating: z.number().int().min(1).max(5), comment: z.string().nullable().optional() }).nullable();
export type MyReview = z.infer<typeof myReviewSchema>;

const submitResponseSchema = z.object({ isUpdate: z.boolean().optional() }).passthrough();

export const reviewKeys = {
  mine: (slug: string) => [...providerKeys.detail(slug), 'reviews', 'mine'] as const,
};

export const myReviewQuery = (slug: string, enabled: boolean) =>
  queryOptions({
    queryKey: reviewKeys.mine(slug),
    queryFn: async (): Promise<MyReview> => {
      try {
        return await getJson(`/api/providers/${encodeURIComponent(slug)}/reviews/mine`, myReviewSchema);
      } catch (error) {
        // "No review yet" may be answered as 404; it is not an error for the form.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });

export type ReviewInput = { rating: number; comment?: string };

/** Trims the comment and leaves it out when empty (spec 000 §5). */
export function reviewPayload(rating: number, comment: string): ReviewInput {
  const trimmed = comment.trim();
  return trimmed ? { rating, comment: trimmed } : { rating };
}

export function useSubmitReview(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reviews', 'submit'],
    mutationFn: async (input: ReviewInput) => {
      const res = await apiRequest('POST', `/api/providers/${encodeURIComponent(slug)}/reviews`, input);
      return submitResponseSchema.parse(await res.json().catch(() => ({})));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.mine(slug) }),
  });
}
