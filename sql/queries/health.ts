// Endpoint health: the probers' timers, raw probes, hourly roll-ups, the summary row and the prober state.
import type postgres from 'postgres';
import type { Queryable } from '../db-types.ts';

/** endpoint_health.capabilities: the contract's EndpointCapabilities, as the API wrote it. */
export type StoredCapabilities = postgres.JSONValue;

/** A probe's verdict, as endpoint_probes.status allows (the summary row adds 'unverified': never probed). */
export type ProbeStatus = 'ok' | 'degraded' | 'down' | 'wrong-chain';

/** How long raw probes and hourly roll-ups are kept. */
export const RAW_PROBES_KEPT_HOURS = 48;
export const HOURLY_KEPT_DAYS = 90;

// Probed: HTTP(S) and WebSocket endpoints of EVM chains that need no API key; key templates (`${API_KEY}`) are
// never called.
const probeable = (sql: Queryable) => sql`
  e.removed_at IS NULL AND e.url ~ '^(https?|wss?)://' AND NOT e.needs_api_key AND strpos(e.url, ${'${'}) = 0
  AND EXISTS (SELECT 1 FROM chains c WHERE c.id = e.chain_id AND c.evm_chain_id IS NOT NULL)`;

/**
 * Gives every probed endpoint a timer (a random phase within the interval) and drops the health of endpoints
 * no longer probed (an API key now required), which then read as unverified. Run it in a transaction: the lock
 * keeps two instances from inserting the same rows in different orders (a deadlock).
 */
export async function syncHealthRows(sql: Queryable, intervalS: number) {
  await sql`SELECT pg_advisory_xact_lock(727275)`;
  await sql`
    INSERT INTO endpoint_health (endpoint_id, next_probe_at)
    SELECT e.id, now() + random() * make_interval(secs => ${intervalS})
    FROM chain_rpc_endpoints e
    WHERE ${probeable(sql)} AND NOT EXISTS (SELECT 1 FROM endpoint_health h WHERE h.endpoint_id = e.id)
    ON CONFLICT (endpoint_id) DO NOTHING`;
  await sql`
    DELETE FROM endpoint_health h USING chain_rpc_endpoints e
    WHERE e.id = h.endpoint_id AND NOT (${probeable(sql)})`;
  await sql`
    DELETE FROM endpoint_region_health r USING chain_rpc_endpoints e
    WHERE e.id = r.endpoint_id AND NOT (${probeable(sql)})`;
}

/**
 * Claims the endpoints due within `horizonS` and moves each timer one interval on, in one statement: the row
 * lock makes a second instance's claim skip them, so an endpoint is handed out once per round. A timer left a
 * whole interval behind (the prober was off) starts again at a random phase.
 */
export function claimDueEndpoints(sql: Queryable, horizonS: number, intervalS: number, limit: number) {
  return sql<{ endpointId: number; dueAt: Date }[]>`
    WITH due AS (
      SELECT endpoint_id, next_probe_at FROM endpoint_health
      WHERE next_probe_at <= now() + make_interval(secs => ${horizonS})
      ORDER BY next_probe_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE endpoint_health h SET next_probe_at = CASE
      WHEN due.next_probe_at < now() - make_interval(secs => ${intervalS})
        THEN now() + random() * make_interval(secs => ${intervalS})
      ELSE due.next_probe_at + make_interval(secs => ${intervalS}) END
    FROM due WHERE h.endpoint_id = due.endpoint_id
    RETURNING h.endpoint_id, greatest(due.next_probe_at, now()) AS due_at`;
}

export type ProbeTarget = {
  id: number;
  url: string;
  chainId: number;
  evmChainId: number;
  capabilitiesCheckedAt: Date | null;
};

export function probeTargets(sql: Queryable, ids: number[]) {
  return sql<ProbeTarget[]>`
    SELECT e.id, e.url, e.chain_id, c.evm_chain_id, h.capabilities_checked_at
    FROM chain_rpc_endpoints e JOIN chains c ON c.id = e.chain_id LEFT JOIN endpoint_health h ON h.endpoint_id = e.id
    WHERE e.id = ANY(${sql.array(ids)}::int[]) AND ${probeable(sql)}`;
}

/** Takes an endpoint's daily capability check when none ran within `everyS`: true for the one instance that did. */
export async function claimCapabilityCheck(sql: Queryable, endpointId: number, everyS: number) {
  const result = await sql`
    UPDATE endpoint_health SET capabilities_checked_at = now()
    WHERE endpoint_id = ${endpointId}
      AND (capabilities_checked_at IS NULL OR capabilities_checked_at < now() - make_interval(secs => ${everyS}))`;
  return result.count > 0;
}

