// Admin queries of editorial reviews (one per provider; the public read is in providers.ts).
import type { Queryable } from '../db-types.ts';

export type AdminEditorialRow = {
  id: number;
  providerId: number;
  providerName: string;
  rating: number;
  content: string;
  createdAt: Date;
};

/**
 * Stores the provider's editorial review, replacing the one it had (a replacement is a new
 * publication: its date is now). `replaced` says whether there was one before.
 */
export async function saveEditorialReview(
  sql: Queryable,
  review: { providerId: number; adminId: number | null; rating: number; content: string },
) {
  const [before] = await sql`SELECT 1 FROM editorial_reviews WHERE provider_id = ${review.providerId} FOR UPDATE`;
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO editorial_reviews (provider_id, admin_id, rating, content)
    VALUES (${review.providerId}, ${review.adminId}, ${review.rating}, ${review.content})
    ON CONFLICT (provider_id) DO UPDATE
      SET admin_id = excluded.admin_id, rating = excluded.rating, content = excluded.content,
          created_at = now(), updated_at = now()
    RETURNING id`;
  return { id: row.id, replaced: before !== undefined };
}

const editorialSelect = (sql: Queryable) => sql`
  SELECT e.id, e.provider_id, p.name AS provider_name, e.rating, e.content, e.created_at
  FROM editorial_reviews e JOIN providers p ON p.id = e.provider_id`;

export async function findAdminEditorialReview(sql: Queryable, id: number) {
  const [row] = await sql<AdminEditorialRow[]>`${editorialSelect(sql)} WHERE e.id = ${id}`;
  return row;
}

/** Newest first. */
export function listAdminEditorialReviews(sql: Queryable) {
  return sql<AdminEditorialRow[]>`${editorialSelect(sql)} ORDER BY e.created_at DESC, e.id DESC`;
}
