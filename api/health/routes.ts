// Endpoint health: the public reads (an endpoint's hourly history, the prober's state) and the admin's endpoint
// writes (add, edit, remove one endpoint; probe one now; list the dead ones).
import { z } from 'zod';
import { createRouter } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import { HttpError } from '../middleware/errors.ts';
import { validate } from '../middleware/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { idParams } from '../lib/params.ts';
import { definedOnly, inTransaction } from '../lib/write.ts';
import {
  existingChainIds,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listDeadEndpoints,
  updateEndpoint,
  type EndpointRow,
} from '../../sql/queries/chains.ts';
import { existingProviderIds } from '../../sql/queries/providers.ts';
import {
  countEndpointsByStatus,
  endpointHistory,
  ensureHealthRow,
  probeTargets,
  readProberState,
  resetHealthSummary,
} from '../../sql/queries/health.ts';
import type { Queryable } from '../db/index.ts';
import { presentEndpoint } from '../chains/presenter.ts';
import { presentCapabilities, presentChange, presentHealth } from './presenter.ts';
import { probeEndpoint } from './probe.ts';
import { measureCapabilities, recordProbes } from './prober.ts';
import { ownRegion } from './regions.ts';
import { answers } from '../openapi/document.ts';
import { endpointCreateSchema, endpointUpdateSchema, isEndpointUrl, type AdminEndpoint } from '../../contract/admin.ts';
import { DEAD_AFTER_DAYS, HEALTH_STATUSES } from '../../contract/health-rule.ts';
import { Feed } from 'feed';
import { listChanges } from '../../sql/queries/changes.ts';
import { paths } from '../../contract/urls.ts';
import {
  changePageSchema,
  changesQuerySchema,
  endpointHistorySchema,
  type Change,
  type ChangePage,
  type HealthStatus,
  historyQuerySchema,
  proberStateSchema,
  type EndpointHistory,
  type ProbeNow,
  type ProberState,
} from '../../contract/health.ts';

const WINDOW_HOURS = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30 } as const;

/** The prober's state when its rounds stopped: said as it is, never as "running" on old results. */
export const PROBER_STALLED_REASON = 'Health checks stalled: no round has started in two intervals';

export function healthRoutes() {
  const router = createRouter('/api');

  // Hourly buckets that have probes, oldest first (an hour without any is absent, not zero).
  router.get(
    '/endpoints/:id/history',
    cached,
    answers(endpointHistorySchema, "An endpoint's hourly health, oldest first"),
    validate({ params: idParams, query: historyQuerySchema }),
    async (ctx) => {
      const { id } = ctx.valid.params;
      if (!(await findEndpoint(ctx.sql, id))) throw new HttpError(404, 'Endpoint not found');
      const rows = await endpointHistory(ctx.sql, id, WINDOW_HOURS[ctx.valid.query.window]);
      ctx.body = rows.map((r) => ({
        hour: r.hour.toISOString(),
        probes: r.probes,
        ok: r.up,
        p50: r.p50Ms,
        p95: r.p95Ms,
      })) satisfies EndpointHistory;
    },
  );

  router.get(
    '/changes',
    cached,
    answers(changePageSchema, 'Endpoint status changes, additions and removals, newest first'),
    validate({ query: changesQuerySchema }),
    async (ctx) => {
      const { limit, ...filters } = ctx.valid.query;
      const rows = await listChanges(ctx.sql, { ...filters, limit: limit + 1 });
      const items = rows.slice(0, limit).map(presentChange);
      const more = rows.length > limit;
      const nextQuery = () =>
        new URLSearchParams({
          ...(filters.chain && { chain: filters.chain }),
          ...(filters.provider && { provider: filters.provider }),
          limit: String(limit),
          before: String(items.at(-1)!.id),
        });
      ctx.body = { items, next: more ? `/api/changes?${nextQuery()}` : null } satisfies ChangePage;
    },
  );

  router.get('/health/prober', cached, answers(proberStateSchema, "The prober's state"), async (ctx) => {
    const [stored, counts] = await Promise.all([readProberState(ctx.sql), countEndpointsByStatus(ctx.sql)]);
    const byStatus = Object.fromEntries(HEALTH_STATUSES.map((s) => [s, 0])) as ProberState['byStatus'];
    for (const c of counts) byStatus[c.status] = c.count;
    // The stored state is the probers' (running or paused), wherever they run: with PROBES=off here a `worker:`
    // process may still probe, and it starts a round every interval. Off when none has within two; with PROBES=on,
    // stalled when rounds started once and then stopped (a prober that died writes nothing to say so).
    const { enabled, intervalS } = ctx.config.probes;
    const lastStart = stored.roundStartedAt?.getTime() ?? 0;
    const quietFrom = lastStart + 2 * intervalS * 1000;
    const quiet = Date.now() > quietFrom;
    const off = !enabled && quiet;
    const stalled = enabled && lastStart > 0 && quiet;
    // Cached until the next write, and a stop writes nothing: the answer is redone when it would turn.
    if (!quiet) ctx.cache.staleAt(quietFrom + 1);
    ctx.body = {
      state: off ? 'off' : stalled ? 'paused' : stored.state,
      reason: off ? 'Health checks are switched off (PROBES=off)' : stalled ? PROBER_STALLED_REASON : stored.reason,
      lastRoundAt: stored.lastRoundAt?.toISOString() ?? null,
      endpoints: counts.reduce((sum, c) => sum + c.count, 0),
      byStatus,
    } satisfies ProberState;
  });

  return router;
}

