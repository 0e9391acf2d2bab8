// A probe agent: probes the site's endpoints from another region with the prober's own probe (api/health/probe.ts,
// its SSRF rules included), taking the jobs from the site over HTTP(S) with its token and posting each probe back
// (the agent API, api/health/agents.ts). It holds no database and no queue: the jobs stay in the site's
// PostgreSQL, and one it leased and never answered is handed out again when its lease expires.
import type { Logger } from 'pino';
import { agentLeaseSchema, agentResultsAnswerSchema, type AgentProbe } from '../../contract/probe-agents.ts';
import { keyedLimiter } from './limiter.ts';
import { probeEndpoint, type ProbeOptions, type ProbeResult } from './probe.ts';

/** Probes one host takes at once (the site's prober allows as many). */
const PER_HOST = 4;
/** Results posted in one call at most, and how long a finished probe may wait for others to join it. */
const POST_BATCH = 50;
const POST_WAIT_MS = 1_000;
/** At most one lease a second while jobs trickle in (each endpoint falls due at its own moment). */
const LEASE_EVERY_MS = 1_000;
/** How long one call to the site may take. */
const CALL_TIMEOUT_MS = 30_000;
/** Waits after a failed call to the site grow to this. */
const MAX_BACKOFF_MS = 60_000;

export type AgentOptions = {
  /** The site's URL (its origin; any path is ignored). */
  server: string;
  token: string;
  log: Logger;
  /** Let probes reach loopback and private addresses (tests only, like PROBE_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  /** Probes in flight at once. */
  concurrency?: number;
  /** Wait when the site had no job due. */
  idleMs?: number;
  /** Replaces the network probe (tests). */
  probe?: (url: string, options: ProbeOptions) => Promise<ProbeResult>;
};

/** The site refused the token (unknown or revoked): the agent stops. */
export class AgentRefused extends Error {}

export type Agent = {
  /** Settles when the agent stopped: by stop(), or when the site refused its token (rejects with AgentRefused). */
  done: Promise<void>;
  /** Stops leasing, lets the probes in flight finish and posts their results. */
  stop: () => Promise<void>;
  /** Probes posted and recorded so far. */
  posted: () => number;
};

/** The site's origin; plain http only to a loopback address, where the token never crosses a network. */
export function agentServer(raw: string): string {
  const url = new URL(raw);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error(`--server must be an https:// URL (plain http only to localhost): ${raw}`);
  }
  return url.origin;
}

export function startAgent({
  server,
  token,
  log,
  allowPrivate = false,
  concurrency = 20,
  idleMs = 5_000,
  probe = probeEndpoint,
}: AgentOptions): Agent {
  const origin = agentServer(server);
  const perHost = keyedLimiter(PER_HOST);
  const inFlight = new Set<Promise<void>>();
  let finished: { jobId: string; probe: AgentProbe }[] = [];
  let oldestFinished = 0;
  let posted = 0;
  let stopped = false;
  let wake: () => void = () => {};

  async function call(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(origin + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status === 401) throw new AgentRefused(`${res.status}: ${text}`);
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
    return JSON.parse(text);
  }

  /** Posts finished probes: a batch when it is full or when one has waited long enough (one call a second at most). */
  async function post(force = false) {
    while (finished.length && (force || finished.length >= POST_BATCH || Date.now() - oldestFinished >= POST_WAIT_MS)) {
      const batch = finished.slice(0, POST_BATCH);
      const answer = agentResultsAnswerSchema.parse(await call('/api/agent/results', { results: batch }));
      // Sent: a failure above this line keeps them for the next try (a job already expired is ignored then).
      finished = finished.slice(batch.length);
      oldestFinished = Date.now();
      posted += answer.recorded;
      if (answer.ignored) log.warn({ ignored: answer.ignored }, 'results of expired leases ignored');
    }
  }

  async function run(job: { id: string; url: string }, probeOptions: ProbeOptions) {
    const result = await perHost(new URL(job.url).hostname, () => probe(job.url, probeOptions));
    if (!finished.length) oldestFinished = Date.now();
    finished.push({ jobId: job.id, probe: { ...result, at: result.at.toISOString() } });
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  let leasedAt = 0;
  async function pumpOnce() {
    await post();
    const free = concurrency - inFlight.size;
    const nextLease = leasedAt + LEASE_EVERY_MS - Date.now();
    if (nextLease > 0 || (inFlight.size && free < Math.ceil(concurrency / 2))) {
      await Promise.race([...inFlight, sleep(nextLease > 0 ? nextLease : POST_WAIT_MS)]);
      return;
    }
    leasedAt = Date.now();
    const lease = agentLeaseSchema.parse(await call('/api/agent/jobs', { max: free }));
    const probeOptions: ProbeOptions = { allowPrivate, origin: lease.origin };
    for (const job of lease.jobs) {
      const running: Promise<void> = run(job, probeOptions)
        .catch((err: unknown) => log.error({ err, endpointId: job.endpointId }, 'probe failed'))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    if (!lease.jobs.length) {
      await Promise.race([...inFlight, sleep(inFlight.size || finished.length ? POST_WAIT_MS : idleMs)]);
    }
  }

  async function loop() {
    let backoff = 1_000;
    let announced = false;
    while (!stopped) {
      try {
        await pumpOnce();
        if (!announced) log.info({ server: origin }, 'probe agent taking jobs');
        announced = true;
        backoff = 1_000;
      } catch (err) {
        if (err instanceof AgentRefused) {
          stopped = true;
          throw err;
        }
        // The site unreachable or failing: the leased jobs expire there and are handed out again.
        log.warn({ err: (err as Error).message, retryInMs: backoff }, 'site unreachable');
        await sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
    await Promise.allSettled([...inFlight]);
    await post(true).catch((err: unknown) => log.warn({ err: (err as Error).message }, 'last results not posted'));
  }

  const done = loop();
  return {
    done,
    posted: () => posted,
    async stop() {
      stopped = true;
      wake();
      await done.catch(() => {});
    },
  };
}
