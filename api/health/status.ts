// The health rules, as pure functions: consensus head, an endpoint's status from its latest probe, uptime and
// latency percentiles. The /status page states the same rule in words.
import type { ProbeStatus } from '../../sql/queries/health.ts';
import type { ProbeResult } from './probe.ts';
import { consensusHead, HEALTH_RULE } from '../../contract/health-rule.ts';

export { consensusHead, HEALTH_RULE };

export type Verdict = { status: ProbeStatus; blockLag: number | null; headAgeS: number | null };

/**
 * ok: the right chain, fresh (≤ 3 blocks behind consensus, or a head ≤ 30 s old) and answered within 2 s;
 * degraded: the right chain but slower or staler than that, or HTTP 429; wrong-chain: another chain id;
 * down: no valid answer.
 */
export function verdict(probe: ProbeResult, expectedChainId: number, consensus: number | null): Verdict {
  const headAgeS =
    probe.headTimestamp === null ? null : Math.max(0, Math.round(probe.at.getTime() / 1000 - probe.headTimestamp));
  if (probe.errorClass === 'http-429') return { status: 'degraded', blockLag: null, headAgeS: null };
  if (probe.answeredChainId !== null && probe.answeredChainId !== expectedChainId) {
    return { status: 'wrong-chain', blockLag: null, headAgeS: null };
  }
  if (probe.errorClass !== null || probe.headBlock === null) return { status: 'down', blockLag: null, headAgeS: null };
  const blockLag = consensus === null ? null : Math.max(0, consensus - probe.headBlock);
  const fresh =
    (blockLag !== null && blockLag <= HEALTH_RULE.maxLagBlocks) ||
    (headAgeS !== null && headAgeS <= HEALTH_RULE.maxHeadAgeS);
  const fast = probe.latencyMs !== null && probe.latencyMs <= HEALTH_RULE.maxLatencyMs;
  return { status: fresh && fast ? 'ok' : 'degraded', blockLag, headAgeS };
}

/** Share of up probes over buckets of {probes, up}; null when nothing was probed. */
export function uptime(buckets: { probes: number; up: number }[]): number | null {
  let probes = 0;
  let up = 0;
  for (const b of buckets) {
    probes += b.probes;
    up += b.up;
  }
  return probes ? up / probes : null;
}

/** Nearest-rank percentile (p in 0..100) of the values; null when there are none. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
}