export async function storedCapabilities(sql: Queryable, endpointId: number) {
  const [row] = await sql<{ capabilities: StoredCapabilities | null }[]>`
    SELECT capabilities FROM endpoint_health WHERE endpoint_id = ${endpointId}`;
  return row?.capabilities ?? null;
}

export async function saveCapabilities(sql: Queryable, endpointId: number, capabilities: StoredCapabilities) {
  await sql`
    UPDATE endpoint_health SET capabilities = ${sql.json(capabilities)}, capabilities_checked_at = now()
    WHERE endpoint_id = ${endpointId}`;
}

/** Each endpoint's highest head in the window per chain, from answers with the chain's own id. */
export function recentChainHeads(sql: Queryable, chainIds: number[], windowS: number) {
  return sql<{ chainId: number; endpointId: number; head: number }[]>`
    SELECT e.chain_id, p.endpoint_id, max(p.head_block) AS head
    FROM endpoint_probes p JOIN chain_rpc_endpoints e ON e.id = p.endpoint_id JOIN chains c ON c.id = e.chain_id
    WHERE e.removed_at IS NULL AND e.chain_id = ANY(${sql.array(chainIds)}::int[])
      AND p.probed_at > now() - make_interval(secs => ${windowS})
      AND p.answered_chain_id = c.evm_chain_id AND p.head_block IS NOT NULL
    GROUP BY e.chain_id, p.endpoint_id`;
}

export type ProbeRow = {
  endpointId: number;
  probedAt: Date;
  status: ProbeStatus;
  httpStatus: number | null;
  latencyMs: number | null;
  errorClass: string | null;
  answeredChainId: number | null;
  headBlock: number | null;
  headAgeS: number | null;
  blockLag: number | null;
  browserCallable: boolean | null;
};

export async function insertProbes(sql: Queryable, rows: ProbeRow[]) {
  await sql`INSERT INTO endpoint_probes ${sql(rows)}`;
}

/** Recomputes each probe's hour from its raw probes (idempotent; latency percentiles over up probes). */
export async function rollUpHours(sql: Queryable, probes: { endpointId: number; at: Date }[]) {
  await sql`
    WITH k AS (
      SELECT DISTINCT k.endpoint_id, date_trunc('hour', k.at) AS hour
      FROM unnest(${sql.array(probes.map((p) => p.endpointId))}::int[],
        ${sql.array(probes.map((p) => p.at.toISOString()))}::timestamptz[]) AS k(endpoint_id, at)
    )
    INSERT INTO endpoint_health_hourly (endpoint_id, hour, probes, up, p50_ms, p95_ms)
    SELECT k.endpoint_id, k.hour, count(*),
      count(*) FILTER (WHERE status IN ('ok', 'degraded')),
      percentile_disc(0.5) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE status IN ('ok', 'degraded')),
      percentile_disc(0.95) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE status IN ('ok', 'degraded'))
    FROM k JOIN endpoint_probes p
      ON p.endpoint_id = k.endpoint_id AND p.probed_at >= k.hour AND p.probed_at < k.hour + interval '1 hour'
    GROUP BY k.endpoint_id, k.hour
    ON CONFLICT (endpoint_id, hour) DO UPDATE
      SET probes = excluded.probes, up = excluded.up, p50_ms = excluded.p50_ms, p95_ms = excluded.p95_ms`;
}

/** Per endpoint, its probes in the last `hours`: how many, how many up, and the up ones' latencies. */
export function probesSince(sql: Queryable, endpointIds: number[], hours: number) {
  return sql<{ endpointId: number; probes: number; up: number; upLatencies: number[] }[]>`
    SELECT endpoint_id, count(*)::int AS probes, count(*) FILTER (WHERE status IN ('ok', 'degraded'))::int AS up,
      coalesce(array_agg(latency_ms) FILTER (WHERE status IN ('ok', 'degraded') AND latency_ms IS NOT NULL), '{}')
        AS up_latencies
    FROM endpoint_probes
    WHERE endpoint_id = ANY(${sql.array(endpointIds)}::int[]) AND probed_at > now() - make_interval(hours => ${hours})
    GROUP BY endpoint_id`;
}

export function hourlySince(sql: Queryable, endpointIds: number[], days: number) {
  return sql<{ endpointId: number; probes: number; up: number }[]>`
    SELECT endpoint_id, probes, up FROM endpoint_health_hourly
    WHERE endpoint_id = ANY(${sql.array(endpointIds)}::int[]) AND hour > now() - make_interval(days => ${days})`;
}

