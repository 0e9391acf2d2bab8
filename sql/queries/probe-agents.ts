// Probe agents (a token's SHA-256 per agent) and each region's latest probe of an endpoint.
import type { Queryable } from '../db-types.ts';
import type { ProbeStatus } from './health.ts';

export type ProbeAgentRow = {
  id: number;
  region: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
};

export async function insertProbeAgent(sql: Queryable, region: string, tokenHash: Buffer) {
  const [row] = await sql<ProbeAgentRow[]>`
    INSERT INTO probe_agents (region, token_hash) VALUES (${region}, ${tokenHash})
    RETURNING id, region, created_at, last_seen_at, revoked_at`;
  return row;
}

export function listProbeAgents(sql: Queryable) {
  return sql<ProbeAgentRow[]>`
    SELECT id, region, created_at, last_seen_at, revoked_at FROM probe_agents ORDER BY created_at DESC, id DESC`;
}

/**
 * Revokes an agent; when no other agent of its region is left, the region's measurements go with it. Null when no
 * agent has that id. Run it in a transaction.
 */
export async function revokeProbeAgent(sql: Queryable, id: number) {
  const [row] = await sql<ProbeAgentRow[]>`
    UPDATE probe_agents SET revoked_at = coalesce(revoked_at, now()) WHERE id = ${id}
    RETURNING id, region, created_at, last_seen_at, revoked_at`;
  if (!row) return null;
  await sql`
    DELETE FROM endpoint_region_health r WHERE r.region = ${row.region}
      AND NOT EXISTS (SELECT 1 FROM probe_agents a WHERE a.region = r.region AND a.revoked_at IS NULL)`;
  return row;
}

/** The agent holding this token (not revoked), marked as seen now; undefined for an unknown or revoked token. */
export async function touchProbeAgent(sql: Queryable, tokenHash: Buffer) {
  const [row] = await sql<{ id: number; region: string }[]>`
    UPDATE probe_agents SET last_seen_at = now() WHERE token_hash = ${tokenHash} AND revoked_at IS NULL
    RETURNING id, region`;
  return row;
}

/** The regions that have an agent not revoked (each gets its own queue of probe jobs). */
export async function activeRegions(sql: Queryable) {
  const rows = await sql<{ region: string }[]>`
    SELECT DISTINCT region FROM probe_agents WHERE revoked_at IS NULL ORDER BY region`;
  return rows.map((r) => r.region);
}

export type RegionProbe = {
  endpointId: number;
  region: string;
  status: ProbeStatus;
  latencyMs: number | null;
  checkedAt: Date;
};

/**
 * Stores regions' latest probes of endpoints (one per endpoint and region; an older one arriving late changes
 * nothing), each fresh for `freshForS`. Answers the endpoints whose entry changed what its region shows: a new
 * entry, another status, or one that was stale.
 */
export async function saveRegionProbes(sql: Queryable, probes: RegionProbe[], freshForS: number) {
  const rows = await sql<{ endpointId: number; changed: boolean }[]>`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${sql.json(probes)})
        AS v("endpointId" int, region text, status text, "latencyMs" int, "checkedAt" timestamptz)
    ),
    before AS (
      SELECT r.endpoint_id, r.region, r.status, r.fresh_until
      FROM endpoint_region_health r JOIN v ON v."endpointId" = r.endpoint_id AND v.region = r.region
    )
    INSERT INTO endpoint_region_health AS r (endpoint_id, region, status, latency_ms, checked_at, fresh_until)
    SELECT "endpointId", region, status, "latencyMs", "checkedAt", "checkedAt" + make_interval(secs => ${freshForS})
    FROM v
    ON CONFLICT (endpoint_id, region) DO UPDATE
      SET status = excluded.status, latency_ms = excluded.latency_ms, checked_at = excluded.checked_at,
          fresh_until = excluded.fresh_until
      WHERE r.checked_at <= excluded.checked_at
    RETURNING r.endpoint_id, NOT EXISTS (
      SELECT 1 FROM before b
      WHERE b.endpoint_id = r.endpoint_id AND b.region = r.region AND b.status = r.status AND b.fresh_until > now()
    ) AS changed`;
  return rows.filter((r) => r.changed).map((r) => r.endpointId);
}
