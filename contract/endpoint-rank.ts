// The one order of a chain's RPC endpoints, shared by every place that lists or hands them out (the
// endpoint table, provider cards on a chain page, "Add to wallet", connect snippets): usable without an API key
// first, then by health (working and fast first: the prober's summary row), then by Chainlist's privacy label
// (no tracking, limited, unknown, tracking); the dataset's order otherwise. With no health known (never probed,
// or health checks paused) the privacy order decides.
import type { RpcEndpoint } from './chains.ts';
import type { EndpointHealth, HealthStatus } from './health.ts';

const PRIVACY_ORDER: Record<RpcEndpoint['tracking'], number> = { none: 0, limited: 1, unspecified: 2, yes: 3 };
const HEALTH_ORDER: Record<HealthStatus, number> = {
  ok: 0,
  degraded: 1,
  unverified: 2,
  down: 3,
  'wrong-chain': 4,
  'wrong-data': 4,
};

/** What ranking reads of an endpoint (health may be absent: answers saved before it existed, snippets' inputs). */
export type RankableEndpoint = Pick<RpcEndpoint, 'needsApiKey' | 'tracking'> & {
  health?: Pick<EndpointHealth, 'status' | 'latencyMs'>;
};

const status = (e: RankableEndpoint): HealthStatus => e.health?.status ?? 'unverified';
/** Answered the right chain at the latest probe. */
export const isHealthy = (e: RankableEndpoint) => status(e) === 'ok' || status(e) === 'degraded';
/** Known not to serve the chain: no valid answer, another chain's, or data the chain's other endpoints disagree with. */
export const isFailing = (e: RankableEndpoint) =>
  status(e) === 'down' || status(e) === 'wrong-chain' || status(e) === 'wrong-data';

export function compareEndpoints(a: RankableEndpoint, b: RankableEndpoint): number {
  const latency = (e: RankableEndpoint) => (isHealthy(e) ? (e.health?.latencyMs ?? Infinity) : 0);
  return (
    Number(a.needsApiKey) - Number(b.needsApiKey) ||
    HEALTH_ORDER[status(a)] - HEALTH_ORDER[status(b)] ||
    Math.sign(latency(a) - latency(b)) ||
    PRIVACY_ORDER[a.tracking] - PRIVACY_ORDER[b.tracking]
  );
}

/** A sorted copy (Array.prototype.sort is stable: ties keep the dataset's order). */
export function rankEndpoints<T extends RankableEndpoint>(endpoints: readonly T[]): T[] {
  return [...endpoints].sort(compareEndpoints);
}

/**
 * The endpoints to hand out (a wallet, a snippet), best first: never a failing one; only healthy ones when any is
 * healthy; the unverified ones, in privacy order, while none has been verified (health checks paused).
 */
export function endpointsToHandOut<T extends RankableEndpoint>(endpoints: readonly T[]): T[] {
  const usable = rankEndpoints(endpoints).filter((e) => !isFailing(e));
  return usable.some(isHealthy) ? usable.filter(isHealthy) : usable;
}
