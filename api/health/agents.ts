// Probe agents. The admin's routes create one for a region (its token answered once, its SHA-256 kept), list and
// revoke them; the agent API lets an agent holding a token lease its region's probe jobs from the server's pg-boss
// queue and post the probes back. The queue stays in PostgreSQL: the server fetches and completes the jobs on the
// agent's behalf, and a job an agent leased and never answered expires and is handed out again.
import { createHash, randomBytes } from 'node:crypto';
import type { Next } from 'koa';
import PgBoss from 'pg-boss';
import { createRouter, type AppCtx } from '../context.ts';
import type { Sql } from '../db/index.ts';
import { HttpError } from '../middleware/errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { idParams } from '../lib/params.ts';
import { inTransaction } from '../lib/write.ts';
import { documents } from '../openapi/document.ts';
import { probeTargets } from '../../sql/queries/health.ts';
import {
  insertProbeAgent,
  listProbeAgents,
  revokeProbeAgent,
  saveRegionProbes,
  touchProbeAgent,
  type ProbeAgentRow,
} from '../../sql/queries/probe-agents.ts';
import {
  agentLeaseRequestSchema,
  agentLeaseSchema,
  agentResultsAnswerSchema,
  agentResultsSchema,
  probeAgentCreateSchema,
  type AgentLease,
  type AgentResultsAnswer,
  type ProbeAgent,
  type ProbeAgentCreated,
} from '../../contract/probe-agents.ts';
import { pgBossDb, pgBossTx } from './queue.ts';
import { judgeProbes, PROBE_JOB_EXPIRY_S, type Probed } from './prober.ts';
import { agentRegion, regionQueue } from './regions.ts';

/** pg-boss's schema, where the prober keeps its queues (prober.ts). */
const BOSS_SCHEMA = 'pgboss';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** A new agent token: 32 random bytes, base64url, with a prefix that says what it is. */
const newToken = () => `atlas_agent_${randomBytes(32).toString('base64url')}`;

