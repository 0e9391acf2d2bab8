// What the chain page's endpoint table does with health: its filters and the endpoints hidden as dead.
import { DEAD_AFTER_DAYS } from '../../contract/health-rule.ts';
import type { EndpointHealth, HealthStatus } from '../../contract/health.ts';
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
} as const;
export type EndpointFilter = keyof typeof ENDPOINT_FILTERS;

export function filterEndpoints<T extends RpcEndpoint>(endpoints: readonly T[], on: ReadonlySet<EndpointFilter>): T[] {
  return endpoints.filter((e) => [...on].every((f) => ENDPOINT_FILTERS[f].keep(e)));
}

export const STATUS_LABELS: Record<HealthStatus, string> = {
  ok: 'Working',
  degraded: 'Degraded',
  down: 'Down',
  'wrong-chain': 'Wrong chain',
  unverified: 'Unverified',
};

/** "N of M public endpoints healthy": of those needing no API key, the ones that answered the right chain. */
export function healthyCount(endpoints: readonly (RpcEndpoint | ProviderEndpoint)[]) {
  const open = endpoints.filter(isKeyless);
  return { healthy: open.filter(isHealthy).length, total: open.length };
}
