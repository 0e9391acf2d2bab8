// What the chain page's endpoint table does with health: its filters and the endpoints hidden as dead.
import { DEAD_AFTER_DAYS } from '../../contract/health-rule.ts';
import type {
  EndpointCapabilities,
  EndpointHealth,
  HealthStatus,
  ProberState,
  RegionHealth,
} from '../../contract/health.ts';
import type { RpcEndpoint } from '../../contract/chains.ts';
import { isHealthy } from '../../contract/endpoint-rank.ts';
import { isKeyless } from '../../contract/eip3085.ts';
import type { ProviderDetail } from '../../contract/providers.ts';

type ProviderEndpoint = ProviderDetail['rpcEndpoints'][number];

export const isDead = (health: EndpointHealth, now = Date.now()) =>
  health.status === 'down' &&
  health.downSince !== null &&
  now - new Date(health.downSince).getTime() >= DEAD_AFTER_DAYS * 24 * 3600 * 1000;

export const ENDPOINT_FILTERS = {
  working: { label: 'Working only', keep: (e: RpcEndpoint) => isHealthy(e) },
  noTracking: { label: 'No tracking', keep: (e: RpcEndpoint) => e.tracking === 'none' },
  noKey: { label: 'No API key', keep: (e: RpcEndpoint) => !e.needsApiKey },
  secure: { label: 'HTTPS / WSS', keep: (e: RpcEndpoint) => /^(https|wss):\/\//i.test(e.url) },
  // Measured by the daily capability check: an endpoint not measured yet is not kept.
  archive: { label: 'Archive', keep: (e: RpcEndpoint) => e.capabilities.archive.value === true },
  trace: { label: 'Trace', keep: (e: RpcEndpoint) => e.capabilities.trace.value === true },
} as const;
export type EndpointFilter = keyof typeof ENDPOINT_FILTERS;

export function filterEndpoints<T extends RpcEndpoint>(endpoints: readonly T[], on: ReadonlySet<EndpointFilter>): T[] {
  return endpoints.filter((e) => [...on].every((f) => ENDPOINT_FILTERS[f].keep(e)));
}

export const wrongDataWords = (others: number) => `serves different data than ${others} other endpoints of this chain`;

export const STATUS_LABELS: Record<HealthStatus, string> = {
  ok: 'Working',
  degraded: 'Degraded',
  down: 'Down',
  'wrong-chain': 'Wrong chain',
  'wrong-data': 'Wrong data',
  unverified: 'Unverified',
};

/** Of the endpoints needing no API key: how many answered the right chain, and how many the prober has reached. */
export function healthyCount(endpoints: readonly (RpcEndpoint | ProviderEndpoint)[]): HealthCounts {
  const open = endpoints.filter(isKeyless);
  return {
    healthy: open.filter(isHealthy).length,
    checked: open.filter((e) => e.health.status !== 'unverified').length,
    total: open.length,
  };
}

export type HealthCounts = { healthy: number; checked: number; total: number };

/** An endpoint the prober has not reached, and why while it is paused: never counted as unhealthy. */
export const notCheckedYet = (prober: Pick<ProberState, 'state'> | undefined) =>
  prober?.state === 'paused' ? 'not checked yet — health checks paused: no network' : 'not checked yet';

/**
 * "H of N healthy" over endpoints the prober has reached; the rest "not checked yet" (with the pause when paused),
 * so a health check that could not run never reads as "0 healthy".
 */
export function healthWords({ healthy, checked, total }: HealthCounts, prober: Pick<ProberState, 'state'> | undefined) {
  if (checked === 0) return notCheckedYet(prober);
  if (checked === total) return `${healthy} of ${total} healthy`;
  return `${healthy} of ${checked} checked healthy, ${total - checked} ${notCheckedYet(prober)}`;
}

const thousands = (n: number) => (n >= 1_000 ? `${n / 1_000}k` : String(n));

/**
 * What the daily check measured an endpoint to serve, as short badges with what each means; only what was found
 * (an archive, trace_ or debug_ answering, a getLogs range or batch accepted), never a guess from what is unknown.
 */
export function capabilityBadges(c: EndpointCapabilities): { label: string; title: string; checkedAt: string }[] {
  const badges: { label: string; title: string; checkedAt: string }[] = [];
  const add = (checkedAt: string | null, label: string, title: string) => {
    if (checkedAt) badges.push({ label, title, checkedAt });
  };
  if (c.archive.value) add(c.archive.checkedAt, 'Archive', 'Serves the state of old blocks (block 1 and 10,000 back)');
  else if (c.archive.value === false && c.archive.historyFrom !== null) {
    add(
      c.archive.checkedAt,
      `State from #${c.archive.historyFrom}`,
      'Not archive: the oldest block whose state it served',
    );
  }
  if (c.trace.value) add(c.trace.checkedAt, 'Trace', 'trace_block answered for a recent block');
  if (c.debug.value) add(c.debug.checkedAt, 'Debug', 'debug_traceBlockByNumber answered for a recent block');
  if (c.logsRange.value) {
    add(
      c.logsRange.checkedAt,
      `Logs ${thousands(c.logsRange.value)} blocks`,
      'The widest eth_getLogs range it accepted',
    );
  }
  if (c.batchLimit.value)
    add(c.batchLimit.checkedAt, `Batch ${thousands(c.batchLimit.value)}`, 'The largest batch it answered whole');
  if (c.websocketSubscriptions.value) {
    add(c.websocketSubscriptions.checkedAt, 'Subscriptions', 'eth_subscribe("newHeads") delivered a head');
  }
  return badges;
}

/**
 * Each region's latest figure in words ("120 ms", "down", "340 ms (stale)"), by region name, when more than one region
 * has measured the endpoint; none otherwise (the site's own figures already say it).
 */
export function regionFigures(regions: readonly RegionHealth[]): { region: string; text: string; stale: boolean }[] {
  if (regions.length < 2) return [];
  return regions.map((r) => {
    const stale = r.status === 'stale';
    const measured =
      r.status === 'down'
        ? 'down'
        : r.status === 'wrong-chain'
          ? 'wrong chain'
          : r.latencyMs === null
            ? '—'
            : `${r.latencyMs} ms`;
    return {
      region: r.region,
      text: stale ? `${r.latencyMs === null ? '—' : `${r.latencyMs} ms`} (stale)` : measured,
      stale,
    };
  });
}
