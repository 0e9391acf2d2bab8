// The endpoint prober: each probed endpoint has its own timer (a random phase within PROBE_INTERVAL_S); every
// instance claims the endpoints falling due and queues one pg-boss job each, and every instance's workers take
// jobs from the shared queue, so N instances share the work and an endpoint is probed once per round. A job
// whose worker died expires and is retried. With no network at all the prober pauses and records nothing.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/index.ts';
import type { Sql } from '../../sql/db-types.ts';
import {
  advanceRound,
  claimCapabilityCheck,
  claimDueEndpoints,
  hourlySince,
  insertProbes,
  probesSince,
  probeTargets,
  pruneHealth,
  recentChainHeads,
  rollUpHours,
  setProberState,
  syncHealthRows,
  saveCapabilities,
  storedCapabilities,
  updateHealthSummaries,
  type ProbeTarget,
} from '../../sql/queries/health.ts';
import { probeEndpoint, type ProbeOptions, type ProbeResult } from './probe.ts';
import { mergeCapabilities, probeCapabilities } from './capabilities.ts';
import { openQueue } from './queue.ts';
import { keyedLimiter } from './limiter.ts';
import { saveRegionProbes } from '../../sql/queries/probe-agents.ts';
import { ownRegion, scheduleRegionJobs, type ProbeRegion } from './regions.ts';
import { outageWatchOf, unreachableDatabase } from '../db/outage.ts';
import { checkData } from './data-check.ts';
import { presentCapabilities } from './presenter.ts';
import { consensusHead, HEALTH_RULE, percentile, uptime, verdict, type Verdict } from './status.ts';

export const PROBE_QUEUE = 'endpoint-probe';
export const NO_NETWORK_REASON = 'Health checks paused: no network';

const QUEUE_DEFAULTS = {
  /**
   * Probes in flight per instance, those waiting for their host's turn included (jobs come in due order, whatever
   * their host): a probe is two exchanges of a few hundred ms, so 200 keep about 300 probes a second going while
   * memory stays small (a socket and a few KB each).
   */
  concurrency: 200,
  /** Fetch new jobs once this many slots are free (fewer queries than one fetch per finished probe). */
  fetchWhenFree: 10,
  pollingIntervalSeconds: 1,
  // A probe takes at most 4 calls × 5 s plus its host's turn: past this a job counts as lost (its worker died) and
  // is retried after retryDelaySeconds; pg-boss's maintenance checks expiry every maintenanceIntervalSeconds.
  expireInSeconds: 120,
  retryLimit: 2,
  retryDelaySeconds: 30,
  maintenanceIntervalSeconds: 60,
};
/** How long a leased probe job may run before it counts as lost and is handed out again. */
export const PROBE_JOB_EXPIRY_S = QUEUE_DEFAULTS.expireInSeconds;
/** At most this many probes of one host at once, whatever the batch holds. */
export const PER_HOST = 4;
/** At most this many probes are stored in one transaction. */
const RECORD_BATCH = 100;
/** Distinct hosts that must all be unreachable, with nothing reached in between, before the prober pauses. */
const NO_NETWORK_HOSTS = 3;
const CLAIM_LIMIT = 5_000;
const STOP_WAIT_MS = 4_000;
/** How often an answering endpoint's capabilities are measured again. */
export const CAPABILITIES_EVERY_S = 24 * 3600;
/**
 * Capability checks running at once in one process (each paced at a call a second per host); an endpoint falling
 * due while they all run is checked after a later probe.
 */
const CAPABILITY_CHECKS_AT_ONCE = 50;

export type ProberOptions = {
  db: Database;
  config: Config;
  log: Logger;
  /** Replaces the network probe (tests). */
  probe?: (url: string, options: ProbeOptions) => Promise<ProbeResult>;
  /** Replaces the capability check (tests). */
  checkCapabilities?: typeof probeCapabilities;
  queue?: Partial<typeof QUEUE_DEFAULTS>;
  /** pg-boss's schema (tests keep theirs apart). */
  schema?: string;
};

export type Prober = { boss: PgBoss; stop: (options?: { graceful?: boolean }) => Promise<void> };

export type Probed = { target: ProbeTarget; result: ProbeResult };

/**
 * Probes' verdicts, each judged against its chain's consensus head: every other endpoint's highest head from the
 * site's own recent probes and from these probes, and its own head now.
 */