export type HealthSummary = {
  endpointId: number;
  status: ProbeStatus;
  checkedAt: Date;
  latencyMs: number | null;
  headBlock: number | null;
  blockLag: number | null;
  headAgeS: number | null;
  uptime24h: number | null;
  uptime7d: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  browserCallable: boolean | null;
};

/**
 * The summary rows pages read (one per endpoint); down_since marks the first probe of an unbroken run of `down`.
 * Answers the endpoints whose status changed (the change log has a new entry for each).
 */
export async function updateHealthSummaries(sql: Queryable, summaries: HealthSummary[]) {
  const rows = await sql<{ endpointId: number; changed: boolean }[]>`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${sql.json(summaries)}) AS v("endpointId" int, status text,
        "checkedAt" timestamptz, "latencyMs" int, "headBlock" bigint, "blockLag" bigint, "headAgeS" int,
        "uptime24h" real, "uptime7d" real, "p50Ms" int, "p95Ms" int, "browserCallable" boolean)
    ),
    before AS (
      SELECT h.endpoint_id, h.status FROM endpoint_health h JOIN v ON v."endpointId" = h.endpoint_id FOR UPDATE OF h
    )
    UPDATE endpoint_health h SET
      status = CASE WHEN v.status IN ('ok', 'degraded') AND h.disagrees_with IS NOT NULL THEN 'wrong-data'
                    ELSE v.status END,
      checked_at = v."checkedAt", latency_ms = v."latencyMs", head_block = v."headBlock", block_lag = v."blockLag",
      head_age_s = v."headAgeS", uptime_24h = v."uptime24h", uptime_7d = v."uptime7d", p50_ms = v."p50Ms",
      p95_ms = v."p95Ms", browser_callable = v."browserCallable",
      down_since = CASE WHEN v.status <> 'down' THEN NULL ELSE coalesce(h.down_since, v."checkedAt") END
    FROM v JOIN before b ON b.endpoint_id = v."endpointId"
    WHERE h.endpoint_id = v."endpointId"
    RETURNING h.endpoint_id, h.status IS DISTINCT FROM b.status AS changed`;
  return rows.filter((r) => r.changed).map((r) => r.endpointId);
}

export type ProberState = {
  state: 'running' | 'paused';
  reason: string | null;
  roundStartedAt: Date | null;
  lastRoundAt: Date | null;
};

export async function readProberState(sql: Queryable) {
  const [row] = await sql<ProberState[]>`SELECT state, reason, round_started_at, last_round_at FROM prober_state`;
  return row;
}

/** Changes the state; true when it changed (so only one instance logs a change). */
export async function setProberState(sql: Queryable, state: ProberState['state'], reason: string | null) {
  const result = await sql`
    UPDATE prober_state SET state = ${state}, reason = ${reason}, updated_at = now()
    WHERE state <> ${state} OR reason IS DISTINCT FROM ${reason}`;
  return result.count > 0;
}

/** Starts a new round when the current one is an interval old; true for the one caller that did. */
export async function advanceRound(sql: Queryable, intervalS: number) {
  const result = await sql`
    UPDATE prober_state SET last_round_at = round_started_at, round_started_at = now()
    WHERE round_started_at IS NULL OR round_started_at <= now() - make_interval(secs => ${intervalS})`;
  return result.count > 0;
}

/** The endpoints of each chain whose latest probe answered it, with their heads: what the data check compares. */
export function answeringEndpointsByChain(sql: Queryable) {
  return sql<{ chainId: number; ids: number[]; heads: number[] }[]>`
    SELECT e.chain_id, array_agg(e.id ORDER BY e.id) AS ids, array_agg(h.head_block::float8 ORDER BY e.id) AS heads
    FROM endpoint_health h JOIN chain_rpc_endpoints e ON e.id = h.endpoint_id
    WHERE h.status IN ('ok', 'degraded', 'wrong-data') AND h.head_block IS NOT NULL
    GROUP BY e.chain_id HAVING count(*) > ${2}`;
}

/**
 * Stores the data check's findings: `disagreesWith` per endpoint compared (null: it agreed). An endpoint found
 * differing reads wrong-data while its probes answer; one found agreeing again reads its latest probe's status.
 */
export async function saveDataCheck(sql: Queryable, findings: { endpointId: number; disagreesWith: number | null }[]) {
  for (const f of findings) {
    await sql`
      UPDATE endpoint_health h SET disagrees_with = ${f.disagreesWith},
        status = CASE
          WHEN ${f.disagreesWith}::int IS NOT NULL AND h.status IN ('ok', 'degraded') THEN 'wrong-data'
          WHEN ${f.disagreesWith}::int IS NULL AND h.status = 'wrong-data' THEN coalesce(
            (SELECT p.status FROM endpoint_probes p WHERE p.endpoint_id = h.endpoint_id
             ORDER BY p.probed_at DESC LIMIT 1), 'unverified')
          ELSE h.status END
      WHERE h.endpoint_id = ${f.endpointId}`;
  }
}

