// What the sitemap needs: every provider and chain slug with its last change, and the content pages' dates.
import type { Sql } from '../db-types.ts';

export type SitemapEntryRow = { slug: string; lastModified: Date };

/** A provider page changes with the provider, its approved reviews and its editorial review. */
export function listProviderSitemapEntries(sql: Sql) {
  return sql<SitemapEntryRow[]>`
    SELECT p.slug,
           greatest(p.updated_at,
                    (SELECT max(r.updated_at) FROM user_reviews r WHERE r.provider_id = p.id AND r.status = 'approved'),
                    (SELECT e.updated_at FROM editorial_reviews e WHERE e.provider_id = p.id)) AS last_modified
    FROM providers p
    ORDER BY p.sort_rank, p.id`;
}

export function listChainSitemapEntries(sql: Sql) {
  return sql<SitemapEntryRow[]>`SELECT slug, updated_at AS last_modified FROM chains ORDER BY sort_rank, id`;
}

export type ContentDatesRow = { homepage: Date; about: Date; providersCategory: Date; chainsCategory: Date };

export async function getContentDates(sql: Sql) {
  const [row] = await sql<ContentDatesRow[]>`
    SELECT (SELECT updated_at FROM homepage_content) AS homepage,
           (SELECT updated_at FROM about_page) AS about,
           (SELECT updated_at FROM category_content WHERE category = 'providers') AS providers_category,
           (SELECT updated_at FROM category_content WHERE category = 'chains') AS chains_category`;
  return row;
}
