// The change log: endpoint status changes, additions and removals, written by triggers (00015_endpoint_changes.sql).
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
};

/** Newest first, older than `before` (an id) when given, of one chain and/or one provider when given. */
export function listChanges(
  sql: Queryable,
  { limit, before, chain, provider }: { limit: number; before?: number; chain?: string; provider?: string },
) {
  return sql<ChangeRow[]>`
    SELECT id::float8 AS id, at, kind, endpoint_id, url, chain_slug, chain_name, provider_slug, provider_name,
      status_from, status_to
    FROM endpoint_changes
    WHERE ${before === undefined ? sql`true` : sql`id < ${before}`}
      AND ${chain === undefined ? sql`true` : sql`chain_slug = ${chain}`}
      AND ${provider === undefined ? sql`true` : sql`provider_slug = ${provider}`}
    ORDER BY id DESC
    LIMIT ${limit}`;
}
