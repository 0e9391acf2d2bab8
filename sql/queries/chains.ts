// Queries of the chains table and its endpoints (reads; the admin's writes at the end).
import type postgres from 'postgres';
import type { Queryable, Sql } from '../db-types.ts';
import { pageLimit, type Keyed, type Page } from '../paging.ts';
import { socialAndSeoColumns, selectColumns, type RowOf } from '../columns.ts';
import { healthColumns, type EndpointHealthRow } from './health.ts';

/** The chains columns every chain answer carries as stored (sql/columns.ts). */
export const chainPlainColumns = {
  id: 'int',
  name: 'text',
  slug: 'text',
  title: 'text?',
  description: 'text',
  detailedDescription: 'text',
  iconUrl: 'text?',
  color: 'text',
  websiteUrl: 'text?',
  ...socialAndSeoColumns,
  evmChainId: 'int?',
  shortName: 'text?',
  isTestnet: 'bool',
  status: 'text',
  parentChainId: 'int?',
  totalUpvotes: 'int',
  totalDownvotes: 'int',
} as const;

export type ChainRow = RowOf<typeof chainPlainColumns> & {
  nativeCurrency: { name: string; symbol: string; decimals: number } | null;
  explorers: { name: string; url: string }[];
  updatedAt: Date;
};
export type ChainStatsRow = ChainRow & {
  providerCount: number;
  averageRating: number;
  endpointsHealthy: number;
  endpointsChecked: number;
  endpointsPublic: number;
};

// Per chain, its keyless endpoints, how many the prober has reached and how many of them answered the right chain
// at their latest probe (the summary rows: never the raw probes). `chainIds` limits the pass to the chains listed.
const endpointCounts = (sql: Queryable, chainIds?: postgres.PendingQuery<postgres.Row[]>) => sql`
  LEFT JOIN (
    SELECT e.chain_id, count(*) AS endpoints_public,
      count(*) FILTER (WHERE h.status IN ('ok', 'degraded')) AS endpoints_healthy,
      count(*) FILTER (WHERE h.status <> 'unverified') AS endpoints_checked
    FROM chain_rpc_endpoints e LEFT JOIN endpoint_health h ON h.endpoint_id = e.id
    WHERE e.removed_at IS NULL AND NOT e.needs_api_key AND strpos(e.url, ${'${'}) = 0
      ${chainIds ? sql`AND e.chain_id IN (${chainIds})` : sql``}
    GROUP BY e.chain_id
  ) ec ON ec.chain_id = c.id`;
const endpointCountColumns = (sql: Queryable) =>
  sql`coalesce(ec.endpoints_healthy, 0)::int AS endpoints_healthy,
    coalesce(ec.endpoints_checked, 0)::int AS endpoints_checked,
    coalesce(ec.endpoints_public, 0)::int AS endpoints_public`;

const chainColumns = (sql: Queryable) =>
  sql`${selectColumns(sql, 'c', chainPlainColumns)}, c.native_currency, c.explorers, c.updated_at`;

// Provider count and the mean of the rated providers' averages, per chain, over both kinds of link (a provider
// linked several ways counts once).
const statsJoin = (sql: Sql) => sql`
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS provider_count,
           coalesce(avg(p.average_rating) FILTER (WHERE p.total_reviews > 0), 0)::float8 AS average_rating
    FROM (SELECT DISTINCT provider_id FROM provider_chains WHERE chain_id = c.id) pc
    JOIN providers p ON p.id = pc.provider_id
  ) s ON true`;

// The same stats for many chains in one grouped pass over their links (one hash join with providers),
// not one aggregate per chain, which is several times slower on long lists (bench/RESULTS.md). `chainIds`
// limits the pass to the chains listed.
const groupedStats = (sql: Sql, chainIds?: postgres.PendingQuery<postgres.Row[]>) => sql`
  LEFT JOIN (
    SELECT pc.chain_id, count(*) AS provider_count, avg(p.average_rating) FILTER (WHERE p.total_reviews > 0) AS average_rating
    FROM (SELECT DISTINCT chain_id, provider_id FROM provider_chains
          ${chainIds ? sql`WHERE chain_id IN (${chainIds})` : sql``}) pc
    JOIN providers p ON p.id = pc.provider_id
    GROUP BY pc.chain_id
  ) s ON s.chain_id = c.id`;
