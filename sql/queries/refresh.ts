// The refresh from the upstream lists: the directory as a diff reads it, and the writes of an applied refresh.
import type { Queryable } from '../db-types.ts';

export type RefreshChainRow = {
  id: number;
  evmChainId: number;
  slug: string;
  name: string;
  title: string | null;
  shortName: string | null;
  nativeCurrency: { name: string; symbol: string; decimals: number } | null;
  websiteUrl: string | null;
  explorers: { name: string; url: string }[];
  status: string;
  isTestnet: boolean;
  editedByHand: string[];
};

export type RefreshEndpointRow = {
  id: number;
  chainId: number;
  url: string;
  tracking: 'none' | 'limited' | 'yes' | 'unspecified';
  needsApiKey: boolean;
  providerSlug: string | null;
  source: string | null;
  removed: boolean;
  editedByHand: string[];
  position: number;
  healthStatus: string | null;
  healthCheckedAt: Date | null;
};

/** Every chain with an EVM chain id, every endpoint of them (removed ones too) and every provider's slug. */
export async function readDirectoryForRefresh(sql: Queryable) {
  const chains = await sql<RefreshChainRow[]>`
    SELECT id, evm_chain_id, slug, name, title, short_name, native_currency, website_url, explorers, status,
      is_testnet, edited_by_hand
    FROM chains WHERE evm_chain_id IS NOT NULL`;
  const endpoints = await sql<RefreshEndpointRow[]>`
    SELECT e.id, e.chain_id, e.url, e.tracking, e.needs_api_key, p.slug AS provider_slug, e.source,
      e.removed_at IS NOT NULL AS removed, e.edited_by_hand, e.position, h.status AS health_status,
      h.checked_at AS health_checked_at
    FROM chain_rpc_endpoints e LEFT JOIN providers p ON p.id = e.provider_id
      LEFT JOIN endpoint_health h ON h.endpoint_id = e.id
    ORDER BY e.chain_id, e.position, e.id`;
  const providers = await sql<{ id: number; slug: string }[]>`SELECT id, slug FROM providers`;
  return { chains, endpoints, providers };
}

export type DirectoryForRefresh = Awaited<ReturnType<typeof readDirectoryForRefresh>>;

export async function insertRefreshRun(
  sql: Queryable,
  run: {
    sourceName: string;
    sourceLocation: string;
    sourceDate: Date | null;
    appliedBy: number | null;
    appliedByName: string;
  },
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`INSERT INTO refresh_runs ${sql(run)} RETURNING id`;
  return row.id;
}

export type RefreshItemRecord = {
  runId: number;
  kind: string;
  itemKey: string;
  chainId: number | null;
  endpointId: number | null;
  detail: unknown;
};

export async function insertRefreshItems(sql: Queryable, items: RefreshItemRecord[]) {
  for (let i = 0; i < items.length; i += 1000) {
    const rows = items.slice(i, i + 1000).map((r) => ({ ...r, detail: sql.json(r.detail as never) }));
    await sql`INSERT INTO refresh_items ${sql(rows)}`;
  }
}

export type NewChainRow = {
  name: string;
  slug: string;
  title: string | null;
  description: string;
  websiteUrl: string | null;
  evmChainId: number;
  shortName: string | null;
  nativeCurrency: object | null;
  explorers: object;
  isTestnet: boolean;
  status: string;
  parentEvmChainId: number | null;
  ethereumLists: object;
  refreshRunId: number;
};

/** Inserts the chains (new ones go last in the dataset order); their ids by EVM chain id. */
export async function insertRefreshedChains(sql: Queryable, chains: NewChainRow[]) {
  const ids = new Map<number, number>();
  for (const { parentEvmChainId, nativeCurrency, explorers, ethereumLists, ...c } of chains) {
    const [row] = await sql<{ id: number }[]>`
      INSERT INTO chains ${sql({
        ...c,
        nativeCurrency: nativeCurrency && sql.json(nativeCurrency as never),
        explorers: sql.json(explorers as never),
        ethereumLists: sql.json(ethereumLists as never),
        parentChainId: sql`(SELECT id FROM chains WHERE evm_chain_id = ${parentEvmChainId})` as never,
      })}
      RETURNING id`;
    ids.set(c.evmChainId, row.id);
  }
  return ids;
}

/** Sets upstream values on a chain; the fields set are no longer the admin's. */
export async function updateRefreshedChain(
  sql: Queryable,
  id: number,
  values: Record<string, unknown>,
  refreshRunId: number,
) {
  const params = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      (k === 'nativeCurrency' || k === 'explorers') && v !== null ? sql.json(v as never) : v,
    ]),
  ) as Record<string, never>;
  await sql`
    UPDATE chains SET ${sql(params, Object.keys(params))}, refresh_run_id = ${refreshRunId}, updated_at = now(),
      edited_by_hand = array(SELECT f FROM unnest(edited_by_hand) f WHERE NOT f = ANY(${sql.array(Object.keys(values))}::text[]))
    WHERE id = ${id}`;
}

