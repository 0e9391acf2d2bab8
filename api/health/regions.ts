// Regions: the site's own prober is one (PROBE_REGION), each probe agent's region another. A region's probe jobs
// wait on a pg-boss queue of its own, fed from the same endpoint timers as the site's own probes; the agent API
// (agents.ts) takes them from there on an agent's behalf.
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/index.ts';
import { activeRegions } from '../../sql/queries/probe-agents.ts';

/** A region's entry turns stale when no result came within this many probe intervals. */
export const STALE_AFTER_INTERVALS = 3;

/** Where a probe was made: the region's name, and how long its result stays fresh. */
export type ProbeRegion = { name: string; freshForS: number };

export const ownRegion = (config: Config): ProbeRegion => ({
  name: config.probes.region,
  freshForS: STALE_AFTER_INTERVALS * config.probes.intervalS,
});

export const agentRegion = (config: Config, name: string): ProbeRegion => ({ ...ownRegion(config), name });

/** A region's queue: its name hex-encoded, so that any region name makes a distinct, valid queue name. */
export const regionQueue = (region: string) => `agent-probe-${Buffer.from(region, 'utf8').toString('hex')}`;

type QueueOptions = Omit<PgBoss.Queue, 'name'>;

/**
 * Queues a probe job of each due endpoint for every region that has an agent (not revoked). Stately queues keyed by
 * endpoint hold at most one waiting job per endpoint, so a region whose agents stopped keeps one per endpoint, not a
 * backlog. `created` remembers the queues this process made sure of.
 */
export async function scheduleRegionJobs(
  boss: PgBoss,
  sql: Queryable,
  due: { endpointId: number; dueAt: Date }[],
  queueOptions: QueueOptions,
  created: Set<string>,
) {
  for (const region of await activeRegions(sql)) {
    const name = regionQueue(region);
    if (!created.has(name)) {
      const options = { ...queueOptions, name };
      if (await boss.getQueue(name)) await boss.updateQueue(name, options);
      else await boss.createQueue(name, options);
      created.add(name);
    }
    await boss.insert(
      due.map((d) => ({
        name,
        data: { endpointId: d.endpointId },
        singletonKey: String(d.endpointId),
        startAfter: d.dueAt,
      })),
    );
  }
}
