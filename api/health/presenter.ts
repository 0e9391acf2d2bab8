// Shapes the summary-row fields of an endpoint list into the `health` and `capabilities` every endpoint object
// carries, and a change-log row into an item of GET /api/changes (also a webhook delivery's body).
import type { EndpointHealthRow, StoredCapabilities } from '../../sql/queries/health.ts';
import type { ChangeRow } from '../../sql/queries/changes.ts';
import type { Change, EndpointCapabilities, EndpointHealth, HealthStatus } from '../../contract/health.ts';
import { UNMEASURED_CAPABILITIES } from '../../contract/health-rule.ts';

/** The stored measurement (written by the prober in the contract's shape), or all unmeasured. */
export const presentCapabilities = (stored: StoredCapabilities | null): EndpointCapabilities =>
  (stored as EndpointCapabilities | null) ?? UNMEASURED_CAPABILITIES;

export function presentHealth(r: EndpointHealthRow): EndpointHealth {
  return {
    status: r.healthStatus,
    checkedAt: r.healthCheckedAt?.toISOString() ?? null,
    latencyMs: r.healthLatencyMs,
    blockLag: r.healthBlockLag,
    uptime24h: r.healthUptimeDay,
    uptime7d: r.healthUptimeWeek,
    browserCallable: r.healthBrowserCallable,
    downSince: r.healthDownSince?.toISOString() ?? null,
    disagreesWith: r.healthStatus === 'wrong-data' ? r.healthDisagreesWith : null,
    regions: r.healthRegions.map((g) => ({ ...g, checkedAt: new Date(g.checkedAt).toISOString() })),
  };
}

export function presentChange(r: ChangeRow): Change {
  return {
    id: r.id,
    at: r.at.toISOString(),
    kind: r.kind,
    endpoint: { id: r.endpointId, url: r.url },
    chain: r.chainSlug === null ? null : { slug: r.chainSlug, name: r.chainName! },
    provider: r.providerSlug === null ? null : { slug: r.providerSlug, name: r.providerName! },
    from: r.statusFrom as HealthStatus | null,
    to: r.statusTo as HealthStatus | null,
    refresh:
      r.refreshAppliedAt === null
        ? null
        : {
            source: r.refreshSourceName!,
            location: r.refreshSourceLocation!,
            sourceDate: r.refreshSourceDate?.toISOString() ?? null,
            appliedAt: r.refreshAppliedAt.toISOString(),
          },
  };
}
