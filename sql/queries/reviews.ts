// User reviews and the rating aggregates they feed. Every function that changes a review's status or
// rating runs inside the caller's transaction, after lockProvider() (providers.ts) or lockProviderOfReview():
// the provider row lock serialises all changes to one provider's aggregates (always taken before the review
// row, so no deadlocks).
import type postgres from 'postgres';
import type { Queryable } from '../db-types.ts';
import { pageLimit, type Keyed, type Page } from '../paging.ts';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export type UserReviewRow = {
  id: number;
  providerId: number;
  userId: number;
  rating: number;
  comment: string | null;
  status: ReviewStatus;
  createdAt: Date;
  updatedAt: Date;
};

const reviewColumns = (sql: Queryable) =>
  sql`r.id, r.provider_id, r.user_id, r.rating, r.comment, r.status, r.created_at, r.updated_at`;

export async function findProviderIdBySlug(sql: Queryable, slug: string) {
  const [row] = await sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = ${slug}`;
  return row?.id;
}

export async function findUserReview(sql: Queryable, userId: number, providerId: number) {
  const [row] = await sql<UserReviewRow[]>`
    SELECT ${reviewColumns(sql)} FROM user_reviews r WHERE r.user_id = ${userId} AND r.provider_id = ${providerId}`;
  return row;
}

/**
 * Locks the provider of review `id` (see the module comment) in one round trip; false when there is no such
 * review. A review's provider never changes, so the lock is the right one whatever happens to the review.
 */
export async function lockProviderOfReview(tx: Queryable, id: number) {
  const [row] = await tx<{ id: number }[]>`
    SELECT id FROM providers WHERE id = (SELECT provider_id FROM user_reviews WHERE id = ${id}) FOR UPDATE`;
  return row !== undefined;
}

export async function findReview(sql: Queryable, id: number) {
  const [row] = await sql<UserReviewRow[]>`SELECT ${reviewColumns(sql)} FROM user_reviews r WHERE r.id = ${id}`;
  return row;
}

/** Adds (+1) or removes (-1) one approved rating from the provider's aggregates. */
export async function shiftProviderRating(tx: Queryable, providerId: number, rating: number, direction: 1 | -1) {
  await tx`
    UPDATE providers SET rating_sum = rating_sum + ${direction * rating}, total_reviews = total_reviews + ${direction},
                         updated_at = now()
    WHERE id = ${providerId}`;
}

export async function insertReview(
  tx: Queryable,
  r: { userId: number; providerId: number; rating: number; comment: string | null },
) {
  const [row] = await tx<UserReviewRow[]>`
    INSERT INTO user_reviews (user_id, provider_id, rating, comment, status)
    VALUES (${r.userId}, ${r.providerId}, ${r.rating}, ${r.comment}, 'pending')
    RETURNING id, provider_id, user_id, rating, comment, status, created_at, updated_at`;
  return row;
}

/** An edit: new rating and comment, back to pending approval. */
export async function resubmitReview(tx: Queryable, id: number, r: { rating: number; comment: string | null }) {
  const [row] = await tx<UserReviewRow[]>`
    UPDATE user_reviews SET rating = ${r.rating}, comment = ${r.comment}, status = 'pending', updated_at = now()
    WHERE id = ${id}
    RETURNING id, provider_id, user_id, rating, comment, status, created_at, updated_at`;
  return row;
}

/**
 * Sets the review's status and shifts its provider's aggregates by `direction` × its rating (0: unchanged),
 * in one statement; answers the review and the provider's new rating. Under lockProvider, with the review
 * as re-read under that lock (its rating is the one the aggregate holds or will hold).
 */
export async function setReviewStatusShifting(
  tx: Queryable,
  review: { id: number; providerId: number; rating: number },
  status: ReviewStatus,
  direction: 1 | 0 | -1,
) {
  const [row] = await tx<(UserReviewRow & ProviderRatingRow)[]>`
    WITH shifted AS (
      UPDATE providers SET rating_sum = rating_sum + ${direction * review.rating}, total_reviews = total_reviews + ${direction},
                           updated_at = now()
      WHERE id = ${review.providerId} AND ${direction} <> 0
      RETURNING average_rating, total_reviews
    )
    UPDATE user_reviews r SET status = ${status}, updated_at = now()
    FROM providers p LEFT JOIN shifted s ON true
    WHERE r.id = ${review.id} AND p.id = r.provider_id
    RETURNING r.id, r.provider_id, r.user_id, r.rating, r.comment, r.status, r.created_at, r.updated_at,
              coalesce(s.average_rating, p.average_rating)::float8 AS average_rating,
              coalesce(s.total_reviews, p.total_reviews) AS total_reviews`;
  const { averageRating, totalReviews, ...rest } = row;
  return { review: rest as UserReviewRow, rating: { averageRating, totalReviews } };
}

export type PendingReviewRow = {
  id: number;
  providerId: number;
  providerName: string;
  providerSlug: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

/**
 * Reviews awaiting approval, oldest first (the moderation queue), or one page of them; sort key
 * [created_at in microseconds, id] (exact: a JS Date would drop the microseconds).
 */
export function listPendingReviews(sql: Queryable, page?: Page) {
  const after = page?.after;
  return sql<(PendingReviewRow & Keyed)[]>`
    SELECT r.id, r.provider_id, p.name AS provider_name, p.slug AS provider_slug, r.rating, r.comment,
           r.created_at, r.updated_at, u.display_name, u.first_name, u.last_name, u.email,
           json_build_array((extract(epoch FROM r.created_at) * 1000000)::int8, r.id) AS page_key
    FROM user_reviews r
    JOIN providers p ON p.id = r.provider_id
    JOIN users u ON u.id = r.user_id
    WHERE r.status = 'pending'
    ${after ? sql`AND (r.created_at, r.id) > (timestamptz 'epoch' + ${after[0]}::int8 * interval '1 microsecond', ${after[1]})` : sql``}
    ORDER BY r.created_at, r.id
    ${pageLimit(sql, page)}`;
}

export type ProviderRatingRow = { averageRating: number; totalReviews: number };

export async function findProviderRating(sql: Queryable, providerId: number) {
  const [row] = await sql<ProviderRatingRow[]>`
    SELECT average_rating::float8 AS average_rating, total_reviews FROM providers WHERE id = ${providerId}`;
  return row;
}

// Idempotency keys of review POSTs (the offline outbox replays with the same key).

/**
 * Claims the key for this request (`requestHash`: what the key is bound to). False when it was already used:
 * then the first answer is stored (a concurrent first request is waited for by the unique index, inside the
 * caller's transaction).
 */
export async function claimIdempotencyKey(tx: Queryable, userId: number, key: string, requestHash: string) {
  const rows = await tx`
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
    VALUES (${userId}, ${key}, ${requestHash}, 0, 'null')
    ON CONFLICT (user_id, key) DO NOTHING
    RETURNING 1`;
  return rows.length === 1;
}

export async function findIdempotentResponse(sql: Queryable, userId: number, key: string) {
  // Read as text so the client's camelCase transform cannot touch the stored answer.
  const [row] = await sql<{ requestHash: string | null; statusCode: number; response: string }[]>`
    SELECT request_hash, status_code, response::text AS response FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`;
  return row && { requestHash: row.requestHash, statusCode: row.statusCode, body: JSON.parse(row.response) as unknown };
}

export async function storeIdempotentResponse(
  tx: Queryable,
  userId: number,
  key: string,
  statusCode: number,
  body: unknown,
) {
  await tx`
    UPDATE idempotency_keys SET status_code = ${statusCode}, response = ${tx.json(body as postgres.JSONValue)}
    WHERE user_id = ${userId} AND key = ${key}`;
}

/** Keys are kept long enough for an offline outbox to come back online. */
export async function deleteOldIdempotencyKeys(tx: Queryable, userId: number, olderThanDays: number) {
  await tx`DELETE FROM idempotency_keys WHERE user_id = ${userId} AND created_at < now() - ${olderThanDays} * interval '1 day'`;
}
