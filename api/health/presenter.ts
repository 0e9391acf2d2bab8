// Shapes the summary-row fields of an endpoint list into the `health` and `capabilities` every endpoint object
// carries.
import type { EndpointHealthRow, StoredCapabilities } from '../../sql/queries/health.ts';
import type { EndpointCapabilities, EndpointHealth } from '../../contract/health.ts';
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
  };
}
