// Admin side of reviews: the editorial reviews (one per provider) and the moderation queue of user reviews.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  adminEditorialReviewListSchema,
  editorialReviewSavedSchema,
  type EditorialReviewInput,
} from '../../../contract/admin.ts';
import { pendingReviewListSchema, reviewModeratedSchema, type PendingReview } from '../../../contract/reviews.ts';
import { getJson } from '../../lib/api.ts';
import { chainKeys } from '../chains.ts';
import { fetchPage } from '../paged.ts';
import { providerKeys } from '../providers.ts';
import { adminRoot, sendJson, useAdminMutation } from './mutation.ts';

export const reviewKeys = {
  editorial: () => [...adminRoot, 'editorial-reviews'] as const,
  pending: () => [...adminRoot, 'reviews', 'pending'] as const,
};

export const editorialReviewsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: reviewKeys.editorial(),
    queryFn: () => getJson('/api/admin/editorial-reviews', adminEditorialReviewListSchema),
    enabled,
  });

/** Pending reviews per page of the moderation queue (oldest first); more are read with "Load more". */
export const PENDING_PAGE_SIZE = 50;

export type PendingReviewPage = { reviews: PendingReview[]; next: string | null };

/**
 * The moderation queue a page at a time (`?limit&after`, Link rel="next"): at 70,000 pending reviews the
 * whole list is megabytes. After a moderation the loaded pages are read again from the first.
 */
export const pendingReviewsQuery = (enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.pending(),
    queryFn: async ({ pageParam }): Promise<PendingReviewPage> => {
      const { items, next } = await fetchPage(pageParam);
      return { reviews: pendingReviewListSchema.parse(items), next };
    },
    initialPageParam: `/api/admin/reviews/pending?limit=${PENDING_PAGE_SIZE}`,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });

export function useSaveEditorialReview() {
  return useAdminMutation({
    mutationKey: ['admin', 'editorial', 'save'],
    mutationFn: async ({ providerId, input }: { providerId: number; input: EditorialReviewInput }) =>
      editorialReviewSavedSchema.parse(
        await sendJson('POST', `/api/admin/providers/${providerId}/editorial-review`, input),
      ),
    invalidates: () => [reviewKeys.editorial(), providerKeys.all],
    success: () => 'Editorial review created successfully',
  });
}

export function useModerateReview() {
  return useAdminMutation({
    mutationKey: ['admin', 'reviews', 'moderate'],
    mutationFn: async ({ id, action }: { id: number; action: 'approve' | 'reject' }) =>
      reviewModeratedSchema.parse(await sendJson('PUT', `/api/admin/reviews/${id}/${action}`)),
    // Approval changes the provider's public rating; a pending review never counted, so
    // rejecting it changes none.
    invalidates: ({ action }) =>
      action === 'approve' ? [reviewKeys.pending(), providerKeys.all, chainKeys.withStats()] : [reviewKeys.pending()],
    success: ({ action }) => (action === 'approve' ? 'Review approved successfully' : 'Review rejected successfully'),
  });
}
