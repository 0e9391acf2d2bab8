// Outbound (cloaked) provider links: the stored targets and the per-provider, per-day click counts.
import type { Sql } from '../db-types.ts';

export type OutboundTargetRow = { affiliateUrl: string | null; website: string | null };

export async function findOutboundTarget(sql: Sql, providerId: number) {
  const [row] = await sql<OutboundTargetRow[]>`SELECT affiliate_url, website FROM providers WHERE id = ${providerId}`;
  return row;
}

// Days are UTC days whatever the server's time zone, so every process counts into the same row.
const utcToday = (sql: Sql) => sql`(now() AT TIME ZONE 'UTC')::date`;

/** One more click for the provider today (one atomic upsert: concurrent clicks are all counted). */
export async function countOutboundClick(sql: Sql, providerId: number) {
  await sql`
    INSERT INTO outbound_clicks (provider_id, day, clicks) VALUES (${providerId}, ${utcToday(sql)}, 1)
    ON CONFLICT (provider_id, day) DO UPDATE SET clicks = outbound_clicks.clicks + 1`;
}

export type ClickStatsRow = { providerId: number; clicks: number };

/** Clicks per provider over the last `days` UTC days (today included); every provider, 0 when none. */
export function listOutboundClicks(sql: Sql, days: number) {
  return sql<ClickStatsRow[]>`
    SELECT p.id AS provider_id, coalesce(sum(c.clicks), 0)::int AS clicks
    FROM providers p
    LEFT JOIN outbound_clicks c ON c.provider_id = p.id AND c.day > ${utcToday(sql)} - ${days}::int
    GROUP BY p.id
    ORDER BY clicks DESC, p.id`;
}
