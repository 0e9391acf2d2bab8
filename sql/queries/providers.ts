// Queries of the providers table, its chain links, reviews and editorial review (reads; the admin's writes at the end).
import type { Queryable, Sql } from '../db-types.ts';
import { pageLimit, type Keyed, type Page } from '../paging.ts';
import { socialAndSeoColumns, selectColumns, type RowOf } from '../columns.ts';
import { healthColumns, type EndpointHealthRow } from './health.ts';

/** The providers columns every provider answer carries as stored (sql/columns.ts). */
export const providerPlainColumns = {
  id: 'int',
  name: 'text',
  slug: 'text',
  description: 'text',
  website: 'text?',
  affiliateUrl: 'text?',
  logoUrl: 'text?',
  iconUrl: 'text?',
  color: 'text',
  ...socialAndSeoColumns,
  nofollowLinks: 'bool',
  cloakedLinks: 'bool',
  featured: 'bool',
  totalReviews: 'int',
  upvotes: 'int',
  downvotes: 'int',
  popularityScore: 'float',
  privacyPolicyUrl: 'text?',
} as const;

export type ProviderRow = RowOf<typeof providerPlainColumns> & {
  averageRating: number;
  tracking: 'none' | 'limited' | 'yes' | 'mixed' | 'unspecified';
  updatedAt: Date;
  chains: (ChainRefRow & { kind: ChainKind })[];
  /** provider_facts as the contract's ProviderFacts (values as stored, dates as YYYY-MM-DD). */
  facts: Record<string, { value: unknown; note: string | null; sourceUrl: string; asOf: string }>;
  /** The list's (listProviders): the filter facts this directory's own data shows true, see `foundFacts`. */
  foundFacts?: ('archive' | 'trace' | 'websocket')[];
};

export type ChainKind = 'public-endpoint' | 'api-key';

/**
 * How provider p serves the chain of link l, by the key rule (contract/key-rule.ts): 'public-endpoint' when at least
 * one of its endpoints listed there needs no key, else 'api-key' — whatever kinds its links were stored with.
 */
const chainKind = (sql: Queryable) =>
  sql`CASE WHEN EXISTS (SELECT 1 FROM chain_rpc_endpoints e
                        WHERE e.provider_id = p.id AND e.chain_id = l.chain_id AND NOT e.needs_api_key
                          AND e.removed_at IS NULL)
           THEN 'public-endpoint' ELSE 'api-key' END`;

const providerColumns = (sql: Queryable) => sql`
  ${selectColumns(sql, 'p', providerPlainColumns)}, p.average_rating::float8 AS average_rating, p.tracking,
  p.updated_at,
  coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'iconUrl', c.icon_url,
                                             'color', c.color, 'kind', ${chainKind(sql)}) ORDER BY c.sort_rank, c.id)
            FROM (SELECT DISTINCT pc.chain_id FROM provider_chains pc WHERE pc.provider_id = p.id) l
            -- OFFSET 0 keeps this a primary-key lookup per link: left to itself the planner hashes all
            -- chains for every provider (10,000 × 1,000 rows for the full list, 4× slower; bench/RESULTS.md).
            CROSS JOIN LATERAL (SELECT c.sort_rank, c.id, c.name, c.slug, c.icon_url, c.color
                                FROM chains c WHERE c.id = l.chain_id OFFSET 0) c), '[]') AS chains,
  coalesce((SELECT json_object_agg(f.fact, json_build_object('value', f.value, 'note', f.note,
                                                             'sourceUrl', f.source_url, 'asOf', f.as_of))
            FROM provider_facts f WHERE f.provider_id = p.id), '{}') AS facts`;

/** A true finding of the prober's daily capability check on endpoint health row h (api/health/capabilities.ts). */
const capabilityFound = (sql: Queryable, name: string) => sql`(h.capabilities -> ${name} ->> 'value')::boolean`;

/**
 * What the provider page's facts card counts as known beside the facts entered, for the list's fact filters: archive
 * and trace/debug methods the prober found answering on one of p's endpoints, and WebSocket where one of p's listed
 * addresses (an endpoint or an API-key URL format) is a wss:// one.
 */
