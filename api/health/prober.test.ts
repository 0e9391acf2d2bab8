// The prober end to end on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): real servers on
// loopback, pg-boss over the app's client, a 3-second interval.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../test/harness.ts';
import { probeEndpoint } from './probe.ts';
import { openQueue } from './queue.ts';
import { NO_NETWORK_REASON, startProber, type Prober, type ProberOptions } from './prober.ts';
import type { EndpointCapabilities } from '../../contract/health.ts';
import { ANVIL_CHAIN_ID, closedPort, startAnvil, startFakeRpc, type Anvil, type FakeRpc } from './test-servers.ts';

const INTERVAL_S = 3;
const config = loadConfig({
  NODE_ENV: 'test',
  PROBE_INTERVAL_S: String(INTERVAL_S),
  PROBE_ALLOW_PRIVATE: '1',
  PUBLIC_URL: 'http://localhost:3000',
});
const log = pino({ level: 'silent' });
const fastQueue = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  expireInSeconds: 20,
  retryDelaySeconds: 0,
};

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let anvil: Anvil;
const servers: FakeRpc[] = [];
const probers: Prober[] = [];
let chainId: number;
let schemaCount = 0;

const fake = async (o: Parameters<typeof startFakeRpc>[0]) => {
  const s = await startFakeRpc(o);
  servers.push(s);
  return s;
};
const start = async (o: Partial<ProberOptions> = {}) => {
  const prober = await startProber({ db, config, log, queue: fastQueue, schema: `pgboss_test_${schemaCount}`, ...o });
  probers.push(prober);
  return prober;
};
const addEndpoint = async (url: string, needsApiKey = false) => {
  const [row] = await db.sql<{ id: number }[]>`
    INSERT INTO chain_rpc_endpoints (chain_id, url, needs_api_key)
    VALUES (${chainId}, ${url}, ${needsApiKey}) RETURNING id`;
  return row.id;
};
const health = () => db.sql<
  {
    endpointId: number;
    status: string;
    checkedAt: Date | null;
    uptime24h: number | null;
    browserCallable: boolean | null;
    downSince: Date | null;
    blockLag: number | null;
  }[]
>`
  SELECT endpoint_id, status, checked_at, uptime_24h, browser_callable, down_since, block_lag FROM endpoint_health`;
const probeCounts = async () =>
  Object.fromEntries(
    (
      await db.sql<{ endpointId: number; n: number }[]>`
  SELECT endpoint_id, count(*)::int AS n FROM endpoint_probes GROUP BY endpoint_id`
    ).map((r) => [r.endpointId, r.n]),
  );
async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Never twice in one round: each endpoint's first probe falls within the first interval (its phase), then one per
 * interval, so over `elapsed` it has at most floor(elapsed / interval) + 1 probes, however late the queue ran one.
 */
async function expectOncePerRound(started: number) {
  const most = Math.floor((Date.now() - started) / (INTERVAL_S * 1000)) + 1;
  for (const [id, n] of Object.entries(await probeCounts())) expect(n, `endpoint ${id}`).toBeLessThanOrEqual(most);
}

beforeAll(async () => {
  db = await openTestDatabase();
  anvil = await startAnvil();
});
afterAll(async () => {
  await Promise.all(probers.map((p) => p.stop({ graceful: false })));
  await anvil.stop();
  await Promise.all(servers.map((s) => s.close()));
  await db.close();
  await db.dropCopy();
});
beforeEach(async () => {
  await Promise.all(probers.splice(0).map((p) => p.stop({ graceful: false })));
  schemaCount++;
  // Only this test's endpoints: the dataset's would be probed over the real network.
  await db.sql`DELETE FROM chain_rpc_endpoints`;
  await db.sql`DELETE FROM chains WHERE evm_chain_id = ${ANVIL_CHAIN_ID}`;
  await db.sql`UPDATE prober_state SET state = 'running', reason = NULL, round_started_at = NULL, last_round_at = NULL`;
  [{ id: chainId }] = await db.sql<{ id: number }[]>`
    INSERT INTO chains (name, slug, evm_chain_id) VALUES ('Anvil', 'anvil-probe-test', ${ANVIL_CHAIN_ID}) RETURNING id`;
});