const presentAgent = (r: ProbeAgentRow): ProbeAgent => ({
  id: r.id,
  region: r.region,
  createdAt: r.createdAt.toISOString(),
  lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

export function adminProbeAgentRoutes() {
  const router = createRouter('/api/admin/probe-agents');

  router.get('/', requireAdmin, async (ctx) => {
    ctx.body = (await listProbeAgents(ctx.sql)).map(presentAgent) satisfies ProbeAgent[];
  });

  router.post('/', requireAdmin, validate({ body: probeAgentCreateSchema }), async (ctx) => {
    const { region } = ctx.valid.body;
    if (region === ctx.config.probes.region) {
      throw new HttpError(409, `"${region}" is the site's own region (PROBE_REGION): give the agent another`);
    }
    const token = newToken();
    const agent = await inTransaction(ctx, (tx) => insertProbeAgent(tx, region, hashToken(token)));
    // Nothing visitors see changes until the agent posts results.
    ctx.state.changesNoSharedData = true;
    ctx.status = 201;
    ctx.body = { id: agent.id, region: agent.region, token } satisfies ProbeAgentCreated;
  });

  router.delete('/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const agent = await inTransaction(ctx, (tx) => revokeProbeAgent(tx, ctx.valid.params.id));
    if (!agent) throw new HttpError(404, 'Probe agent not found');
    ctx.body = presentAgent(agent);
  });

  return router;
}

/** The agent a bearer token names, seen now; 401 in the API's error shape for a missing, unknown or revoked one. */
async function requireAgent(ctx: AppCtx, next: Next) {
  const [scheme, token] = ctx.get('Authorization').split(/\s+/, 2);
  const agent = /^bearer$/i.test(scheme ?? '') && token ? await touchProbeAgent(ctx.sql, hashToken(token)) : undefined;
  if (!agent) {
    ctx.set('WWW-Authenticate', 'Bearer realm="probe agents"');
    throw new HttpError(401, 'Unknown or revoked probe agent token');
  }
  ctx.state.agent = agent;
  await next();
}

/** pg-boss's job calls, each given the connection or transaction to run on (the instance itself never starts). */
let jobCalls: PgBoss | undefined;
const jobs = (sql: Sql) => (jobCalls ??= new PgBoss({ db: pgBossDb(sql), schema: BOSS_SCHEMA }));

const bearer = { security: [{ agentToken: [] }] };

/** Whether the queue exists; false too when pg-boss's schema does not (no prober has started on this database). */
async function queueExists(boss: PgBoss, name: string) {
  try {
    return Boolean(await boss.getQueue(name));
  } catch (err) {
    if ((err as { code?: string }).code === UNDEFINED_TABLE) return false;
    throw err;
  }
}
const UNDEFINED_TABLE = '42P01';

export function agentRoutes() {
  const router = createRouter('/api/agent');

  router.post(
    '/jobs',
    documents({
      summary: "Lease up to `max` due probe jobs of the agent's region",
      answer: agentLeaseSchema,
      ...bearer,
    }),
    requireAgent,
    validate({ body: agentLeaseRequestSchema }),
    async (ctx) => {
      const { region } = ctx.state.agent!;
      const queue = regionQueue(region);
      const boss = jobs(ctx.sql);
      // No queue yet: the prober has not scheduled this region (it does at its next tick), or never ran here.
      const leased = (await queueExists(boss, queue))
        ? await boss.fetch<{ endpointId: number }>(queue, { batchSize: ctx.valid.body.max })
        : [];
      const targets = new Map(
        (
          await probeTargets(
            ctx.sql,
            leased.map((j) => j.data.endpointId),
          )
        ).map((t) => [t.id, t]),
      );
      // A job whose endpoint is no longer probed (removed, or a key now required) is done with at once.
      const gone = leased.filter((j) => !targets.has(j.data.endpointId)).map((j) => j.id);
      if (gone.length) await boss.complete(queue, gone);
      ctx.state.changesNoSharedData = true;
      ctx.body = {
        region,
        intervalS: ctx.config.probes.intervalS,
        expireInSeconds: PROBE_JOB_EXPIRY_S,
        origin: new URL(ctx.config.publicUrl).origin,
        jobs: leased.flatMap((j) => {
          const target = targets.get(j.data.endpointId);
          return target ? [{ id: j.id, endpointId: target.id, url: target.url }] : [];
        }),
      } satisfies AgentLease;
    },
  );

  router.post(
    '/results',
    documents({
      summary: "Post the probes of leased jobs: each becomes the endpoint's entry for the agent's region",
      answer: agentResultsAnswerSchema,
      ...bearer,
    }),
    requireAgent,
    validate({ body: agentResultsSchema }),
    async (ctx) => {
      const { region } = ctx.state.agent!;
      const queue = regionQueue(region);
      const where = agentRegion(ctx.config, region);
      const { recorded, changed } = await ctx.sql.begin(async (tx) => {
        // The jobs are completed in the same transaction as the results are stored.
        const boss = new PgBoss({ db: pgBossTx(tx), schema: BOSS_SCHEMA });
        const done: string[] = [];
        const held: { endpointId: number; probe: (typeof ctx.valid.body.results)[number]['probe'] }[] = [];
        for (const { jobId, probe } of ctx.valid.body.results) {
          // Only a job this region holds now counts (its lease not expired, not answered already).
          const job = await boss.getJobById<{ endpointId: number }>(queue, jobId);
          if (job?.state !== 'active' || done.includes(jobId)) continue;
          done.push(jobId);
          held.push({ endpointId: job.data.endpointId, probe });
        }
        // All the posted probes judged at once, an endpoint's latest standing for it.
        const targets = new Map(
          (
            await probeTargets(
              tx,
              held.map((h) => h.endpointId),
            )
          ).map((t) => [t.id, t]),
        );
        const latest = new Map<number, Probed>();
        for (const { endpointId, probe } of held) {
          const target = targets.get(endpointId);
          // The agent's clock may run ahead of the server's: a probe is never dated in the server's future.
          const at = new Date(Math.min(Date.parse(probe.at), Date.now()));
          const before = latest.get(endpointId);
          if (target && (!before || before.result.at <= at))
            latest.set(endpointId, { target, result: { ...probe, at } });
        }
        const probed = [...latest.values()];
        const verdicts = probed.length ? await judgeProbes(tx, probed) : [];
        const entries = probed.map(({ target, result }, i) => ({
          endpointId: target.id,
          region,
          status: verdicts[i].status,
          latencyMs: result.latencyMs,
          checkedAt: result.at,
        }));
        const changed = entries.length > 0 && (await saveRegionProbes(tx, entries, where.freshForS)).length > 0;
        if (done.length) await boss.complete(queue, done);
        return { recorded: done.length, changed };
      });
      // A region's entry that appeared, changed status or came back from stale is news on the pages; a latency
      // alone waits for the next round's refresh.
      if (!changed) ctx.state.changesNoSharedData = true;
      ctx.body = {
        recorded,
        ignored: ctx.valid.body.results.length - recorded,
      } satisfies AgentResultsAnswer;
    },
  );

  return router;
}
