// The health rule's numbers and names, apart from the schemas in health.ts: the PWA's pages import these, and a module
// that defines zod schemas makes every page importing it build them (and load zod) as it starts.
import type { EndpointCapabilities, EndpointHealth } from './health.ts';

/** The status rule's numbers (api/health/status.ts applies them; /status writes them out). */
export const HEALTH_RULE = {
  /** Blocks behind the consensus head still counted as fresh. */
  maxLagBlocks: 3,
  /** A head block at most this old is fresh, however many blocks behind (fast chains). */
  maxHeadAgeS: 30,
  /** Slower answers are degraded. */
  maxLatencyMs: 2_000,
  /** Heads reported within this window make the consensus. */
  consensusWindowS: 600,
} as const;

/**
 * ok, degraded, down, wrong-chain: from the latest probe; wrong-data: its block hash at a recent height differs from
 * one at least WRONG_DATA_MIN_AGREEING other endpoints of the chain agree on; unverified: never probed. The rule is on
 * /status.
 */
export const HEALTH_STATUSES = ['ok', 'degraded', 'down', 'wrong-chain', 'wrong-data', 'unverified'] as const;
/** Endpoints that must agree on a block hash before one that differs is called wrong-data. */
export const WRONG_DATA_MIN_AGREEING = 2;
/** How far behind the chain's consensus head the compared block is (every synced node has it). */
export const WRONG_DATA_DEPTH = 5;
/** Down without a break this many days: hidden from visitors by default and listed for admins as dead. */
export const DEAD_AFTER_DAYS = 7;

export const UNVERIFIED_HEALTH: EndpointHealth = {
  status: 'unverified',
  checkedAt: null,
  latencyMs: null,
  blockLag: null,
  uptime24h: null,
  uptime7d: null,
  browserCallable: null,
  downSince: null,
  disagreesWith: null,
  regions: [],
};

const UNMEASURED = { value: null, checkedAt: null };
/** Capabilities never measured (or not yet in an answer saved offline). */
export const UNMEASURED_CAPABILITIES: EndpointCapabilities = {
  archive: { ...UNMEASURED, historyFrom: null },
  trace: UNMEASURED,
  debug: UNMEASURED,
  logsRange: { ...UNMEASURED, statedLimit: null },
  batchLimit: UNMEASURED,
  websocketSubscriptions: UNMEASURED,
};

/**
 * The chain's head as its endpoints report it: the median of the three highest heads (one far ahead does not move
 * it); the highest when fewer than three; null when none. The prober's, and the browser check's on a chain page.
 */
export function consensusHead(heads: readonly number[]): number | null {
  const top = [...heads].sort((a, b) => b - a).slice(0, 3);
  if (!top.length) return null;
  return top.length === 3 ? top[1] : top[0];
}