describe('the prober', () => {
  it("probes every endpoint once per round and keeps each one's status, uptime and history", async () => {
    const ids = {
      anvil: await addEndpoint(anvil.url),
      wrong: await addEndpoint((await fake({ chainId: 1 })).url),
      failing: await addEndpoint((await fake({ status: 500, body: 'oops' })).url),
      lagging: await addEndpoint(
        (await fake({ head: async () => ({ block: Math.max(0, (await anvil.head()) - 50), ageS: 120 }) })).url,
      ),
      template: await addEndpoint('https://rpc.example/${API_KEY}'),
      keyed: await addEndpoint('https://keyed.example/', true),
    };
    await db.sql`SELECT 1`;
    let invalidations = 0;
    db.onInvalidation(() => invalidations++);
    await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x64'] }),
    });
    const started = Date.now();
    await start();
    const probed = [ids.anvil, ids.wrong, ids.failing, ids.lagging];
    // Two probes each: the second is judged against a consensus that has every right-chain head in it.
    await until(async () => {
      const c = await probeCounts();
      return probed.every((id) => (c[id] ?? 0) >= 2);
    }, 25_000);
    const rows = Object.fromEntries((await health()).map((h) => [h.endpointId, h]));
    expect(Object.keys(rows).map(Number).sort()).toEqual([...probed].sort()); // key templates are never probed
    expect(rows[ids.anvil]).toMatchObject({ status: 'ok', uptime24h: 1, browserCallable: true, downSince: null });
    // Measured beside the probes, a call a second: a full node serves old state, trace_ and debug_.
    const measured = async () =>
      (
        await db.sql<{ capabilities: EndpointCapabilities | null }[]>`
        SELECT capabilities FROM endpoint_health WHERE endpoint_id = ${ids.anvil}`
      )[0].capabilities;
    await until(async () => (await measured()) !== null, 25_000);
    expect(await measured()).toMatchObject({
      archive: { value: true },
      trace: { value: true },
      debug: { value: true },
    });
    expect(rows[ids.wrong].status).toBe('wrong-chain');
    expect(rows[ids.failing]).toMatchObject({ status: 'down', uptime24h: 0 });
    expect(rows[ids.failing].downSince).toBeInstanceOf(Date);
    expect(rows[ids.lagging].status).toBe('degraded');
    expect(rows[ids.lagging].blockLag).toBeGreaterThanOrEqual(45);
    const [hourly] = await db.sql<{ probes: number; up: number }[]>`
      SELECT sum(probes)::int AS probes, sum(up)::int AS up
      FROM endpoint_health_hourly WHERE endpoint_id = ${ids.anvil}`;
    expect(hourly.probes).toBe((await probeCounts())[ids.anvil]);
    expect(hourly.up).toBe(hourly.probes);
    await expectOncePerRound(started);
    await until(async () => invalidations > 0, 10_000); // a new round clears cached pages
  }, 45_000);

  it('with no network at all it pauses and records nothing: statuses and checkedAt stay as they were', async () => {
    const known = await addEndpoint('http://known.invalid/');
    await addEndpoint('http://nowhere.invalid/');
    await addEndpoint(`http://127.0.0.1:${await closedPort()}/`);
    await addEndpoint(`http://127.0.0.2:${await closedPort()}/`);
    const checkedAt = new Date('2026-11-20T10:00:00Z');
    await db.sql`INSERT INTO endpoint_health (endpoint_id, next_probe_at, status, checked_at)
      VALUES (${known}, now(), 'ok', ${checkedAt})`;
    let attempts = 0;
    await start({
      probe: (url, o) => {
        attempts++;
        return probeEndpoint(url, o);
      },
    });
    await until(async () => (await db.sql`SELECT 1 FROM prober_state WHERE state = 'paused'`).length === 1, 15_000);
    await until(async () => attempts >= 8, 15_000); // two rounds
    const [state] = await db.sql<{ reason: string }[]>`SELECT reason FROM prober_state`;
    expect(state.reason).toBe(NO_NETWORK_REASON);
    expect(await probeCounts()).toEqual({});
    const rows = await health();
    expect(rows.filter((r) => r.status === 'down')).toEqual([]);
    expect(rows.find((r) => r.endpointId === known)).toMatchObject({ status: 'ok', checkedAt });
    expect(
      rows.filter((r) => r.endpointId !== known).every((r) => r.status === 'unverified' && r.checkedAt === null),
    ).toBe(true);

    // The network returns (an endpoint answers): running again, and failures are the endpoints' own.
    await addEndpoint(anvil.url);
    await db.sql`UPDATE endpoint_health SET next_probe_at = now()`;
    await db.sql`UPDATE prober_state SET round_started_at = now() - interval '1 hour'`; // next tick picks it up
    await until(async () => (await db.sql`SELECT 1 FROM prober_state WHERE state = 'running'`).length === 1, 15_000);
  }, 45_000);

  it('two instances on one database share the rounds: each endpoint once per round', async () => {
    const server = await fake({});
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await addEndpoint(`${server.url}e${i}`));
    // Which instance takes a job is the queue's business; what matters is that no endpoint is probed twice a round.
    const byInstance = [0, 0];
    const counting =
      (n: number): ProberOptions['probe'] =>
      (url, o) => {
        byInstance[n]++;
        return probeEndpoint(url, o);
      };
    const schema = `pgboss_test_${schemaCount}`;
    const started = Date.now();
    await Promise.all([start({ probe: counting(0), schema }), start({ probe: counting(1), schema })]);
    await until(async () => {
      const c = await probeCounts();
      return ids.every((id) => (c[id] ?? 0) >= 2);
    }, 25_000);
    await expectOncePerRound(started);
    // Every probe made is recorded once (a probe still in flight when counted is recorded a moment later).
    const recorded = async () => (await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM endpoint_probes`)[0].n;
    await until(async () => byInstance[0] + byInstance[1] === (await recorded()), 10_000);
  }, 45_000);
});

describe('the queue', () => {
  it('instances opening it together on a new database each get it started (the losers of the race try again)', async () => {
    // On PostgreSQL, three at once lost the race to install pg-boss's schema (a duplicate key) or to create the queue
    // (a deadlock) in most rounds before they retried.
    for (let round = 0; round < 5; round++) {
      const schema = `pgboss_test_race_${schemaCount}_${round}`;
      const opened = await Promise.all(
        [0, 1, 2].map(() =>
          openQueue(db.sql, { schema, maintenanceIntervalSeconds: 60, onError: () => {} }, { name: 'race-test' }),
        ),
      );
      for (const boss of opened) expect(await boss.getQueue('race-test')).toMatchObject({ name: 'race-test' });
      await Promise.all(opened.map((boss) => boss.stop({ graceful: false })));
    }
  });
});

// A killed process cannot be played inside this one; the embedded database belongs to one process anyway.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed mid-round', () => {
  it('loses no endpoint: its jobs expire and another instance probes them', async () => {
    const server = await fake({});
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await addEndpoint(`${server.url}k${i}`));
    // Due now, and not again for ten minutes: only a retry can probe them again within the test.
    await db.sql`INSERT INTO endpoint_health (endpoint_id, next_probe_at) SELECT id, now() FROM chain_rpc_endpoints
      ON CONFLICT (endpoint_id) DO UPDATE SET next_probe_at = now()`;
    const [{ name }] = await db.sql<{ name: string }[]>`SELECT current_database() AS name`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const schema = `pgboss_test_${schemaCount}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/health/test-crash-worker.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        PROBE_TEST_SCHEMA: schema,
        PROBE_INTERVAL_S: '600',
        PROBE_ALLOW_PRIVATE: '1',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const taken = new Set<string>();
    child.stdout!.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line.startsWith('taken ')) taken.add(line.slice(6));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      // It holds all five jobs: four probes hang, the fifth waits for its host's turn (four at once per host).
      await until(async () => taken.size === 4, 30_000);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(await probeCounts()).toEqual({});

    await start({
      schema,
      config: loadConfig({ ...process.env, NODE_ENV: 'test', PROBE_INTERVAL_S: '600', PROBE_ALLOW_PRIVATE: '1' }),
    });
    await until(async () => Object.keys(await probeCounts()).length === ids.length, 20_000);
    expect(Object.values(await probeCounts())).toEqual(ids.map(() => 1));
  }, 60_000);
});