export async function judgeProbes(tx: Queryable, probes: Probed[]): Promise<Verdict[]> {
  const chainIds = [...new Set(probes.map((p) => p.target.chainId))];
  const heads = new Map<number, Map<number, number>>(chainIds.map((id) => [id, new Map()]));
  const note = (chainId: number, endpointId: number, head: number) => {
    const chain = heads.get(chainId)!;
    chain.set(endpointId, Math.max(head, chain.get(endpointId) ?? head));
  };
  for (const r of await recentChainHeads(tx, chainIds, HEALTH_RULE.consensusWindowS)) {
    note(r.chainId, r.endpointId, r.head);
  }
  const answeredHead = ({ target, result }: Probed) =>
    result.answeredChainId === target.evmChainId ? result.headBlock : null;
  for (const p of probes) {
    const head = answeredHead(p);
    if (head !== null) note(p.target.chainId, p.target.id, head);
  }
  return probes.map((p) => {
    const others = [...heads.get(p.target.chainId)!].flatMap(([id, head]) => (id === p.target.id ? [] : [head]));
    const own = answeredHead(p);
    return verdict(p.result, p.target.evmChainId, consensusHead(own === null ? others : [...others, own]));
  });
}

/**
 * Stores probes' results: the raw probes, their hours' roll-ups, the summary rows and the site's own region's
 * entries, a few statements for the lot (run it in a transaction); answers the endpoints whose status changed. An
 * endpoint probed twice is stored in probe order.
 */
export async function recordProbes(tx: Queryable, probes: Probed[], region: ProbeRegion): Promise<number[]> {
  const firsts = new Map<number, Probed>();
  const later: Probed[] = [];
  for (const p of probes) {
    if (firsts.has(p.target.id)) later.push(p);
    else firsts.set(p.target.id, p);
  }
  const batch = [...firsts.values()];
  const verdicts = await judgeProbes(tx, batch);
  const ids = batch.map((p) => p.target.id);
  await saveRegionProbes(
    tx,
    batch.map(({ target, result }, i) => ({
      endpointId: target.id,
      region: region.name,
      status: verdicts[i].status,
      latencyMs: result.latencyMs,
      checkedAt: result.at,
    })),
    region.freshForS,
  );
  await insertProbes(
    tx,
    batch.map(({ target, result }, i) => ({
      endpointId: target.id,
      probedAt: result.at,
      status: verdicts[i].status,
      httpStatus: result.httpStatus,
      latencyMs: result.latencyMs,
      errorClass: result.errorClass ?? (verdicts[i].status === 'wrong-chain' ? 'wrong-chain' : null),
      answeredChainId: result.answeredChainId,
      headBlock: result.headBlock,
      headAgeS: verdicts[i].headAgeS,
      blockLag: verdicts[i].blockLag,
      browserCallable: result.browserCallable,
    })),
  );
  await rollUpHours(
    tx,
    batch.map((p) => ({ endpointId: p.target.id, at: p.result.at })),
  );
  const day = new Map((await probesSince(tx, ids, 24)).map((d) => [d.endpointId, d]));
  const week = new Map<number, { probes: number; up: number }[]>();
  for (const h of await hourlySince(tx, ids, 7)) week.set(h.endpointId, [...(week.get(h.endpointId) ?? []), h]);
  const changed = await updateHealthSummaries(
    tx,
    batch.map(({ target, result }, i) => {
      const d = day.get(target.id);
      return {
        endpointId: target.id,
        status: verdicts[i].status,
        checkedAt: result.at,
        latencyMs: result.latencyMs,
        headBlock: result.headBlock,
        blockLag: verdicts[i].blockLag,
        headAgeS: verdicts[i].headAgeS,
        uptime24h: uptime(d ? [d] : []),
        uptime7d: uptime(week.get(target.id) ?? []),
        p50Ms: percentile(d?.upLatencies ?? [], 50),
        p95Ms: percentile(d?.upLatencies ?? [], 95),
        browserCallable: result.browserCallable,
      };
    }),
  );
  return later.length ? [...changed, ...(await recordProbes(tx, later, region))] : changed;
}

/**
 * Measures an endpoint's capabilities and stores them over the last measurement (what could not be checked now
 * keeps its earlier value and date); answers what is stored.
 */
export async function measureCapabilities(
  sql: Sql,
  target: ProbeTarget,
  head: number,
  options: ProbeOptions,
  check: typeof probeCapabilities = probeCapabilities,
) {
  const { capabilities } = await check(target.url, options, head);
  const merged = mergeCapabilities(presentCapabilities(await storedCapabilities(sql, target.id)), capabilities);
  await saveCapabilities(sql, target.id, merged);
  return merged;
}

