// The change log: endpoint status changes, additions and removals, written by triggers (00015_endpoint_changes.sql,
// 00019_change_log_refresh_source.sql), with the refresh from upstream that made a change, when one did.
import type { Queryable } from '../db-types.ts';

export type ChangeRow = {
  id: number;
  at: Date;
  kind: 'status' | 'added' | 'removed';
  endpointId: number;
  url: string;
  chainSlug: string | null;
  chainName: string | null;
  providerSlug: string | null;
  providerName: string | null;
  statusFrom: string | null;
  statusTo: string | null;
  /** The refresh from upstream that made this change: its source's format, file or URL, and date; when applied. */
  refreshSourceName: string | null;
  refreshSourceLocation: string | null;
  refreshSourceDate: Date | null;
  refreshAppliedAt: Date | null;
};

const selectChanges = (sql: Queryable) => sql`
  SELECT ch.id::float8 AS id, ch.at, ch.kind, ch.endpoint_id, ch.url, ch.chain_slug, ch.chain_name, ch.provider_slug,
    ch.provider_name, ch.status_from, ch.status_to, r.source_name AS refresh_source_name,
    r.source_location AS refresh_source_location, r.source_date AS refresh_source_date,
    r.applied_at AS refresh_applied_at
  FROM endpoint_changes ch LEFT JOIN refresh_runs r ON r.id = ch.refresh_run_id`;

/** Newest first, older than `before` (an id) when given, of one chain and/or one provider when given. */
export function listChanges(
  sql: Queryable,
  { limit, before, chain, provider }: { limit: number; before?: number; chain?: string; provider?: string },
) {
  return sql<ChangeRow[]>`
    ${selectChanges(sql)}
    WHERE ${before === undefined ? sql`true` : sql`ch.id < ${before}`}
      AND ${chain === undefined ? sql`true` : sql`ch.chain_slug = ${chain}`}
      AND ${provider === undefined ? sql`true` : sql`ch.provider_slug = ${provider}`}
    ORDER BY ch.id DESC
    LIMIT ${limit}`;
}

/** One entry of the change log (a webhook delivery's body). */
export async function findChange(sql: Queryable, id: number) {
  const [row] = await sql<ChangeRow[]>`${selectChanges(sql)} WHERE ch.id = ${id}`;
  return row as ChangeRow | undefined;
}