const groupedStatsColumns = (sql: Sql) => sql`
  coalesce(s.provider_count, 0)::int AS provider_count, coalesce(s.average_rating, 0)::float8 AS average_rating,
  ${endpointCountColumns(sql)}`;

export function listChains(sql: Sql) {
  return sql<ChainRow[]>`SELECT ${chainColumns(sql)} FROM chains c ORDER BY c.sort_rank, c.id`;
}

/** Every chain with its stats, or one page of them (stats for that page's chains only); sort key [sort_rank, id]. */
export function listChainsWithStats(sql: Sql, page?: Page) {
  const after = page?.after;
  return sql<(ChainStatsRow & Keyed)[]>`
    WITH listed AS (
      SELECT * FROM chains c ${after ? sql`WHERE (c.sort_rank, c.id) > (${after[0]}, ${after[1]})` : sql``}
      ORDER BY c.sort_rank, c.id ${pageLimit(sql, page)})
    SELECT ${chainColumns(sql)}, ${groupedStatsColumns(sql)}, json_build_array(c.sort_rank, c.id) AS page_key
    FROM listed c ${groupedStats(sql, page ? sql`SELECT id FROM listed` : undefined)}
      ${endpointCounts(sql, page ? sql`SELECT id FROM listed` : undefined)}
    ORDER BY c.sort_rank, c.id`;
}

/** A chain's page: its stats and the ethereum-lists facts only its detail carries. */
export type ChainDetailRow = ChainStatsRow & {
  ethereumLists: { chain: string; networkId: number; faucets: string[] } | null;
};

export async function findChainBySlug(sql: Sql, slug: string) {
  const [row] = await sql<ChainDetailRow[]>`
    SELECT ${chainColumns(sql)}, s.provider_count, s.average_rating, ${endpointCountColumns(sql)}, c.ethereum_lists
    FROM chains c ${statsJoin(sql)} ${endpointCounts(sql, sql`SELECT id FROM chains WHERE slug = ${slug}`)}
    WHERE c.slug = ${slug}`;
  return row;
}

export async function findChainRef(sql: Sql, id: number) {
  const [row] = await sql<{ id: number; name: string; slug: string; iconUrl: string | null; color: string }[]>`
    SELECT id, name, slug, icon_url, color FROM chains WHERE id = ${id}`;
  return row;
}

export type EndpointRow = EndpointHealthRow & {
  id: number;
  chainId: number;
  url: string;
  tracking: 'none' | 'limited' | 'yes' | 'unspecified';
  needsApiKey: boolean;
  providerId: number | null;
  providerName: string | null;
  providerSlug: string | null;
};

const endpointSelect = (sql: Queryable, where: postgres.PendingQuery<postgres.Row[]>) => sql`
    SELECT e.id, e.chain_id, e.url, e.tracking, e.needs_api_key, p.id AS provider_id, p.name AS provider_name,
      p.slug AS provider_slug, ${healthColumns(sql)}
    FROM chain_rpc_endpoints e LEFT JOIN providers p ON p.id = e.provider_id
      LEFT JOIN endpoint_health h ON h.endpoint_id = e.id
    WHERE e.removed_at IS NULL AND ${where}`;

export function listChainEndpoints(sql: Sql, chainId: number) {
  return sql<EndpointRow[]>`${endpointSelect(sql, sql`e.chain_id = ${chainId}`)} ORDER BY e.position, e.id`;
}

