// `npm run bench -- probes`: one full pass of the prober over 2,000 loopback endpoints with mixed latencies, all
// due at once, on the embedded database and on PostgreSQL: wall time, peak memory, CPU and rows written; and the
// daily capability checks the pass sets off (archive, trace/debug, log ranges, batches): how many endpoints it
// measured and the calls each cost, which is what a day of capability checks costs an endpoint.
// The endpoints sit on 50 hosts (127.0.0.1–50, so the per-host limit applies as it would to real providers),
// 40 each; an endpoint's answer delay per call is one of 10, 50, 150, 400, 1200 ms and 1 in 20 answers HTTP 500.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { loadConfig } from '../api/config.ts';
import { openDatabase, type Database } from '../api/db/index.ts';
import { migrate } from '../api/db/migrate.ts';
import { startProber } from '../api/health/prober.ts';
import { dropDatabase, fmt, recreateDatabase, report, sleep, table } from './lib/env.ts';
import type { BenchOptions } from './run.ts';

const HOSTS = 50;
const PER_HOST = 40;
const DELAYS_MS = [10, 50, 150, 400, 1200];
const BENCH_DB = 'rpc_atlas_bench_probes';
const CHAIN_ID = 31337;

/** The methods of the health probe itself; every other call (and every batch) is a capability check's. */
const PROBE_METHODS = new Set(['eth_chainId', 'eth_blockNumber', 'eth_getBlockByNumber']);
/** HTTP requests the loopback servers answered since the last reset: the probe's and the capability checks'. */
const calls = { probe: 0, capability: 0 };

type Call = { id: number; method: string };
/** A full node's answer: the chain id, a head that moves, a block; history and traces answer (an archive node). */
function answer(call: Call) {
  const head = 1_000_000 + Math.floor(Date.now() / 2000);
  const result =
    call.method === 'eth_chainId'
      ? `0x${CHAIN_ID.toString(16)}`
      : call.method === 'eth_blockNumber'
        ? `0x${head.toString(16)}`
        : call.method === 'eth_getBalance'
          ? '0x0'
          : ['eth_getLogs', 'trace_block', 'debug_traceBlockByNumber'].includes(call.method)
            ? []
            : { number: `0x${head.toString(16)}`, timestamp: `0x${Math.floor(Date.now() / 1000).toString(16)}` };
  return { jsonrpc: '2.0', id: call.id, result };
}

/** One JSON-RPC server per loopback address; the path's number picks the endpoint's delay and failure. */
async function startServers() {
  const servers: http.Server[] = [];
  const urls: string[] = [];
  for (let h = 1; h <= HOSTS; h++) {
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const n = Number(req.url!.slice(1));
      await sleep(DELAYS_MS[n % DELAYS_MS.length]);
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      if (n % 20 === 7) return void res.writeHead(500).end('busy');
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Call | Call[];
      if (Array.isArray(body) || !PROBE_METHODS.has(body.method)) calls.capability++;
      else calls.probe++;
      res
        .writeHead(200, { 'content-type': 'application/json', ...cors })
        .end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
    });
    server.keepAliveTimeout = 1;
    await new Promise<void>((resolve) => server.listen(0, `127.0.0.${h}`, resolve));
    servers.push(server);
    for (let i = 0; i < PER_HOST; i++)
      urls.push(`http://127.0.0.${h}:${(server.address() as AddressInfo).port}/${h * PER_HOST + i}`);
  }
  return { urls, close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))) };
}

async function writesSoFar(db: Database) {
  const [row] = await db.sql<{ ins: number; upd: number; del: number }[]>`
    SELECT coalesce(sum(n_tup_ins), 0)::int AS ins, coalesce(sum(n_tup_upd), 0)::int AS upd,
      coalesce(sum(n_tup_del), 0)::int AS del
    FROM pg_stat_all_tables WHERE schemaname IN ('public', 'pgboss')`;
  return row;
}

type Pass = {
  label: string;
  capabilitiesMeasured: number;
  capabilityS: number;
  probeCalls: number;
  capabilityCalls: number;
  wallS: number;
  peakRssMb: number;
  cpuS: number;
  probes: number;
  byTable: string;
  writes: string;
};

