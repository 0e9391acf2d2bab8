// The review write paths, each one transaction that keeps the provider's aggregates equal to the
// mean and count of its approved reviews (routes and the aggregate property test both use these).
import type { Queryable } from '../db/index.ts';
import {
  findReview, findUserReview, insertReview, lockProvider, resubmitReview, setReviewStatus, shiftProviderRating,
  type UserReviewRow,
} from '../../sql/queries/reviews.ts';

/** Creates the user's review of the provider, or replaces it (back to pending; out of the aggregate if it was approved). */
export async function submitReview(tx: Queryable, r: { userId: number; providerId: number; rating: number; comment: string | null }) {
  await lockProvider(tx, r.providerId);
  const existing = await findUserReview(tx, r.userId, r.providerId);
  if (!existing) return { review: await insertReview(tx, r), isUpdate: false };
  if (existing.status === 'approved') await shiftProviderRating(tx, r.providerId, existing.rating, -1);
  return { review: await resubmitReview(tx, existing.id, r), isUpdate: true };
}

/** Approves or rejects a review; undefined when there is no such review. Repeating a decision changes nothing. */
export async function moderateReview(tx: Queryable, id: number, decision: 'approved' | 'rejected'): Promise<UserReviewRow | undefined> {
  const found = await findReview(tx, id);
  if (!found) return undefined;
  await lockProvider(tx, found.providerId);
  // Re-read under the lock: an edit may have landed in between.
  const current = (await findReview(tx, id))!;
  if (current.status === decision) return current;
  if (decision === 'approved') await shiftProviderRating(tx, current.providerId, current.rating, 1);
  if (current.status === 'approved') await shiftProviderRating(tx, current.providerId, current.rating, -1);
  return setReviewStatus(tx, id, decision);
}
