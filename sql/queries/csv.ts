// Snapshots of the chains and providers as the CSV export writes them (and the import compares against),
// and the import's batched writes: a few statements for the whole file, never a few per row (one round trip
// each), so a 10,000-provider file imports in seconds (bench/RESULTS.md).
import postgres from 'postgres';
import type { Queryable } from '../db-types.ts';
import { addAdminLinks } from './providers.ts';

export type CsvChainRow = {
  id: number;
  slug: string;
  name: string;
  title: string | null;
  description: string;
  detailedDescription: string;
  websiteUrl: string | null;
  iconUrl: string | null;
  color: string;
  metaTitle: string | null;
  metaDescription: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function listChainsForCsv(sql: Queryable) {
  return sql<CsvChainRow[]>`
    SELECT id, slug, name, title, description, detailed_description, website_url, icon_url, color, meta_title,
           meta_description, og_title, og_description, og_image, created_at, updated_at
    FROM chains ORDER BY sort_rank, id`;
}

export type CsvProviderRow = {
  id: number;
  slug: string;
  name: string;
  description: string;
  detailedDescription: string;
  website: string | null;
  logoUrl: string | null;
  iconUrl: string | null;
  color: string;
  metaTitle: string | null;
  metaDescription: string | null;
  nofollowLinks: boolean;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  editorialRating: number | null;
  editorialContent: string | null;
  chainSlugs: string[];
  createdAt: Date;
  updatedAt: Date;
};

/** Every provider, or (for an import) those with the given slugs only. */
export function listProvidersForCsv(sql: Queryable, slugs?: string[]) {
  return sql<CsvProviderRow[]>`
    SELECT p.id, p.slug, p.name, p.description, p.detailed_description, p.website, p.logo_url, p.icon_url, p.color,
           p.meta_title, p.meta_description, p.nofollow_links, p.og_title, p.og_description, p.og_image,
           e.rating AS editorial_rating, e.content AS editorial_content, p.created_at, p.updated_at,
           coalesce((SELECT array_agg(c.slug ORDER BY c.sort_rank, c.id)
                     FROM (SELECT DISTINCT chain_id FROM provider_chains pc WHERE pc.provider_id = p.id) pc
                     -- OFFSET 0: a primary-key lookup per link, not all chains hashed per provider (as in providers.ts).
                     CROSS JOIN LATERAL (SELECT c.slug, c.sort_rank, c.id FROM chains c WHERE c.id = pc.chain_id OFFSET 0) c
                     ), '{}') AS chain_slugs
    FROM providers p LEFT JOIN editorial_reviews e ON e.provider_id = p.id
    ${slugs ? sql`WHERE p.slug = ANY(${sql.array(slugs)}::text[])` : sql``}
    ORDER BY p.sort_rank, p.id`;
}

// ---------- import writes ----------

type CsvTable = 'chains' | 'providers';
/** Column values keyed by camelCase column name; all rows of one call have the same keys (the CSV's columns). */
type CsvValues = Record<string, unknown>;

/** Rows per statement: bounds each statement's parameter to a few MB. */
const CHUNK_ROWS = 1000;

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) yield rows.slice(i, i + CHUNK_ROWS);
}

// The rows travel as one jsonb array per statement, turned back into typed rows of the table by
// jsonb_populate_recordset (so every column gets its own type, and the parameter count stays 1 however
// many rows there are). Keys as the client's transform would write the column names.
const recordsOf = (sql: Queryable, rows: object[]) =>
  sql.json(
    rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [postgres.fromCamel(k), v])),
    ) as postgres.JSONValue,
  );

/** Inserts the rows in file order (so ids follow it, as one insert per row did); answers each new id by slug. */
export async function insertCsvRows(sql: Queryable, table: CsvTable, rows: CsvValues[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(rows)) {
    const columns = Object.keys(chunk[0]);
    const inserted = await sql<{ id: number; slug: string }[]>`
      INSERT INTO ${sql(table)} (${sql(columns)})
      SELECT ${sql(columns)} FROM jsonb_populate_recordset(null::${sql(table)}, ${recordsOf(sql, chunk)}) WITH ORDINALITY
      ORDER BY ordinality
      RETURNING id, slug`;
    for (const r of inserted) ids.set(r.slug, r.id);
  }
  return ids;
}

/** Sets every given column (and updated_at) of the rows with the given ids. */
export async function updateCsvRows(sql: Queryable, table: CsvTable, rows: (CsvValues & { id: number })[]) {
  for (const chunk of chunks(rows)) {
    const columns = Object.keys(chunk[0]).filter((k) => k !== 'id');
    await sql`
      UPDATE ${sql(table)} t
      SET (${sql(columns)}) = (${sql(columns.map((c) => `v.${c}`))}), updated_at = now()
      FROM jsonb_populate_recordset(null::${sql(table)}, ${recordsOf(sql, chunk)}) v
      WHERE t.id = v.id`;
  }
}

/**
 * Makes each listed provider's admin links its `chainIds` not covered by a sourced link, as the admin's link
 * call does (replaceProviderChains): one delete of their admin links, one insert of all new ones.
 */
export async function replaceCsvChainLinks(sql: Queryable, links: { providerId: number; chainIds: number[] }[]) {
  if (!links.length) return;
  await sql`DELETE FROM provider_chains
            WHERE source = 'admin' AND provider_id = ANY(${sql.array(links.map((l) => l.providerId))}::int[])`;
  await addAdminLinks(
    sql,
    links.flatMap((l) => l.chainIds.map(() => l.providerId)),
    links.flatMap((l) => l.chainIds),
  );
}

/**
 * Stores the providers' editorial reviews, replacing the ones they had — as saveEditorialReview
 * (editorial.ts) does for one: a replacement is a new publication, dated now.
 */
export async function saveCsvEditorialReviews(
  sql: Queryable,
  adminId: number | null,
  reviews: { providerId: number; rating: number; content: string }[],
) {
  if (!reviews.length) return;
  await sql`
    INSERT INTO editorial_reviews (provider_id, admin_id, rating, content)
    SELECT r.provider_id, ${adminId}::int, r.rating, r.content
    FROM unnest(${sql.array(reviews.map((r) => r.providerId))}::int[], ${sql.array(reviews.map((r) => r.rating))}::int[],
                ${sql.array(reviews.map((r) => r.content))}::text[]) AS r(provider_id, rating, content)
    ON CONFLICT (provider_id) DO UPDATE
      SET admin_id = excluded.admin_id, rating = excluded.rating, content = excluded.content,
          created_at = now(), updated_at = now()`;
}