/** A change in words, as the Atom feed titles it. */
function changeTitle(c: Change): string {
  const where = [c.chain?.name, c.provider?.name].filter(Boolean).join(', ');
  const what =
    c.kind === 'added'
      ? 'added'
      : c.kind === 'removed'
        ? 'removed'
        : `${STATUS_WORDS[c.from ?? 'unverified']} → ${STATUS_WORDS[c.to ?? 'unverified']}`;
  const from = c.refresh && ` from ${c.refresh.source} (${c.refresh.location})`;
  return `${c.endpoint.url}${where ? ` (${where})` : ''}: ${what}${from ?? ''}`;
}

const STATUS_WORDS: Record<HealthStatus, string> = {
  ok: 'working',
  degraded: 'degraded',
  down: 'down',
  'wrong-chain': 'wrong chain',
  'wrong-data': 'wrong data',
  unverified: 'unverified',
};

/** The latest changes as an Atom feed (all, or one chain's or provider's): GET /changes.atom?chain=&provider=. */
export function changesFeedRoutes() {
  const router = createRouter();
  router.get(
    '/changes.atom',
    validate({ query: changesQuerySchema.pick({ chain: true, provider: true }) }),
    async (ctx) => {
      const { chain, provider } = ctx.valid.query;
      const base = ctx.config.publicUrl;
      const changes = (await listChanges(ctx.sql, { chain, provider, limit: 50 })).map(presentChange);
      const self = `${base}/changes.atom${ctx.querystring ? `?${ctx.querystring}` : ''}`;
      const page = chain
        ? base + paths.chain(chain)
        : provider
          ? base + paths.provider(provider)
          : base + paths.status();
      const feed = new Feed({
        id: self,
        link: page,
        title: `RPC Atlas endpoint changes${chain ? `: ${chain}` : provider ? `: ${provider}` : ''}`,
        description: 'Endpoint status changes, additions and removals, newest first',
        copyright: '',
        updated: changes[0] ? new Date(changes[0].at) : new Date(0),
        feedLinks: { atom: self },
      });
      for (const c of changes) {
        feed.addItem({
          id: `${base}/api/changes?before=${c.id + 1}&limit=1`,
          // The library writes titles as CDATA, which this sequence alone would end.
          title: changeTitle(c).replaceAll(']]>', ']] >'),
          link: c.chain ? base + paths.chain(c.chain.slug) : page,
          date: new Date(c.at),
        });
      }
      ctx.type = 'application/atom+xml; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = feed.atom1();
    },
  );
  return router;
}

const presentAdminEndpoint = (e: EndpointRow): AdminEndpoint => ({
  ...presentEndpoint(e),
  id: e.id,
  chainId: e.chainId,
});

async function checkProvider(tx: Queryable, providerId: number | null | undefined) {
  if (providerId && !(await existingProviderIds(tx, [providerId])).length) {
    throw new HttpError(400, `providerId: No provider has the id ${providerId}`);
  }
}