export async function startProber({
  db,
  config,
  log,
  probe = probeEndpoint,
  checkCapabilities = probeCapabilities,
  queue = {},
  schema = 'pgboss',
}: ProberOptions): Promise<Prober> {
  const q = { ...QUEUE_DEFAULTS, ...queue };
  const { intervalS, allowPrivate } = config.probes;
  const sql = db.sql;
  // Failures of background work. The database unreachable is logged once per outage, with the requests that met it.
  const failed =
    (msg: string, level: 'error' | 'warn' = 'error', fields: Record<string, number> = {}) =>
    (err: unknown) => {
      const unreachable = unreachableDatabase(err);
      if (unreachable) outageWatchOf(sql, log).met(unreachable, { task: msg, ...fields });
      else log[level]({ err, ...fields }, msg);
    };
  const queueOptions = {
    name: PROBE_QUEUE,
    policy: 'stately' as const,
    expireInSeconds: q.expireInSeconds,
    retryLimit: q.retryLimit,
    retryDelay: q.retryDelaySeconds,
  };
  // Stately: at most one queued and one running job per endpoint (singletonKey), whichever instance queued it.
  const boss = await openQueue(
    sql,
    { schema, maintenanceIntervalSeconds: q.maintenanceIntervalSeconds, onError: failed('probe queue error') },
    queueOptions,
  );

  const probeOptions: ProbeOptions = { allowPrivate, origin: new URL(config.publicUrl).origin };
  const region = ownRegion(config);
  const regionQueues = new Set<string>();

  // ---- no network ----
  // A DNS or connect failure is held until some host answers (the network works, so the failure is the
  // endpoint's, and it is recorded). When distinct hosts fail that way with nothing answering in between,
  // the machine has no network: the held failures are dropped and the prober says it is paused.
  let held: Probed[] = [];
  const unreachableHosts = new Set<string>();
  let stateKnown: 'running' | 'paused' | undefined;

  async function setState(state: 'running' | 'paused') {
    if (stateKnown === state) return;
    stateKnown = state;
    if (await setProberState(sql, state, state === 'paused' ? NO_NETWORK_REASON : null)) {
      log.info({ state }, state === 'paused' ? NO_NETWORK_REASON : 'health checks running');
      // Pages say whether checks run: cached answers are redone when that changes.
      await db.publishInvalidation();
    }
  }

  async function settle(target: ProbeTarget, result: ProbeResult) {
    if (result.errorClass === 'dns' || result.errorClass === 'connect') {
      held.push({ target, result });
      unreachableHosts.add(new URL(target.url).host);
      if (unreachableHosts.size >= NO_NETWORK_HOSTS) {
        held = [];
        await setState('paused');
      }
      return;
    }
    unreachableHosts.clear();
    const proven = held;
    held = [];
    await Promise.all([{ target, result }, ...proven].map(record));
    await setState('running');
  }

  // ---- recording ----
  // Probes finishing while a write runs are stored together by the next one: a few statements and one commit for
  // the lot. A write that fails is tried again probe by probe, so one bad probe (its endpoint deleted meanwhile)
  // costs only its own record.
  const waiting: { probe: Probed; settled: (err?: unknown) => void }[] = [];
  let writing = false;
  async function write(probes: Probed[]) {
    const changed = await sql.begin((tx) => recordProbes(tx, probes, region));
    // A status change is news on the pages and in the change log: cached answers are redone.
    if (changed.length) await db.publishInvalidation();
  }
  async function drain() {
    writing = true;
    while (waiting.length) {
      const batch = waiting.splice(0, RECORD_BATCH);
      try {
        await write(batch.map((w) => w.probe));
        for (const w of batch) w.settled();
      } catch {
        for (const w of batch) await write([w.probe]).then(() => w.settled(), w.settled);
      }
    }
    writing = false;
  }
  function record(probe: Probed) {
    return new Promise<void>((resolve, reject) => {
      waiting.push({ probe, settled: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!writing) void drain();
    });
  }

  // ---- worker ----
  // One fetch loop keeps `concurrency` probes in flight: pg-boss's work() waits for a whole batch, where one slow
  // endpoint would hold up the rest. Finished jobs are completed together at the next fetch.
  const perHost = keyedLimiter(PER_HOST);
  const inFlight = new Set<Promise<void>>();
  // Capability checks run beside the probe jobs (a check takes up to 20 paced calls), claimed in the database so
  // that one instance checks an endpoint once a day; one cut short by a stop waits for the next day.
  const checking = new Set<Promise<void>>();
  async function checkCapabilitiesOf(target: ProbeTarget, head: number) {
    if (!(await claimCapabilityCheck(sql, target.id, CAPABILITIES_EVERY_S)) || stopped) return;
    await measureCapabilities(sql, target, head, probeOptions, checkCapabilities);
    await db.publishInvalidation();
  }
  let finished: string[] = [];
  let stopped = false;
  async function run(job: PgBoss.Job<{ endpointId: number }>, target: ProbeTarget | undefined) {
    if (target) {
      const result = await perHost(new URL(target.url).hostname, () => probe(target.url, probeOptions));
      // A failed write (the endpoint deleted meanwhile, a lost connection) is logged; the next round tries again.
      await settle(target, result).catch(failed('probe not recorded', 'warn', { endpointId: target.id }));
      const due =
        !target.capabilitiesCheckedAt ||
        Date.now() - target.capabilitiesCheckedAt.getTime() > CAPABILITIES_EVERY_S * 1000;
      const answered = result.errorClass === null && result.answeredChainId === target.evmChainId;
      if (due && answered && result.headBlock !== null && checking.size < CAPABILITY_CHECKS_AT_ONCE) {
        const check: Promise<void> = checkCapabilitiesOf(target, result.headBlock)
          .catch(failed('capability check failed', 'warn', { endpointId: target.id }))
          .finally(() => checking.delete(check));
        checking.add(check);
      }
    }
    finished.push(job.id);
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  async function pumpOnce() {
    if (finished.length) {
      const ids = finished;
      finished = [];
      await boss.complete(PROBE_QUEUE, ids);
    }
    const free = q.concurrency - inFlight.size;
    if (free < q.fetchWhenFree && inFlight.size) return void (await Promise.race(inFlight));
    const jobs = await boss.fetch<{ endpointId: number }>(PROBE_QUEUE, { batchSize: free });
    // The fetched jobs' endpoints in one read (one deleted or no longer probed meanwhile has none: nothing to do).
    const targets = new Map(
      jobs.length
        ? (
            await probeTargets(
              sql,
              jobs.map((j) => j.data.endpointId),
            )
          ).map((t) => [t.id, t])
        : [],
    );
    for (const job of jobs) {
      const running: Promise<void> = run(job, targets.get(job.data.endpointId))
        .catch(failed('probe job failed'))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    if (!jobs.length) await Promise.race([sleep(q.pollingIntervalSeconds * 1000), ...inFlight]);
  }
  async function pump() {
    while (!stopped) {
      await pumpOnce().catch(async (err) => {
        failed('probe queue unreachable')(err);
        await sleep(q.pollingIntervalSeconds * 1000);
      });
    }
  }
  const pumping = pump();

  // ---- scheduling ----
  const tickS = Math.min(30, Math.max(1, Math.floor(intervalS / 10)));
  let timer: NodeJS.Timeout | undefined;
  let dataCheck: Promise<void> | undefined;
  async function tick() {
    if (await advanceRound(sql, intervalS)) {
      // Once per round: new and changed endpoints get timers, old history goes, cached pages are redone.
      await sql.begin((tx) => syncHealthRows(tx, intervalS));
      const pruned = await pruneHealth(sql);
      log.info({ pruned }, 'probe round started');
      await db.publishInvalidation();
      // Beside the round: a block hash per answering endpoint, compared within each chain.
      if (!dataCheck) {
        dataCheck = checkData(sql, probeOptions, perHost)
          .then(async (judged) => {
            if (judged) await db.publishInvalidation();
          })
          .catch(failed('data check failed', 'warn'))
          .finally(() => (dataCheck = undefined));
      }
    }
    const due = await claimDueEndpoints(sql, tickS, intervalS, CLAIM_LIMIT);
    if (due.length) {
      await boss.insert(
        due.map((d) => ({
          name: PROBE_QUEUE,
          data: { endpointId: d.endpointId },
          singletonKey: String(d.endpointId),
          startAfter: d.dueAt,
        })),
      );
      // The same timers for every probe agent's region, each on its region's own queue.
      await scheduleRegionJobs(boss, sql, due, queueOptions, regionQueues);
    }
  }
  const loop = (delayMs: number) => {
    timer = setTimeout(async () => {
      await tick().catch(failed('probe scheduling failed'));
      if (!stopped) loop(tickS * 1000 * (0.9 + Math.random() * 0.2));
    }, delayMs);
  };
  loop(0);

  return {
    boss,
    async stop({ graceful = true } = {}) {
      stopped = true;
      clearTimeout(timer);
      if (graceful) {
        await pumping;
        // Within the server's shutdown grace; a probe cut short stays active and is retried after expiry.
        await Promise.race([Promise.allSettled([...inFlight, dataCheck]), sleep(STOP_WAIT_MS)]);
        if (finished.length) await boss.complete(PROBE_QUEUE, finished);
      }
      // Jobs still running when not graceful stay active and expire, as a crashed worker's would.
      await boss.stop({ graceful, wait: true, timeout: 5_000 });
    },
  };
}
