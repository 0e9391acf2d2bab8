// The endpoint prober: each probed endpoint has its own timer (a random phase within PROBE_INTERVAL_S); every
// instance claims the endpoints falling due and queues one pg-boss job each, and every instance's workers take
// jobs from the shared queue, so N instances share the work and an endpoint is probed once per round. A job
// whose worker died expires and is retried. With no network at all the prober pauses and records nothing.
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/index.ts';
import type { Sql } from '../../sql/db-types.ts';
import {
  advanceRound,
  claimCapabilityCheck,
  claimDueEndpoints,
  hourlySince,
  insertProbe,
  probesSince,
  probeTargets,
  pruneHealth,
  recentChainHeads,
  rollUpHour,
  setProberState,
  syncHealthRows,
  saveCapabilities,
  storedCapabilities,
  updateHealthSummary,
  type ProbeTarget,
} from '../../sql/queries/health.ts';
import { probeEndpoint, type ProbeOptions, type ProbeResult } from './probe.ts';
import { mergeCapabilities, probeCapabilities } from './capabilities.ts';
import { pgBossDb } from './queue.ts';
import { keyedLimiter } from './limiter.ts';
import { saveRegionProbe } from '../../sql/queries/probe-agents.ts';
import { ownRegion, scheduleRegionJobs, type ProbeRegion } from './regions.ts';
import { outageWatchOf, unreachableDatabase } from '../db/outage.ts';
import { checkData } from './data-check.ts';
import { presentCapabilities } from './presenter.ts';
import { consensusHead, HEALTH_RULE, isUp, percentile, uptime, verdict } from './status.ts';

export const PROBE_QUEUE = 'endpoint-probe';
export const NO_NETWORK_REASON = 'Health checks paused: no network';

const QUEUE_DEFAULTS = {
  /** Probes in flight per instance. */
  concurrency: 100,
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

/** A probe's verdict, judged against the chain's consensus head from the site's own recent probes. */
export async function judgeProbe(tx: Queryable, target: ProbeTarget, result: ProbeResult) {
  const heads = await recentChainHeads(tx, target, HEALTH_RULE.consensusWindowS);
  if (result.answeredChainId === target.evmChainId && result.headBlock !== null) heads.push(result.headBlock);
  return verdict(result, target.evmChainId, consensusHead(heads));
}

/**
 * Stores a probe's result: the raw probe, its hour's roll-up, the summary row and the site's own region's entry
 * (run it in a transaction); true when the endpoint's status changed.
 */
export async function recordProbe(tx: Queryable, target: ProbeTarget, result: ProbeResult, region: ProbeRegion) {
  const v = await judgeProbe(tx, target, result);
  await saveRegionProbe(
    tx,
    { endpointId: target.id, region: region.name, status: v.status, latencyMs: result.latencyMs, checkedAt: result.at },
    region.freshForS,
  );
  await insertProbe(tx, {
    endpointId: target.id,
    probedAt: result.at,
    status: v.status,
    httpStatus: result.httpStatus,
    latencyMs: result.latencyMs,
    errorClass: result.errorClass ?? (v.status === 'wrong-chain' ? 'wrong-chain' : null),
    answeredChainId: result.answeredChainId,
    headBlock: result.headBlock,
    headAgeS: v.headAgeS,
    blockLag: v.blockLag,
    browserCallable: result.browserCallable,
  });
  await rollUpHour(tx, target.id, result.at);
  const day = await probesSince(tx, target.id, 24);
  const week = await hourlySince(tx, target.id, 7);
  const upDay = day.filter((p) => isUp(p.status));
  const latencies = upDay.flatMap((p) => (p.latencyMs === null ? [] : [p.latencyMs]));
  return updateHealthSummary(tx, target.id, {
    status: v.status,
    checkedAt: result.at,
    latencyMs: result.latencyMs,
    headBlock: result.headBlock,
    blockLag: v.blockLag,
    headAgeS: v.headAgeS,
    uptime24h: uptime([{ probes: day.length, up: upDay.length }]),
    uptime7d: uptime(week),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    browserCallable: result.browserCallable,
  });
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
  const boss = new PgBoss({
    db: pgBossDb(sql),
    schema,
    schedule: false,
    maintenanceIntervalSeconds: q.maintenanceIntervalSeconds,
    archiveCompletedAfterSeconds: 3600,
    deleteAfterHours: 24,
  });
  // Failures of background work. The database unreachable is logged once per outage, with the requests that met it.
  const failed =
    (msg: string, level: 'error' | 'warn' = 'error', fields: Record<string, number> = {}) =>
    (err: unknown) => {
      const unreachable = unreachableDatabase(err);
      if (unreachable) outageWatchOf(sql, log).met(unreachable, { task: msg, ...fields });
      else log[level]({ err, ...fields }, msg);
    };
  boss.on('error', failed('probe queue error'));
  await boss.start();
  const queueOptions = {
    name: PROBE_QUEUE,
    policy: 'stately' as const,
    expireInSeconds: q.expireInSeconds,
    retryLimit: q.retryLimit,
    retryDelay: q.retryDelaySeconds,
  };
  // Stately: at most one queued and one running job per endpoint (singletonKey), whichever instance queued it.
  // Instances starting together race to create it (PostgreSQL may answer one with a deadlock): the loser retries.
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(PROBE_QUEUE)) await boss.updateQueue(PROBE_QUEUE, queueOptions);
      else await boss.createQueue(PROBE_QUEUE, queueOptions);
      break;
    } catch (err) {
      if (attempt === 3) {
        await boss.stop({ graceful: false });
        throw err;
      }
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    }
  }

  const probeOptions: ProbeOptions = { allowPrivate, origin: new URL(config.publicUrl).origin };
  const region = ownRegion(config);
  const regionQueues = new Set<string>();

  // ---- no network ----
  // A DNS or connect failure is held until some host answers (the network works, so the failure is the
  // endpoint's, and it is recorded). When distinct hosts fail that way with nothing answering in between,
  // the machine has no network: the held failures are dropped and the prober says it is paused.
  let held: { target: ProbeTarget; result: ProbeResult }[] = [];
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
    let changed = await sql.begin((tx) => recordProbe(tx, target, result, region));
    for (const h of proven) if (await sql.begin((tx) => recordProbe(tx, h.target, h.result, region))) changed = true;
    // A status change is news on the pages and in the change log: cached answers are redone.
    if (changed) await db.publishInvalidation();
    await setState('running');
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
  async function run(job: PgBoss.Job<{ endpointId: number }>) {
    const [target] = await probeTargets(sql, [job.data.endpointId]);
    if (target) {
      const result = await perHost(new URL(target.url).hostname, async () => {
        const answer = await probe(target.url, probeOptions);
        // A failed write (the endpoint deleted meanwhile, a lost connection) is logged; the next round tries again.
        await settle(target, answer).catch(failed('probe not recorded', 'warn', { endpointId: target.id }));
        return answer;
      });
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
    for (const job of jobs) {
      const running: Promise<void> = run(job)
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