async function onePass(label: string, db: Database, urls: string[]): Promise<Pass> {
  await migrate(db.sql);
  await db.sql`DELETE FROM chain_rpc_endpoints`;
  await db.sql`DELETE FROM chains WHERE evm_chain_id = ${CHAIN_ID}`;
  const [{ id: chainId }] = await db.sql<{ id: number }[]>`
    INSERT INTO chains (name, slug, evm_chain_id) VALUES ('Bench', 'bench-probes', ${CHAIN_ID}) RETURNING id`;
  await db.sql`INSERT INTO chain_rpc_endpoints ${db.sql(urls.map((url, position) => ({ chainId, url, position })))}`;
  // All due now, and not again within the bench: one pass, each endpoint once.
  await db.sql`INSERT INTO endpoint_health (endpoint_id, next_probe_at) SELECT id, now() FROM chain_rpc_endpoints`;
  await db.sql`UPDATE prober_state SET round_started_at = now()`;
  const config = loadConfig({ NODE_ENV: 'test', PROBE_INTERVAL_S: '3600', PROBE_ALLOW_PRIVATE: '1' });
  const before = await writesSoFar(db);
  calls.probe = calls.capability = 0;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => void (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const prober = await startProber({ db, config, log: pino({ level: 'warn' }), schema: 'pgboss' });
  for (;;) {
    const [{ n }] = await db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM endpoint_health WHERE checked_at IS NOT NULL`;
    if (n >= urls.length) break;
    await sleep(250);
  }
  const wallS = (performance.now() - t0) / 1000;
  // The capability checks the pass set off run on after it: done once no capability call has come for 3 s.
  let capabilityCallsSeen = calls.capability;
  for (let quiet = 0; quiet < 12;) {
    await sleep(250);
    quiet = calls.capability === capabilityCallsSeen ? quiet + 1 : 0;
    capabilityCallsSeen = calls.capability;
  }
  const capabilityS = (performance.now() - t0) / 1000 - 3;
  const [{ capabilitiesMeasured }] = await db.sql<{ capabilitiesMeasured: number }[]>`
    SELECT count(*)::int AS capabilities_measured FROM endpoint_health WHERE capabilities IS NOT NULL`;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  await prober.stop();
  await sleep(1500); // let the statistics collector catch up
  const after = await writesSoFar(db);
  const counts = await db.sql<{ t: string; n: number }[]>`
    SELECT 'endpoint_probes' AS t, count(*)::int AS n FROM endpoint_probes
    UNION ALL SELECT 'endpoint_health_hourly', count(*)::int FROM endpoint_health_hourly
    UNION ALL SELECT 'pgboss.job', count(*)::int FROM pgboss.job`;
  const statuses = await db.sql<{ status: string; n: number }[]>`
    SELECT status, count(*)::int AS n FROM endpoint_health GROUP BY status ORDER BY status`;
  return {
    label,
    capabilitiesMeasured,
    capabilityS,
    probeCalls: calls.probe,
    capabilityCalls: calls.capability,
    wallS,
    peakRssMb: peakRss / 2 ** 20,
    cpuS: (cpu.user + cpu.system) / 1e6,
    probes: urls.length,
    byTable:
      `${counts.map((c) => `${c.t} ${c.n}`).join(', ')}; ` +
      `statuses ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`,
    writes: `${after.ins - before.ins} inserted, ${after.upd - before.upd} updated, ${after.del - before.del} deleted`,
  };
}

export async function benchProbes(opts: BenchOptions) {
  const { urls, close } = await startServers();
  const passes: Pass[] = [];
  try {
    for (let i = 0; i < opts.rounds; i++) {
      const embedded = await openDatabase({ inMemory: true });
      try {
        passes.push(await onePass('embedded (PGlite, one connection)', embedded, urls));
      } finally {
        await embedded.close();
      }
      const url = await recreateDatabase(BENCH_DB);
      const pg = await openDatabase({ databaseUrl: url });
      try {
        passes.push(await onePass('PostgreSQL 15 (pool of 10)', pg, urls));
      } finally {
        await pg.close();
        await dropDatabase(BENCH_DB);
      }
    }
  } finally {
    await close();
  }
  report(
    'probes',
    table(
      [
        'database',
        'endpoints',
        'wall time (s)',
        'probes/s',
        'peak RSS (MB)',
        'CPU (s)',
        'CPU ms/probe',
        'rows written (pg_stat)',
      ],
      passes.map((p) => [
        p.label,
        fmt.n(p.probes),
        fmt.ms(p.wallS),
        fmt.ms(p.probes / p.wallS),
        fmt.n(p.peakRssMb),
        fmt.ms(p.cpuS),
        fmt.ms((p.cpuS * 1000) / p.probes),
        p.writes,
      ]),
    ),
  );
  report('probes', passes.map((p) => `- ${p.label}: ${p.byTable}`).join('\n'));
  report(
    'probes',
    table(
      [
        'database',
        'capabilities measured',
        'until the last stored (s)',
        'probe calls / endpoint',
        'capability calls / endpoint measured (= per day)',
      ],
      passes.map((p) => [
        p.label,
        `${fmt.n(p.capabilitiesMeasured)} of ${fmt.n(p.probes)}`,
        fmt.ms(p.capabilityS),
        fmt.ms(p.probeCalls / p.probes),
        p.capabilitiesMeasured ? fmt.ms(p.capabilityCalls / p.capabilitiesMeasured) : '—',
      ]),
    ),
  );
}
