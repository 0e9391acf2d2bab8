// Probe agents: probers elsewhere that an admin creates for a region (a token, shown once), and the API they use
// with that token to lease probe jobs and post results (api/health/agents.ts; the agent itself: api/health/agent.ts).
import { z } from 'zod';

/** A region's name: what pages show beside its latency ("Frankfurt", "eu-west-1"). */
export const PROBE_REGION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/;
export const PROBE_REGION_RULE =
  'a region is 1–40 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit';

const regionSchema = z.string().trim().regex(PROBE_REGION_PATTERN, PROBE_REGION_RULE);

/** POST /api/admin/probe-agents. */
export const probeAgentCreateSchema = z.object({ region: regionSchema });

/** The answer to POST /api/admin/probe-agents: the token is in this answer only (the server keeps its hash). */
export const probeAgentCreatedSchema = z.object({ id: z.number().int(), region: z.string(), token: z.string() });
export type ProbeAgentCreated = z.infer<typeof probeAgentCreatedSchema>;

/** GET /api/admin/probe-agents: every agent, newest first (a revoked one stays listed, with when). */
export const probeAgentSchema = z.object({
  id: z.number().int(),
  region: z.string(),
  createdAt: z.string(),
  /** The agent's latest call to the agent API; null when it never called. */
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ProbeAgent = z.infer<typeof probeAgentSchema>;
export const probeAgentListSchema = z.array(probeAgentSchema);

/** Probe jobs one lease may take at most. */
export const AGENT_LEASE_MAX = 100;

/** POST /api/agent/jobs: up to `max` due probe jobs of the agent's region. */
export const agentLeaseRequestSchema = z.object({ max: z.number().int().min(1).max(AGENT_LEASE_MAX).default(20) });

/**
 * The leased jobs: each must be answered (POST /api/agent/results) within `expireInSeconds`, or it is handed out
 * again. `intervalS`: the site's probe interval; `origin`: the Origin the CORS preflight presents (the site's).
 */
export const agentLeaseSchema = z.object({
  region: z.string(),
  intervalS: z.number().int(),
  expireInSeconds: z.number().int(),
  origin: z.string(),
  jobs: z.array(z.object({ id: z.string(), endpointId: z.number().int(), url: z.string() })),
});
export type AgentLease = z.infer<typeof agentLeaseSchema>;

const errorClasses = [
  'timeout',
  'dns',
  'tls',
  'connect',
  'refused-address',
  'redirect',
  'http-429',
  'http-4xx',
  'http-5xx',
  'too-large',
  'invalid-json',
  'jsonrpc-error',
  'wrong-chain',
] as const;

/** One probe as api/health/probe.ts measured it (its ProbeResult, the time as ISO). */
export const agentProbeSchema = z.object({
  at: z.iso.datetime(),
  httpStatus: z.number().int().min(0).max(999).nullable(),
  latencyMs: z.number().int().min(0).max(600_000).nullable(),
  errorClass: z.enum(errorClasses).nullable(),
  answeredChainId: z.number().int().min(0).nullable(),
  headBlock: z.number().int().min(0).nullable(),
  headTimestamp: z.number().int().min(0).nullable(),
  browserCallable: z.boolean().nullable(),
});
export type AgentProbe = z.infer<typeof agentProbeSchema>;

/** POST /api/agent/results: the probes of leased jobs, by job id. */
export const agentResultsSchema = z.object({
  results: z
    .array(z.object({ jobId: z.uuid(), probe: agentProbeSchema }))
    .min(1)
    .max(AGENT_LEASE_MAX),
});
export type AgentResults = z.infer<typeof agentResultsSchema>;

/** `recorded`: results of jobs the agent held; `ignored`: jobs it no longer held (expired, or another region's). */
export const agentResultsAnswerSchema = z.object({ recorded: z.number().int(), ignored: z.number().int() });
export type AgentResultsAnswer = z.infer<typeof agentResultsAnswerSchema>;