export type RefreshedEndpoint = {
  chainId: number;
  url: string;
  tracking: string;
  needsApiKey: boolean;
  providerId: number | null;
  source: string;
  position: number;
};

/**
 * Lists endpoints: new rows, or removed rows coming back in place (same id, so their health history stays); an
 * endpoint that comes back no longer carries an admin's marks.
 */
export async function upsertRefreshedEndpoints(sql: Queryable, endpoints: RefreshedEndpoint[], refreshRunId: number) {
  for (let i = 0; i < endpoints.length; i += 500) {
    const rows = endpoints.slice(i, i + 500).map((e) => ({ ...e, refreshRunId }));
    await sql`
      INSERT INTO chain_rpc_endpoints ${sql(rows)}
      ON CONFLICT (chain_id, url) DO UPDATE SET tracking = excluded.tracking, needs_api_key = excluded.needs_api_key,
        provider_id = excluded.provider_id, source = excluded.source, position = excluded.position,
        removed_at = NULL, edited_by_hand = '{}', refresh_run_id = excluded.refresh_run_id`;
  }
}

/** Sets upstream values on listed endpoints; the fields set are no longer the admin's. */
export async function updateRefreshedEndpoints(
  sql: Queryable,
  updates: { id: number; values: { tracking?: string; needsApiKey?: boolean; providerId?: number | null } }[],
  refreshRunId: number,
) {
  for (const { id, values } of updates) {
    const fields = Object.keys(values).map((k) => (k === 'providerId' ? 'provider' : k));
    await sql`
      UPDATE chain_rpc_endpoints SET ${sql(values, Object.keys(values) as (keyof typeof values)[])},
        refresh_run_id = ${refreshRunId},
        edited_by_hand = array(SELECT f FROM unnest(edited_by_hand) f WHERE NOT f = ANY(${sql.array(fields)}::text[]))
      WHERE id = ${id}`;
  }
}

/** Removes endpoints from the lists, keeping their rows and history. */
export async function removeRefreshedEndpoints(sql: Queryable, ids: number[], refreshRunId: number) {
  if (!ids.length) return;
  await sql`
    UPDATE chain_rpc_endpoints SET removed_at = now(), refresh_run_id = ${refreshRunId}
    WHERE id = ANY(${sql.array(ids)}::int[])`;
}

/**
 * Makes the public-endpoint links of the given chains match their listed endpoints: a provider with a listed
 * endpoint on a chain is linked to it, one with none left is not (links of other kinds and sources stay).
 */
export async function syncPublicEndpointLinks(sql: Queryable, chainIds: number[]) {
  if (!chainIds.length) return;
  const chains = sql.array(chainIds);
  await sql`
    DELETE FROM provider_chains pc
    WHERE pc.chain_id = ANY(${chains}::int[]) AND pc.kind = 'public-endpoint' AND pc.source = 'dataset' AND NOT EXISTS (
      SELECT 1 FROM chain_rpc_endpoints e
      WHERE e.chain_id = pc.chain_id AND e.provider_id = pc.provider_id AND e.removed_at IS NULL)`;
  await sql`
    INSERT INTO provider_chains (provider_id, chain_id, kind, source)
    SELECT DISTINCT e.provider_id, e.chain_id, 'public-endpoint', 'dataset'
    FROM chain_rpc_endpoints e
    WHERE e.chain_id = ANY(${chains}::int[]) AND e.provider_id IS NOT NULL AND e.removed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM provider_chains pc
                      WHERE pc.chain_id = e.chain_id AND pc.provider_id = e.provider_id AND pc.kind = 'public-endpoint')
    ON CONFLICT DO NOTHING`;
}

/** How long a previewed snapshot waits for its review. */
export const SNAPSHOT_KEPT_HOURS = 24;

/** Keeps a previewed snapshot (dropping ones older than a day). */
export async function saveRefreshSnapshot(sql: Queryable, sha256: string, source: object, bytes: Buffer) {
  await sql`DELETE FROM refresh_snapshots WHERE created_at < now() - make_interval(hours => ${SNAPSHOT_KEPT_HOURS})`;
  await sql`
    INSERT INTO refresh_snapshots (sha256, source, bytes) VALUES (${sha256}, ${sql.json(source as never)}, ${bytes})
    ON CONFLICT (sha256) DO UPDATE SET source = excluded.source, created_at = now()`;
}

export async function findRefreshSnapshot(sql: Queryable, sha256: string) {
  const [row] = await sql<{ source: unknown; bytes: Buffer }[]>`
    SELECT source, bytes FROM refresh_snapshots WHERE sha256 = ${sha256}`;
  return row;
}