/** Drops raw probes older than 48 h and roll-ups older than 90 days. */
export async function pruneHealth(sql: Queryable) {
  const raw =
    await sql`DELETE FROM endpoint_probes WHERE probed_at < now() - make_interval(hours => ${RAW_PROBES_KEPT_HOURS})`;
  const hourly =
    await sql`DELETE FROM endpoint_health_hourly WHERE hour < now() - make_interval(days => ${HOURLY_KEPT_DAYS})`;
  // A region's entries that nothing has renewed since the raw probes' span.
  const regions = await sql`
    DELETE FROM endpoint_region_health WHERE checked_at < now() - make_interval(hours => ${RAW_PROBES_KEPT_HOURS})`;
  return { raw: raw.count, hourly: hourly.count, regions: regions.count };
}

// ---------- reads (pages and the API) ----------

/** An endpoint's summary-row fields as the endpoint lists select them (`healthColumns`, joined as `h`). */
export type EndpointHealthRow = {
  healthStatus: ProbeStatus | 'wrong-data' | 'unverified';
  healthCheckedAt: Date | null;
  healthLatencyMs: number | null;
  healthBlockLag: number | null;
  healthUptimeDay: number | null;
  healthUptimeWeek: number | null;
  healthBrowserCallable: boolean | null;
  healthDownSince: Date | null;
  healthDisagreesWith: number | null;
  capabilities: StoredCapabilities | null;
  /** Each region's latest probe, by region name; status `stale` once its entry is past fresh_until. */
  healthRegions: { region: string; status: ProbeStatus | 'stale'; latencyMs: number | null; checkedAt: string }[];
};

/**
 * The select list of EndpointHealthRow; the query joins `LEFT JOIN endpoint_health h ON h.endpoint_id = e.id` on
 * endpoints `e`.
 */
export const healthColumns = (sql: Queryable) => sql`
  coalesce(h.status, 'unverified') AS health_status, h.checked_at AS health_checked_at,
  h.latency_ms AS health_latency_ms, h.block_lag::int AS health_block_lag, h.uptime_24h AS health_uptime_day,
  h.uptime_7d AS health_uptime_week, h.browser_callable AS health_browser_callable,
  h.down_since AS health_down_since, h.disagrees_with AS health_disagrees_with, h.capabilities,
  (SELECT coalesce(json_agg(json_build_object(
      'region', r.region, 'status', CASE WHEN r.fresh_until > now() THEN r.status ELSE 'stale' END,
      'latencyMs', r.latency_ms, 'checkedAt', r.checked_at) ORDER BY r.region), '[]')
   FROM endpoint_region_health r WHERE r.endpoint_id = e.id) AS health_regions`;

export function endpointHistory(sql: Queryable, endpointId: number, hours: number) {
  return sql<{ hour: Date; probes: number; up: number; p50Ms: number | null; p95Ms: number | null }[]>`
    SELECT hour, probes, up, p50_ms, p95_ms FROM endpoint_health_hourly
    WHERE endpoint_id = ${endpointId} AND hour > now() - make_interval(hours => ${hours})
    ORDER BY hour`;
}

/** Every listed endpoint by its summary status (no summary row: unverified). */
export function countEndpointsByStatus(sql: Queryable) {
  return sql<{ status: ProbeStatus | 'unverified'; count: number }[]>`
    SELECT coalesce(h.status, 'unverified') AS status, count(*)::int AS count
    FROM chain_rpc_endpoints e LEFT JOIN endpoint_health h ON h.endpoint_id = e.id
    WHERE e.removed_at IS NULL
    GROUP BY 1`;
}

/** Gives one endpoint its summary row now (a probe on demand); the round's sync does the same for all. */
export async function ensureHealthRow(sql: Queryable, endpointId: number, intervalS: number) {
  await sql`
    INSERT INTO endpoint_health (endpoint_id, next_probe_at)
    VALUES (${endpointId}, now() + random() * make_interval(secs => ${intervalS}))
    ON CONFLICT (endpoint_id) DO NOTHING`;
}

/** Forgets an endpoint's current health (its URL changed: what was measured was another address). */
export async function resetHealthSummary(sql: Queryable, endpointId: number) {
  await sql`DELETE FROM endpoint_health WHERE endpoint_id = ${endpointId}`;
  await sql`DELETE FROM endpoint_region_health WHERE endpoint_id = ${endpointId}`;
}