const foundFacts = (sql: Queryable) => sql`
  (SELECT array_remove(ARRAY[
            CASE WHEN bool_or(${capabilityFound(sql, 'archive')}) THEN 'archive' END,
            CASE WHEN bool_or(${capabilityFound(sql, 'trace')} OR ${capabilityFound(sql, 'debug')}) THEN 'trace' END,
            CASE WHEN bool_or(e.url ILIKE 'wss://%')
                   OR EXISTS (SELECT 1 FROM provider_chains pc, unnest(pc.url_templates) t
                              WHERE pc.provider_id = p.id AND t ILIKE 'wss://%') THEN 'websocket' END], NULL)
   FROM chain_rpc_endpoints e LEFT JOIN endpoint_health h ON h.endpoint_id = e.id
   WHERE e.provider_id = p.id AND e.removed_at IS NULL) AS found_facts`;

/** Every provider, or one page of them (index providers_sort_rank); sort key [sort_rank, id]. */
export function listProviders(sql: Sql, page?: Page) {
  const after = page?.after;
  return sql<(ProviderRow & Keyed)[]>`
    SELECT ${providerColumns(sql)}, ${foundFacts(sql)}, json_build_array(p.sort_rank, p.id) AS page_key
    FROM providers p
    ${after ? sql`WHERE (p.sort_rank, p.id) > (${after[0]}, ${after[1]})` : sql``}
    ORDER BY p.sort_rank, p.id
    ${pageLimit(sql, page)}`;
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

/** The chain's providers, most reviewed first, or one page of them; sort key [total_reviews, sort_rank, id]. */
export function listProvidersByChain(sql: Sql, chainId: number, page?: Page) {
  const after = page?.after;
  return sql<(ProviderRow & Keyed)[]>`
    SELECT ${providerColumns(sql)}, json_build_array(p.total_reviews, p.sort_rank, p.id) AS page_key
    FROM (SELECT DISTINCT provider_id FROM provider_chains WHERE chain_id = ${chainId}) link
    JOIN providers p ON p.id = link.provider_id
    ${
      after
        ? sql`WHERE p.total_reviews <= ${after[0]}
                  AND (p.total_reviews < ${after[0]} OR (p.sort_rank, p.id) > (${after[1]}, ${after[2]}))`
        : sql``
    }
    ORDER BY p.total_reviews DESC, p.sort_rank, p.id
    ${pageLimit(sql, page)}`;
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

export type ApprovedReviewRow = {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
  isAnonymous: boolean;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

/**
 * The provider's approved reviews, newest first: all of them, or one page (index user_reviews_provider_status_page);
 * sort key [created_at in microseconds, id], both descending.
 */
export function listApprovedReviews(sql: Sql, providerId: number, page?: Page) {
  const after = page?.after;
  return sql<(ApprovedReviewRow & Keyed)[]>`
    SELECT r.id, r.rating, r.comment, r.created_at, r.updated_at, r.is_anonymous,
           u.display_name, u.first_name, u.last_name, u.profile_image_url,
           json_build_array((extract(epoch FROM r.created_at) * 1000000)::int8, r.id) AS page_key
    FROM user_reviews r JOIN users u ON u.id = r.user_id
    WHERE r.provider_id = ${providerId} AND r.status = 'approved'
    ${after ? sql`AND (r.created_at, r.id) < (timestamptz 'epoch' + ${after[0]}::int8 * interval '1 microsecond', ${after[1]})` : sql``}
    ORDER BY r.created_at DESC, r.id DESC
    ${pageLimit(sql, page)}`;
}

export type EditorialRow = {
  rating: number;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  adminDisplayName: string | null;
  hasAdmin: boolean;
};

export async function findEditorialReview(sql: Sql, providerId: number) {
  const [row] = await sql<EditorialRow[]>`
    SELECT e.rating, e.content, e.created_at, e.updated_at, u.display_name AS admin_display_name, (u.id IS NOT NULL) AS has_admin
    FROM editorial_reviews e LEFT JOIN users u ON u.id = e.admin_id
    WHERE e.provider_id = ${providerId}`;
  return row;
}

export type ProviderEndpointRow = EndpointHealthRow & {
  id: number;
  url: string;
  tracking: 'none' | 'limited' | 'yes' | 'unspecified';
  needsApiKey: boolean;
  chainId: number;
  chainName: string;
  chainSlug: string;
  chainIconUrl: string | null;
  chainColor: string;
};

export function listProviderEndpoints(sql: Sql, providerId: number) {
  return sql<ProviderEndpointRow[]>`
    SELECT e.id, e.url, e.tracking, e.needs_api_key, c.id AS chain_id, c.name AS chain_name, c.slug AS chain_slug,
           c.icon_url AS chain_icon_url, c.color AS chain_color, ${healthColumns(sql)}
    FROM chain_rpc_endpoints e JOIN chains c ON c.id = e.chain_id
      LEFT JOIN endpoint_health h ON h.endpoint_id = e.id
    WHERE e.provider_id = ${providerId} AND e.removed_at IS NULL
    ORDER BY c.sort_rank, c.id, e.position`;
}

/** When the prober last found each fact true over the provider's endpoints (null: never found it). */
export type MeasuredFactsRow = {
  websocket: Date | null;
  archive: Date | null;
  /** The newest time trace_ or debug_ methods answered; `traceApi`/`debugApi` say which ever did. */
  traceDebug: Date | null;
  traceApi: boolean;
  debugApi: boolean;
};

/**
 * The facts the prober measured on the provider's endpoints: a wss:// endpoint answering the right chain (its
 * summary status ok or degraded), and the daily capability check's archive, trace_ and debug_ findings.
 * Only true findings count: a check that found nothing, or none, is not a "no".
 */
export async function findMeasuredFacts(sql: Sql, providerId: number) {
  const found = (name: string) => capabilityFound(sql, name);
  const at = (name: string) => sql`(h.capabilities -> ${name} ->> 'checkedAt')::timestamptz`;
  const [row] = await sql<MeasuredFactsRow[]>`
    SELECT max(h.checked_at) FILTER (WHERE e.url ILIKE 'wss://%' AND h.status IN ('ok', 'degraded')) AS websocket,
           max(${at('archive')}) FILTER (WHERE ${found('archive')}) AS archive,
           greatest(max(${at('trace')}) FILTER (WHERE ${found('trace')}),
                    max(${at('debug')}) FILTER (WHERE ${found('debug')})) AS trace_debug,
           coalesce(bool_or(${found('trace')}), false) AS trace_api,
           coalesce(bool_or(${found('debug')}), false) AS debug_api
    FROM chain_rpc_endpoints e JOIN endpoint_health h ON h.endpoint_id = e.id
    WHERE e.provider_id = ${providerId} AND e.removed_at IS NULL`;
  return row;
}

/** asOf: the source's date (YYYY-MM-DD); null for a link an admin added. */
export type ApiKeyChainRow = ChainRefRow & { source: string; urlTemplates: string[]; asOf: string | null };

/** The provider's api-key links in the chains' order; per chain, sourced first, the newest source first, then the admin's. */
export function listApiKeyChains(sql: Sql, providerId: number) {
  return sql<ApiKeyChainRow[]>`
    SELECT c.id, c.name, c.slug, c.icon_url, c.color, pc.source, pc.url_templates,
           to_char(pc.as_of, 'YYYY-MM-DD') AS as_of
    FROM provider_chains pc JOIN chains c ON c.id = pc.chain_id
    WHERE pc.provider_id = ${providerId} AND pc.kind = 'api-key'
    ORDER BY c.sort_rank, c.id, pc.source = 'admin', pc.as_of DESC NULLS LAST, pc.source`;
}

/** The provider's links to a chain (sourced first, then the admin's), each with its URL templates; none when it does not serve it. */
export function listProviderChainLinks(sql: Sql, providerId: number, chainId: number) {
  return sql<{ urlTemplates: string[] }[]>`
    SELECT url_templates FROM provider_chains
    WHERE provider_id = ${providerId} AND chain_id = ${chainId}
    ORDER BY source = 'admin', source`;
}

// ---------- admin writes ----------

/** Column values keyed by camelCase column name (the client's transform snake_cases them). */
export type ProviderValues = Record<string, string | number | boolean | null>;

export type ProviderDetailRow = ProviderRow & { detailedDescription: string };

export async function findProviderById(sql: Queryable, id: number) {
  const [row] = await sql<ProviderDetailRow[]>`
    SELECT ${providerColumns(sql)}, p.detailed_description FROM providers p WHERE p.id = ${id}`;
  return row;
}

export async function insertProvider(sql: Queryable, values: ProviderValues): Promise<number> {
  const [row] = await sql<{ id: number }[]>`INSERT INTO providers ${sql(values, Object.keys(values))} RETURNING id`;
  return row.id;
}

/** Updates the given columns (and updated_at); false when no provider has that id. */
export async function updateProvider(sql: Queryable, id: number, values: ProviderValues): Promise<boolean> {
  const keys = Object.keys(values);
  const result = keys.length
    ? await sql`UPDATE providers SET ${sql(values, keys)}, updated_at = now() WHERE id = ${id}`
    : await sql`UPDATE providers SET updated_at = now() WHERE id = ${id}`;
  return result.count > 0;
}

export async function deleteProvider(sql: Queryable, id: number): Promise<boolean> {
  const result = await sql`DELETE FROM providers WHERE id = ${id}`;
  return result.count > 0;
}

/** Locks the provider row for the rest of the transaction; false when it does not exist. */
export async function lockProvider(sql: Queryable, id: number): Promise<boolean> {
  const rows = await sql`SELECT 1 FROM providers WHERE id = ${id} FOR UPDATE`;
  return rows.length > 0;
}

export async function listProviderChainIds(sql: Queryable, providerId: number): Promise<number[]> {
  const rows = await sql<{ chainId: number }[]>`
    SELECT c.id AS chain_id FROM chains c
    WHERE c.id IN (SELECT chain_id FROM provider_chains WHERE provider_id = ${providerId})
    ORDER BY c.sort_rank, c.id`;
  return rows.map((r) => r.chainId);
}

/**
 * Makes the provider's admin links (source 'admin') those of `chainIds` that no sourced link covers; links read
 * from the dataset or a package stay whatever was sent, so the chains served become the sourced ones plus these.
 */
export async function replaceProviderChains(sql: Queryable, providerId: number, chainIds: number[]) {
  await sql`DELETE FROM provider_chains WHERE provider_id = ${providerId} AND source = 'admin'`;
  await addAdminLinks(
    sql,
    chainIds.map(() => providerId),
    chainIds,
  );
}

/** Adds an admin link unless the provider already serves the chain. */
export async function addProviderChain(sql: Queryable, providerId: number, chainId: number) {
  await addAdminLinks(sql, [providerId], [chainId]);
}

/** An admin link for each pair (providerIds[i], chainIds[i]) whose provider does not serve that chain yet. */
export async function addAdminLinks(sql: Queryable, providerIds: number[], chainIds: number[]) {
  if (!chainIds.length) return;
  await sql`
    INSERT INTO provider_chains (provider_id, chain_id, kind, source)
    SELECT DISTINCT l.provider_id, l.chain_id, 'api-key', 'admin'
    FROM unnest(${sql.array(providerIds)}::int[], ${sql.array(chainIds)}::int[]) AS l (provider_id, chain_id)
    WHERE NOT EXISTS (SELECT 1 FROM provider_chains pc
                      WHERE pc.provider_id = l.provider_id AND pc.chain_id = l.chain_id)
    ON CONFLICT DO NOTHING`;
}

export type FactValues = {
  fact: string;
  value: boolean | number | string;
  note: string | null;
  sourceUrl: string;
  asOf: string;
};

/** Makes the provider's facts exactly `facts` (a fact left out becomes unknown). */
export async function replaceProviderFacts(sql: Queryable, providerId: number, facts: FactValues[]) {
  await sql`DELETE FROM provider_facts WHERE provider_id = ${providerId}`;
  if (!facts.length) return;
  // One statement for all of them: the facts travel as one JSON array, read back as rows.
  const rows = facts.map((f) => ({
    fact: f.fact,
    value: f.value,
    note: f.note,
    source_url: f.sourceUrl,
    as_of: f.asOf,
  }));
  await sql`INSERT INTO provider_facts (provider_id, fact, value, note, source_url, as_of)
            SELECT ${providerId}, f.fact, f.value, f.note, f.source_url, f.as_of
            FROM jsonb_to_recordset(${sql.json(rows)}) AS f(fact text, value jsonb, note text, source_url text, as_of date)`;
}

/** Of the given provider ids, those that exist. */
export async function existingProviderIds(sql: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await sql<{ id: number }[]>`SELECT id FROM providers WHERE id = ANY(${sql.array(ids)}::int[])`;
  return rows.map((r) => r.id);
}