const conflicts = (url: string | undefined) => ({
  chain_rpc_endpoints_chain_id_url_key: () => `The chain already lists the endpoint ${url}`,
});

export function adminEndpointRoutes() {
  const router = createRouter('/api/admin/endpoints');

  router.get('/', requireAdmin, validate({ query: z.object({ dead: z.literal('1') }) }), async (ctx) => {
    ctx.body = (await listDeadEndpoints(ctx.sql, DEAD_AFTER_DAYS)).map(presentAdminEndpoint);
  });

  router.post('/', requireAdmin, validate({ body: endpointCreateSchema }), async (ctx) => {
    const { chainId, ...input } = ctx.valid.body;
    const endpoint = await inTransaction(
      ctx,
      async (tx) => {
        if (!(await existingChainIds(tx, [chainId])).length) {
          throw new HttpError(400, `chainId: No chain has the id ${chainId}`);
        }
        await checkProvider(tx, input.providerId);
        const id = await insertEndpoint(tx, chainId, input);
        if (id === null) throw new HttpError(409, `The chain already lists the endpoint ${input.url}`);
        return findEndpoint(tx, id);
      },
      conflicts(input.url),
    );
    ctx.status = 201;
    ctx.body = presentAdminEndpoint(endpoint!);
  });

  router.put('/:id', requireAdmin, validate({ params: idParams, body: endpointUpdateSchema }), async (ctx) => {
    const { id } = ctx.valid.params;
    const values = definedOnly(ctx.valid.body);
    const endpoint = await inTransaction(
      ctx,
      async (tx) => {
        const before = await findEndpoint(tx, id);
        if (!before) throw new HttpError(404, 'Endpoint not found');
        await checkProvider(tx, values.providerId);
        await updateEndpoint(tx, id, values);
        // A new address has not been measured: its health starts again (the round's sync gives it a timer).
        if (values.url !== undefined && values.url !== before.url) await resetHealthSummary(tx, id);
        return findEndpoint(tx, id);
      },
      conflicts(values.url),
    );
    ctx.body = presentAdminEndpoint(endpoint!);
  });

  router.delete('/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    if (!(await ctx.sql.begin((tx) => deleteEndpoint(tx, id)))) throw new HttpError(404, 'Endpoint not found');
    ctx.body = { id, deleted: true };
  });

  // Probes one endpoint now with the prober's own probe (SSRF rules included) and records it as a round would.
  router.post('/:id/probe', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    if (!(await findEndpoint(ctx.sql, id))) throw new HttpError(404, 'Endpoint not found');
    const [target] = await probeTargets(ctx.sql, [id]);
    if (!target) {
      throw new HttpError(409, 'This endpoint is not probed (it needs an API key or its chain has no EVM chain id)');
    }
    // A stored URL these rules refuse (written to the database by other means): say so rather than fail.
    if (!isEndpointUrl(target.url)) {
      throw new HttpError(409, "This endpoint's URL is not a valid URL: correct it, then probe again");
    }
    const probeOptions = { allowPrivate: ctx.config.probes.allowPrivate, origin: new URL(ctx.config.publicUrl).origin };
    const result = await probeEndpoint(target.url, probeOptions);
    const recorded = result.errorClass !== 'dns' && result.errorClass !== 'connect';
    if (recorded) {
      await ctx.sql.begin(async (tx) => {
        await ensureHealthRow(tx, id, ctx.config.probes.intervalS);
        await recordProbes(tx, [{ target, result }], ownRegion(ctx.config));
      });
    }
    // Capabilities are measured again when the endpoint answered its chain (the daily check's calls, paced alike).
    if (recorded && result.errorClass === null && result.answeredChainId === target.evmChainId) {
      await measureCapabilities(ctx.sql, target, result.headBlock!, probeOptions);
    }
    const endpoint = await findEndpoint(ctx.sql, id);
    ctx.body = {
      recorded,
      probe: {
        at: result.at.toISOString(),
        httpStatus: result.httpStatus,
        latencyMs: result.latencyMs,
        errorClass: result.errorClass,
        answeredChainId: result.answeredChainId,
        headBlock: result.headBlock,
        browserCallable: result.browserCallable,
      },
      health: presentHealth(endpoint!),
      capabilities: presentCapabilities(endpoint!.capabilities),
    } satisfies ProbeNow;
  });

  return router;
}
