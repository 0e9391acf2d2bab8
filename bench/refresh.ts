// The refresh from upstream at ten thousand endpoints: a synthetic snapshot (the shipped one, a tenth of its
// endpoints dropped, the rest grown to 10,000 endpoints over the same chains) read and diffed against the seeded
// directory, then applied — every item in one transaction — on a fresh embedded database each round.
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../api/db/index.ts';
import { migrate } from '../api/db/migrate.ts';
import { seedIfEmpty } from '../api/db/seed.ts';
import { applyRefresh } from '../api/refresh/apply.ts';
import { computeDiff } from '../api/refresh/diff.ts';
import { datasetHosts, snapshotFromBytes } from '../api/refresh/source.ts';
import { shippedSnapshot } from '../api/refresh/test-support.ts';
import { readDirectoryForRefresh } from '../sql/queries/refresh.ts';
import { summaryLine } from '../contract/refresh.ts';
import { report, table } from './lib/env.ts';
import type { BenchOptions } from './run.ts';

const ENDPOINTS = 10_000;

function syntheticSnapshot() {
  const chains = shippedSnapshot();
  for (const c of chains) c.rpc = c.rpc.filter((_, i) => i % 10 !== 1);
  let total = chains.reduce((n, c) => n + c.rpc.length, 0);
  for (let i = 0; total < ENDPOINTS; i++, total++) {
    const c = chains[i % chains.length];
    c.rpc.push({
      url: `https://bench-${i}.${i % 2 ? 'publicnode.com' : 'bench-rpc.example'}/${c.chainId}`,
      tracking: 'none',
    });
  }
  return Buffer.from(JSON.stringify(chains));
}

export async function benchRefresh(opts: BenchOptions) {
  const bytes = syntheticSnapshot();
  const hosts = datasetHosts();
  const rows: (string | number)[][] = [];
  let summary = '';
  for (let round = 0; round < opts.rounds; round++) {
    const db = await openDatabase({ inMemory: true });
    try {
      await migrate(db.sql);
      await seedIfEmpty(db.sql);
      const t0 = performance.now();
      const { snapshot, source } = snapshotFromBytes(bytes, 'synthetic rpcs.json', null);
      const diff = computeDiff(snapshot, source, await readDirectoryForRefresh(db.sql), hosts);
      const diffS = (performance.now() - t0) / 1000;
      const t1 = performance.now();
      const result = await applyRefresh(db.sql, snapshot, source, hosts, 'non-conflicting', {
        id: null,
        name: 'bench',
      });
      const applyS = (performance.now() - t1) / 1000;
      summary = summaryLine(diff.summary);
      rows.push([
        round + 1,
        snapshot.chains.reduce((n, c) => n + c.rpcs.length, 0),
        diff.items.length,
        diffS.toFixed(2),
        result.applied.length,
        applyS.toFixed(2),
      ]);
    } finally {
      await db.close();
    }
  }
  report(
    'refresh',
    `${table(['round', 'snapshot endpoints', 'diff items', 'read + diff (s)', 'items applied', 'apply, one transaction (s)'], rows)}\n\n${summary} (target: diff < 5 s)\n`,
  );
}