export async function findEndpoint(sql: Queryable, id: number) {
  const [row] = await sql<EndpointRow[]>`${endpointSelect(sql, sql`e.id = ${id}`)}`;
  return row;
}

/** Endpoints down without a break for at least `days` (the admin's "dead endpoints"), longest down first. */
export function listDeadEndpoints(sql: Queryable, days: number) {
  return sql<EndpointRow[]>`
    ${endpointSelect(sql, sql`h.down_since <= now() - make_interval(days => ${days})`)}
    ORDER BY h.down_since, e.id`;
}

export function searchChains(sql: Sql, pattern: string, term: string, limit: number) {
  const order = sql`(lower(c.name) = lower(${term})) DESC, (c.name ILIKE ${pattern}) DESC, c.sort_rank, c.id`;
  // Stats for the `limit` chains kept only, not for every match.
  return sql<ChainStatsRow[]>`
    WITH kept AS (SELECT * FROM chains c WHERE c.name ILIKE ${pattern} OR c.description ILIKE ${pattern} ORDER BY ${order} LIMIT ${limit})
    SELECT ${chainColumns(sql)}, ${groupedStatsColumns(sql)}
    FROM kept c ${groupedStats(sql, sql`SELECT id FROM kept`)} ${endpointCounts(sql, sql`SELECT id FROM kept`)}
    ORDER BY ${order}`;
}

// ---------- admin writes ----------

/** Column values keyed by camelCase column name (the client's transform snake_cases them). */
export type ChainValues = Record<string, string | number | boolean | null | object>;

// jsonb columns are sent as JSON explicitly; everything else as a plain parameter.
const JSON_COLUMNS = new Set(['nativeCurrency', 'explorers']);
const toParameters = (sql: Queryable, values: ChainValues) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      JSON_COLUMNS.has(k) && v !== null ? sql.json(v as postgres.JSONValue) : v,
    ]),
  ) as Record<string, postgres.ParameterOrJSON<never>>;

export async function findChainById(sql: Queryable, id: number) {
  const [row] = await sql<ChainRow[]>`SELECT ${chainColumns(sql)} FROM chains c WHERE c.id = ${id}`;
  return row;
}

export async function insertChain(sql: Queryable, values: ChainValues): Promise<number> {
  const params = toParameters(sql, values);
  const [row] = await sql<{ id: number }[]>`INSERT INTO chains ${sql(params, Object.keys(params))} RETURNING id`;
  return row.id;
}

/** Updates the given columns (and updated_at); false when no chain has that id. */
export async function updateChain(sql: Queryable, id: number, values: ChainValues): Promise<boolean> {
  const params = toParameters(sql, values);
  const keys = Object.keys(params);
  const result = keys.length
    ? await sql`UPDATE chains SET ${sql(params, keys)}, updated_at = now(),
        edited_by_hand = ${handEdits(sql, params)}
      WHERE id = ${id}`
    : await sql`UPDATE chains SET updated_at = now() WHERE id = ${id}`;
  return result.count > 0;
}

/**
 * The row's edited_by_hand (the fields an admin set by hand, which a refresh from upstream never overwrites
 * silently) plus each of the given columns whose value the write changes. Only in an UPDATE's SET list, where a
 * column still reads the row's value before the write.
 */
function handEdits(
  sql: Queryable,
  values: Record<string, unknown>,
  name: (column: string) => string = (column) => column,
) {
  const changed = Object.keys(values).map(
    (k) => sql`CASE WHEN ${sql(k)} IS DISTINCT FROM ${values[k] as never} THEN ${name(k)} END`,
  );
  if (!changed.length) return sql`edited_by_hand`;
  return sql`array(SELECT DISTINCT f FROM unnest(edited_by_hand || ARRAY[${changed.flatMap((c, i) =>
    i ? [sql`,`, c] : [c],
  )}]::text[]) f WHERE f IS NOT NULL)`;
}

export async function deleteChain(sql: Queryable, id: number): Promise<boolean> {
  const result = await sql`DELETE FROM chains WHERE id = ${id}`;
  return result.count > 0;
}

