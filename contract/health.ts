// Endpoint health (the server-side prober, api/health/): what every endpoint object carries, an endpoint's hourly
// history and the prober's own state. Numbers are null when unknown (never probed, or the probe could not say).
import { z } from 'zod';
import { HEALTH_STATUSES } from './health-rule.ts';

export const healthStatusSchema = z.enum(HEALTH_STATUSES);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/**
 * One region's latest probe of an endpoint (the site's own prober is the region PROBE_REGION names; probe agents
 * elsewhere are the others). `stale`: no result from that region within three probe intervals (its agent stopped):
 * the figures are the last it measured, and say nothing of the endpoint now.
 */
export const regionHealthSchema = z.object({
  region: z.string(),
  status: z.enum(['ok', 'degraded', 'down', 'wrong-chain', 'stale']),
  latencyMs: z.number().int().nullable(),
  checkedAt: z.string(),
});
export type RegionHealth = z.infer<typeof regionHealthSchema>;

/** `health` on each endpoint of a chain detail and a provider detail. */
export const endpointHealthSchema = z.object({
  status: healthStatusSchema,
  /** When the latest probe ran (ISO); null when never. */
  checkedAt: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Blocks behind the chain's consensus head at the latest probe. */
  blockLag: z.number().int().nullable(),
  /** Share of probes that answered the right chain, 0..1. */
  uptime24h: z.number().nullable(),
  uptime7d: z.number().nullable(),
  /** Whether a web page on another origin may call it (CORS preflight answered). */
  browserCallable: z.boolean().nullable(),
  /** Since when it has been down without a break; null when it is not down. */
  downSince: z.string().nullable(),
  /** wrong-data: how many other endpoints of the chain agree on the block hash it differs from; else null. */
  disagreesWith: z.number().int().nullable().default(null),
  /** Each region's latest probe, by region name; the status above is the site's own region's alone. */
  regions: z.array(regionHealthSchema).default([]),
});
export type EndpointHealth = z.infer<typeof endpointHealthSchema>;

/** A measured capability: its value (null when the check could not run) and when it was measured. */
const measured = <T extends z.ZodTypeAny>(value: T) =>
  z.object({ value: value.nullable(), checkedAt: z.string().nullable() });

/**
 * What an endpoint was measured to serve, once a day (api/health/capabilities.ts). `archive`: the state of block 1
 * and of a block 10,000 behind the head; when not, `historyFrom` is the oldest block found to answer. `logsRange`:
 * the widest eth_getLogs range accepted of 1,000 / 10,000 / 100,000 blocks (0: none), `statedLimit` the refusal's
 * own words when they name a number. `batchLimit`: the largest batch of 10 / 100 / 1,000 answered whole (0: none).
 * `websocketSubscriptions`: a wss:// endpoint delivered a newHeads notification.
 */
export const endpointCapabilitiesSchema = z.object({
  archive: measured(z.boolean()).extend({ historyFrom: z.number().int().nullable() }),
  trace: measured(z.boolean()),
  debug: measured(z.boolean()),
  logsRange: measured(z.number().int()).extend({ statedLimit: z.string().nullable() }),
  batchLimit: measured(z.number().int()),
  websocketSubscriptions: measured(z.boolean()),
});
export type EndpointCapabilities = z.infer<typeof endpointCapabilitiesSchema>;

export const HISTORY_WINDOWS = ['24h', '7d', '30d'] as const;
export const historyQuerySchema = z.object({ window: z.enum(HISTORY_WINDOWS).default('24h') });

/** GET /api/endpoints/{id}/history?window=24h|7d|30d: hourly buckets, oldest first. */
export const endpointHistorySchema = z.array(
  z.object({
    hour: z.string(),
    probes: z.number().int(),
    ok: z.number().int(),
    p50: z.number().int().nullable(),
    p95: z.number().int().nullable(),
  }),
);
export type EndpointHistory = z.infer<typeof endpointHistorySchema>;

/**
 * GET /api/health/prober. `paused`: nothing reachable at all (no network); statuses are kept as they were. `off`:
 * PROBES=off in the answering process and no round started anywhere within two intervals (a `worker:` process
 * probing for PROBES=off web processes shows through).
 */
export const proberStateSchema = z.object({
  state: z.enum(['running', 'paused', 'off']),
  reason: z.string().nullable(),
  lastRoundAt: z.string().nullable(),
  endpoints: z.number().int(),
  byStatus: z.object({
    ok: z.number().int(),
    degraded: z.number().int(),
    down: z.number().int(),
    'wrong-chain': z.number().int(),
    'wrong-data': z.number().int().default(0),
    unverified: z.number().int(),
  }),
});
export type ProberState = z.infer<typeof proberStateSchema>;

/** POST /api/admin/endpoints/{id}/probe: the probe just made, and whether it was recorded against the endpoint. */
export const probeNowSchema = z.object({
  /**
   * False when it failed with a DNS or connect error: one probe cannot tell an endpoint's fault from this
   * machine having no network, and no network is never recorded as down.
   */
  recorded: z.boolean(),
  probe: z.object({
    at: z.string(),
    httpStatus: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    errorClass: z.string().nullable(),
    answeredChainId: z.number().int().nullable(),
    headBlock: z.number().int().nullable(),
    browserCallable: z.boolean().nullable(),
  }),
  health: endpointHealthSchema,
  capabilities: endpointCapabilitiesSchema,
});
export type ProbeNow = z.infer<typeof probeNowSchema>;

/** GET /api/changes: `?limit` (1–200, default 50), `?before` (an entry id), `?chain`, `?provider` (slugs). */
export const changesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
  chain: z.string().min(1).max(100).optional(),
  provider: z.string().min(1).max(100).optional(),
});

/**
 * One change: an endpoint's status went `from` → `to` (kind status), or it was added or removed. The endpoint's
 * URL, chain and provider are as they were then (a removed endpoint's chain or provider may be gone: null).
 */
export const changeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(['status', 'added', 'removed']),
  endpoint: z.object({ id: z.number().int(), url: z.string() }),
  chain: z.object({ slug: z.string(), name: z.string() }).nullable(),
  provider: z.object({ slug: z.string(), name: z.string() }).nullable(),
  from: healthStatusSchema.nullable(),
  to: healthStatusSchema.nullable(),
  /** An addition or removal made by a refresh from the upstream lists: that snapshot, and when it was applied. */
  refresh: z
    .object({ source: z.string(), location: z.string(), sourceDate: z.string().nullable(), appliedAt: z.string() })
    .nullable(),
});
export type Change = z.infer<typeof changeSchema>;

/** Newest first; `next` is the path of the next (older) page, null when this is the last. */
export const changePageSchema = z.object({ items: z.array(changeSchema), next: z.string().nullable() });
export type ChangePage = z.infer<typeof changePageSchema>;
