// Snapshots of the chains and providers as the CSV export writes them (and the import compares against).
import type { Queryable } from '../../api/db/index.ts';

export type CsvChainRow = {
  id: number; slug: string; name: string; title: string | null; description: string; detailedDescription: string;
  websiteUrl: string | null; iconUrl: string | null; color: string; metaTitle: string | null; metaDescription: string | null;
  ogTitle: string | null; ogDescription: string | null; ogImage: string | null; createdAt: Date; updatedAt: Date;
};

export function listChainsForCsv(sql: Queryable) {
  return sql<CsvChainRow[]>`
    SELECT id, slug, name, title, description, detailed_description, website_url, icon_url, color, meta_title,
           meta_description, og_title, og_description, og_image, created_at, updated_at
    FROM chains ORDER BY sort_rank, id`;
}

export type CsvProviderRow = {
  id: number; slug: string; name: string; description: string; detailedDescription: string; website: string | null;
  logoUrl: string | null; iconUrl: string | null; color: string; metaTitle: string | null; metaDescription: string | null;
  nofollowLinks: boolean; ogTitle: string | null; ogDescription: string | null; ogImage: string | null;
  editorialRating: number | null; editorialContent: string | null; chainSlugs: string[]; createdAt: Date; updatedAt: Date;
};

export function listProvidersForCsv(sql: Queryable) {
  return sql<CsvProviderRow[]>`
    SELECT p.id, p.slug, p.name, p.description, p.detailed_description, p.website, p.logo_url, p.icon_url, p.color,
           p.meta_title, p.meta_description, p.nofollow_links, p.og_title, p.og_description, p.og_image,
           e.rating AS editorial_rating, e.content AS editorial_content, p.created_at, p.updated_at,
           coalesce((SELECT array_agg(c.slug ORDER BY c.sort_rank, c.id)
                     FROM provider_chains pc
                     -- OFFSET 0: a primary-key lookup per link, not all chains hashed per provider (as in providers.ts).
                     CROSS JOIN LATERAL (SELECT c.slug, c.sort_rank, c.id FROM chains c WHERE c.id = pc.chain_id OFFSET 0) c
                     WHERE pc.provider_id = p.id), '{}') AS chain_slugs
    FROM providers p LEFT JOIN editorial_reviews e ON e.provider_id = p.id
    ORDER BY p.sort_rank, p.id`;
}

/** Chain ids by slug, for resolving a provider row's Chains cell. */
export async function chainIdsBySlug(sql: Queryable): Promise<Map<string, number>> {
  const rows = await sql<{ id: number; slug: string }[]>`SELECT id, slug FROM chains`;
  return new Map(rows.map((r) => [r.slug, r.id]));
}
