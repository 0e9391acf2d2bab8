// One pass of the probes bench in a process of its own, compiled with the checkout it measures (this commit's or the
// previous one's) as the server is (bench/probes.ts): the prober over the loopback servers' endpoints (sent over IPC), all due at once, on the embedded
// database (PROBE_DB=embedded, in this process as `npm start` runs it) or PostgreSQL (PROBE_DB=<url>). Answers the
// pass's figures over IPC: wall time, this process's peak RSS and CPU, rows written, and the daily capability checks
// the pass set off (how many endpoints measured and the calls each cost, from the servers' counts at PROBE_CONTROL).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../api/config.ts';
import { openDatabase, type Database } from '../../api/db/index.ts';
import { migrate } from '../../api/db/migrate.ts';
import { startProber } from '../../api/health/prober.ts';

const CHAIN_ID = 31337;
const dbTarget = process.env.PROBE_DB!;
const control = process.env.PROBE_CONTROL!;
const template = process.env.PROBE_TEMPLATE!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const counts = async (reset = false) =>
  (await (await fetch(control + (reset ? '?reset' : ''))).json()) as { probe: number; capability: number };

async function writesSoFar(db: Database) {
  const [row] = await db.sql<{ ins: number; upd: number; del: number }[]>`
    SELECT coalesce(sum(n_tup_ins), 0)::int AS ins, coalesce(sum(n_tup_upd), 0)::int AS upd,
      coalesce(sum(n_tup_del), 0)::int AS del
    FROM pg_stat_all_tables WHERE schemaname IN ('public', 'pgboss')`;
  return row;
}

const urls = await new Promise<string[]>((resolve) => process.once('message', (m) => resolve(m as string[])));
// Embedded: in a data directory of its own, copied from build/pgdata (PROBE_TEMPLATE) as a fresh `npm start` copies
// it (in memory, the whole database would sit in the process's memory, and initdb's peak would count, as in no start).
const dataDir = dbTarget === 'embedded' ? mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-probe-pass-')) : undefined;
const db = await openDatabase(
  dataDir ? { dataDir, template: () => (existsSync(template) ? template : undefined) } : { databaseUrl: dbTarget },
);
await migrate(db.sql);
// Only the pass's endpoints: the dataset's would be probed over the network.
await db.sql`DELETE FROM chain_rpc_endpoints`;
const [{ id: chainId }] = await db.sql<{ id: number }[]>`
  INSERT INTO chains (name, slug, evm_chain_id) VALUES ('Bench', 'bench-probes', ${CHAIN_ID}) RETURNING id`;
await db.sql`INSERT INTO chain_rpc_endpoints ${db.sql(urls.map((url, position) => ({ chainId, url, position })))}`;
// All due now, and not again within the bench: one pass, each endpoint once.
await db.sql`INSERT INTO endpoint_health (endpoint_id, next_probe_at) SELECT id, now() FROM chain_rpc_endpoints`;
await db.sql`UPDATE prober_state SET round_started_at = now()`;
const config = loadConfig({ NODE_ENV: 'test', PROBE_INTERVAL_S: '3600', PROBE_ALLOW_PRIVATE: '1' });
const before = await writesSoFar(db);
const changesSoFar = async () => (await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM endpoint_changes`)[0].n;
const changesBefore = await changesSoFar();
await counts(true);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const prober = await startProber({ db, config, log: pino({ level: 'warn' }), schema: 'pgboss' });
for (;;) {
  const [{ n }] = await db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM endpoint_health WHERE checked_at IS NOT NULL`;
  if (n >= urls.length) break;
  await sleep(250);
}
const wallS = (performance.now() - t0) / 1000;
const probeCpu = process.cpuUsage(cpu0);
// The capability checks the pass set off run on after it: done once no capability call has come for 3 s.
let seen = (await counts()).capability;
for (let quiet = 0; quiet < 12;) {
  await sleep(250);
  const now = (await counts()).capability;
  quiet = now === seen ? quiet + 1 : 0;
  seen = now;
}
const capabilityS = (performance.now() - t0) / 1000 - 3;
const calls = await counts();
const [{ capabilitiesMeasured }] = await db.sql<{ capabilitiesMeasured: number }[]>`
  SELECT count(*)::int AS capabilities_measured FROM endpoint_health WHERE capabilities IS NOT NULL`;
await prober.stop();
await sleep(1500); // let the statistics collector catch up
const after = await writesSoFar(db);
const statuses = await db.sql<{ status: string; n: number }[]>`
  SELECT status, count(*)::int AS n FROM endpoint_health GROUP BY status ORDER BY status`;
const changes = (await changesSoFar()) - changesBefore;
await db.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
process.send!(
  {
    wallS,
    cpuS: (probeCpu.user + probeCpu.system) / 1e6,
    // The process's peak: start, migrations and the pass (the embedded database's memory included, as in `npm start`).
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    probes: urls.length,
    capabilitiesMeasured,
    capabilityS,
    probeCalls: calls.probe,
    capabilityCalls: calls.capability,
    writes: { ins: after.ins - before.ins, upd: after.upd - before.upd, del: after.del - before.del },
    statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
    changes,
  },
  () => process.exit(0),
);