/** Of the given chain ids, those that exist. */
export async function existingChainIds(sql: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await sql<{ id: number }[]>`SELECT id FROM chains WHERE id = ANY(${sql.array(ids)}::int[])`;
  return rows.map((r) => r.id);
}

export type EndpointInput = { url: string; tracking: string; needsApiKey: boolean; providerId?: number | null };

/**
 * Makes a chain's public RPC endpoints the given list, in order. Rows are kept by URL (updated in place), so an
 * endpoint's id, and the health history that hangs on it, survive the edit; URLs no longer listed are deleted.
 */
export async function replaceChainEndpoints(sql: Queryable, chainId: number, endpoints: EndpointInput[]) {
  const urls = endpoints.map((e) => e.url);
  await removeEndpoints(sql, sql`chain_id = ${chainId} AND NOT (url = ANY(${sql.array(urls)}::text[]))`);
  if (endpoints.length) await upsertAdminEndpoints(sql, chainId, endpoints);
  await linkEndpointProviders(sql, chainId);
}

async function upsertAdminEndpoints(sql: Queryable, chainId: number, endpoints: EndpointInput[]) {
  const rows = endpoints.map((e, position) => ({
    chainId,
    url: e.url,
    tracking: e.tracking,
    needsApiKey: e.needsApiKey,
    providerId: e.providerId ?? null,
    source: 'admin',
    position,
  }));
  await sql`
    INSERT INTO chain_rpc_endpoints ${sql(rows)}
    ON CONFLICT (chain_id, url) DO UPDATE SET tracking = excluded.tracking, needs_api_key = excluded.needs_api_key,
      provider_id = excluded.provider_id, position = excluded.position, ${listedAgainByHand(sql)}`;
}

/**
 * A provider that lists an endpoint on a chain serves that chain: its chain list, the chain's provider count and
 * the chain page's providers include it. Each endpoint write calls this for its chain, keeping the links of
 * source 'endpoint' what the chain's listed endpoints say: added where the provider's other links do not already
 * say as much (a keyless endpoint makes a 'public-endpoint' link, one needing a key an 'api-key' link), dropped with
 * the last endpoint behind them. Links of other sources (the dataset, a package, the admin's chain list) stay.
 */
async function linkEndpointProviders(sql: Queryable, chainId: number) {
  await sql`
    WITH served AS (
      SELECT provider_id, chain_id,
             CASE WHEN bool_and(needs_api_key) THEN 'api-key' ELSE 'public-endpoint' END AS kind
      FROM chain_rpc_endpoints
      WHERE chain_id = ${chainId} AND provider_id IS NOT NULL AND removed_at IS NULL
      GROUP BY provider_id, chain_id
    ),
    dropped AS (
      DELETE FROM provider_chains pc
      WHERE pc.chain_id = ${chainId} AND pc.source = 'endpoint'
        AND NOT EXISTS (SELECT 1 FROM served s WHERE s.provider_id = pc.provider_id)
    )
    INSERT INTO provider_chains (provider_id, chain_id, kind, source)
    SELECT s.provider_id, s.chain_id, s.kind, 'endpoint' FROM served s
    WHERE NOT EXISTS (SELECT 1 FROM provider_chains pc
                      WHERE pc.provider_id = s.provider_id AND pc.chain_id = s.chain_id AND pc.source <> 'endpoint'
                        AND (pc.kind = 'public-endpoint' OR s.kind = 'api-key'))
    ON CONFLICT (provider_id, chain_id, source) DO UPDATE SET kind = excluded.kind`;
}

