// Read queries of the providers table, its chain links, reviews and editorial review.
import type { Sql } from '../../api/db/index.ts';

export type ProviderRow = {
  id: number; name: string; slug: string; description: string; website: string | null; affiliateUrl: string | null;
  logoUrl: string | null; iconUrl: string | null; color: string; twitterUrl: string | null; discordUrl: string | null;
  telegramUrl: string | null; githubUrl: string | null; linkedinUrl: string | null; metaTitle: string | null;
  metaDescription: string | null; ogTitle: string | null; ogDescription: string | null; ogImage: string | null;
  nofollowLinks: boolean; cloakedLinks: boolean; featured: boolean; averageRating: number; totalReviews: number;
  upvotes: number; downvotes: number; popularityScore: number;
  tracking: 'none' | 'limited' | 'yes' | 'mixed' | 'unspecified'; privacyPolicyUrl: string | null;
  chainIds: number[]; updatedAt: Date;
};

const providerColumns = (sql: Sql) => sql`
  p.id, p.name, p.slug, p.description, p.website, p.affiliate_url, p.logo_url, p.icon_url, p.color, p.twitter_url,
  p.discord_url, p.telegram_url, p.github_url, p.linkedin_url, p.meta_title, p.meta_description, p.og_title,
  p.og_description, p.og_image, p.nofollow_links, p.cloaked_links, p.featured, p.average_rating::float8 AS average_rating,
  p.total_reviews, p.upvotes, p.downvotes, p.popularity_score, p.tracking, p.privacy_policy_url, p.updated_at,
  coalesce((SELECT array_agg(pc.chain_id ORDER BY c.sort_rank, c.id)
            FROM provider_chains pc JOIN chains c ON c.id = pc.chain_id
            WHERE pc.provider_id = p.id), '{}') AS chain_ids`;

export function listProviders(sql: Sql) {
  return sql<ProviderRow[]>`SELECT ${providerColumns(sql)} FROM providers p ORDER BY p.sort_rank, p.id`;
}

/** How many providers "popular" returns: the header menu shows 15, the sidebar the first 5. */
export const POPULAR_PROVIDER_LIMIT = 15;

export function listPopularProviders(sql: Sql, limit = POPULAR_PROVIDER_LIMIT) {
  return sql<ProviderRow[]>`
    SELECT ${providerColumns(sql)} FROM providers p
    ORDER BY p.popularity_score DESC, p.total_reviews DESC, p.sort_rank, p.id
    LIMIT ${limit}`;
}

export function listFeaturedProviders(sql: Sql) {
  return sql<ProviderRow[]>`
    SELECT ${providerColumns(sql)} FROM providers p WHERE p.featured ORDER BY p.sort_rank, p.id`;
}

export function listProvidersByChain(sql: Sql, chainId: number) {
  return sql<ProviderRow[]>`
    SELECT ${providerColumns(sql)}
    FROM provider_chains link JOIN providers p ON p.id = link.provider_id
    WHERE link.chain_id = ${chainId}
    ORDER BY p.total_reviews DESC, p.sort_rank, p.id`;
}

export function searchProviders(sql: Sql, pattern: string, term: string, limit: number) {
  return sql<ProviderRow[]>`
    SELECT ${providerColumns(sql)} FROM providers p
    WHERE p.name ILIKE ${pattern} OR p.description ILIKE ${pattern}
    ORDER BY (lower(p.name) = lower(${term})) DESC, (p.name ILIKE ${pattern}) DESC, p.popularity_score DESC, p.id
    LIMIT ${limit}`;
}

export async function findProviderBySlug(sql: Sql, slug: string) {
  const [row] = await sql<(ProviderRow & { detailedDescription: string })[]>`
    SELECT ${providerColumns(sql)}, p.detailed_description FROM providers p WHERE p.slug = ${slug}`;
  return row;
}

export type ChainRefRow = { id: number; name: string; slug: string; iconUrl: string | null; color: string };

export function listProviderChains(sql: Sql, providerId: number) {
  return sql<ChainRefRow[]>`
    SELECT c.id, c.name, c.slug, c.icon_url, c.color
    FROM provider_chains pc JOIN chains c ON c.id = pc.chain_id
    WHERE pc.provider_id = ${providerId}
    ORDER BY c.sort_rank, c.id`;
}

export type ApprovedReviewRow = {
  id: number; rating: number; comment: string | null; createdAt: Date; updatedAt: Date; isAnonymous: boolean;
  displayName: string | null; firstName: string | null; lastName: string | null; profileImageUrl: string | null;
};

export function listApprovedReviews(sql: Sql, providerId: number) {
  return sql<ApprovedReviewRow[]>`
    SELECT r.id, r.rating, r.comment, r.created_at, r.updated_at, r.is_anonymous,
           u.display_name, u.first_name, u.last_name, u.profile_image_url
    FROM user_reviews r JOIN users u ON u.id = r.user_id
    WHERE r.provider_id = ${providerId} AND r.status = 'approved'
    ORDER BY r.created_at DESC, r.id DESC`;
}

export type EditorialRow = { rating: number; content: string; createdAt: Date; updatedAt: Date; adminDisplayName: string | null; hasAdmin: boolean };

export async function findEditorialReview(sql: Sql, providerId: number) {
  const [row] = await sql<EditorialRow[]>`
    SELECT e.rating, e.content, e.created_at, e.updated_at, u.display_name AS admin_display_name, (u.id IS NOT NULL) AS has_admin
    FROM editorial_reviews e LEFT JOIN users u ON u.id = e.admin_id
    WHERE e.provider_id = ${providerId}`;
  return row;
}

export type ProviderEndpointRow = {
  url: string; tracking: 'none' | 'limited' | 'yes' | 'unspecified'; needsApiKey: boolean;
  chainId: number; chainName: string; chainSlug: string; chainIconUrl: string | null; chainColor: string;
};

export function listProviderEndpoints(sql: Sql, providerId: number) {
  return sql<ProviderEndpointRow[]>`
    SELECT e.url, e.tracking, e.needs_api_key, c.id AS chain_id, c.name AS chain_name, c.slug AS chain_slug,
           c.icon_url AS chain_icon_url, c.color AS chain_color
    FROM chain_rpc_endpoints e JOIN chains c ON c.id = e.chain_id
    WHERE e.provider_id = ${providerId}
    ORDER BY c.sort_rank, c.id, e.position`;
}
