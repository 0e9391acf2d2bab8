// Shapes the summary-row fields of an endpoint list into the `health` every endpoint object carries.
import type { EndpointHealthRow } from '../../sql/queries/health.ts';
import type { EndpointHealth } from '../../contract/health.ts';

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
  };
}