// An endpoint an admin lists again: no longer removed, and each field the admin's values change is theirs.
const listedAgainByHand = (sql: Queryable) => sql`
  removed_at = NULL,
  edited_by_hand = array(SELECT DISTINCT f FROM unnest(chain_rpc_endpoints.edited_by_hand || ARRAY[
    CASE WHEN chain_rpc_endpoints.tracking <> excluded.tracking THEN 'tracking' END,
    CASE WHEN chain_rpc_endpoints.needs_api_key <> excluded.needs_api_key THEN 'needsApiKey' END,
    CASE WHEN chain_rpc_endpoints.provider_id IS DISTINCT FROM excluded.provider_id THEN 'provider' END]) f
    WHERE f IS NOT NULL AND f <> 'removed')`;

// An admin's removal: an endpoint from the upstream lists keeps its row and history, marked as removed by hand (a
// refresh offers it back only as a conflict); one an admin added is deleted.
async function removeEndpoints(sql: Queryable, where: postgres.PendingQuery<postgres.Row[]>) {
  const removed = await sql`
    UPDATE chain_rpc_endpoints SET removed_at = now(), edited_by_hand = array_append(edited_by_hand, 'removed')
    WHERE removed_at IS NULL AND source IS DISTINCT FROM 'admin' AND ${where}`;
  const deleted = await sql`DELETE FROM chain_rpc_endpoints WHERE removed_at IS NULL AND source = 'admin' AND ${where}`;
  return removed.count + deleted.count;
}

/**
 * Adds one endpoint at the end of its chain's list (a removed one comes back with its id and history); its id, or
 * null when the chain lists that URL already.
 */
export async function insertEndpoint(sql: Queryable, chainId: number, e: EndpointInput): Promise<number | null> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO chain_rpc_endpoints (chain_id, url, tracking, needs_api_key, provider_id, source, position)
    SELECT ${chainId}, ${e.url}, ${e.tracking}, ${e.needsApiKey}, ${e.providerId ?? null}, 'admin',
      coalesce(max(position) + 1, 0)
    FROM chain_rpc_endpoints WHERE chain_id = ${chainId}
    ON CONFLICT (chain_id, url) DO UPDATE SET tracking = excluded.tracking, needs_api_key = excluded.needs_api_key,
      provider_id = excluded.provider_id, position = excluded.position, ${listedAgainByHand(sql)}
    WHERE chain_rpc_endpoints.removed_at IS NOT NULL
    RETURNING id`;
  if (row) await linkEndpointProviders(sql, chainId);
  return row?.id ?? null;
}

/** Updates the given columns of one endpoint, in place (its id stays); false when no endpoint has that id. */
export async function updateEndpoint(sql: Queryable, id: number, values: Partial<EndpointInput>): Promise<boolean> {
  const keys = Object.keys(values) as (keyof EndpointInput)[];
  const marks = handEdits(sql, values, (k) => HAND_EDIT_NAMES[k as keyof EndpointInput]);
  const [row] = keys.length
    ? await sql<{ chainId: number }[]>`UPDATE chain_rpc_endpoints SET ${sql(values, keys)}, edited_by_hand = ${marks}
      WHERE id = ${id} AND removed_at IS NULL RETURNING chain_id`
    : await sql<
        { chainId: number }[]
      >`SELECT chain_id FROM chain_rpc_endpoints WHERE id = ${id} AND removed_at IS NULL`;
  if (row && keys.length) await linkEndpointProviders(sql, row.chainId);
  return row !== undefined;
}

/** An endpoint's fields as edited_by_hand names them (a refresh's field names). */
const HAND_EDIT_NAMES: Record<keyof EndpointInput, string> = {
  url: 'url',
  tracking: 'tracking',
  needsApiKey: 'needsApiKey',
  providerId: 'provider',
};

export async function deleteEndpoint(sql: Queryable, id: number): Promise<boolean> {
  const [row] = await sql<{ chainId: number }[]>`
    SELECT chain_id FROM chain_rpc_endpoints WHERE id = ${id} AND removed_at IS NULL`;
  if (!row || !(await removeEndpoints(sql, sql`id = ${id}`))) return false;
  await linkEndpointProviders(sql, row.chainId);
  return true;
}
