// The review write paths, each one transaction that keeps the provider's aggregates equal to the
// mean and count of its approved reviews (routes and the aggregate property test both use these).
import type { Queryable } from '../db/index.ts';
import { lockProvider } from '../../sql/queries/providers.ts';
import {
  findProviderRating,
  findReview,
  findUserReview,
  insertReview,
  lockProviderOfReview,
  resubmitReview,
  setReviewStatusShifting,
  shiftProviderRating,
} from '../../sql/queries/reviews.ts';

/** Creates the user's review of the provider, or replaces it (back to pending; out of the aggregate if it was approved). */
export async function submitReview(
  tx: Queryable,
  r: { userId: number; providerId: number; rating: number; comment: string | null },
) {
  await lockProvider(tx, r.providerId);
  const existing = await findUserReview(tx, r.userId, r.providerId);
  if (!existing) return { review: await insertReview(tx, r), isUpdate: false };
  if (existing.status === 'approved') await shiftProviderRating(tx, r.providerId, existing.rating, -1);
  return { review: await resubmitReview(tx, existing.id, r), isUpdate: true };
}

/**
 * Approves or rejects a review; undefined when there is no such review. Repeating a decision changes nothing.
 * Also answers the provider's rating after the decision. Two round trips inside the transaction
 * (bench/RESULTS.md: approval < 10 ms): lock the review's provider and read the review under that lock (an
 * edit may have landed in between), pipelined; then the status and the aggregate shift in one statement.
 */
export async function moderateReview(tx: Queryable, id: number, decision: 'approved' | 'rejected') {
  // Pipelined on the transaction's connection: one round trip, and the read still runs after the lock is
  // held (each statement takes its own snapshot when it starts), so it sees any edit committed meanwhile.
  const [locked, current] = await Promise.all([lockProviderOfReview(tx, id), findReview(tx, id)]);
  if (!locked || !current) return undefined;
  if (current.status === decision)
    return { review: current, rating: (await findProviderRating(tx, current.providerId))! };
  const direction = decision === 'approved' ? 1 : current.status === 'approved' ? -1 : 0;
  return setReviewStatusShifting(tx, current, decision, direction);
}
