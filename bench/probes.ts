// `npm run bench -- probes`: one full pass of the prober over 2,000 loopback endpoints with mixed latencies, all due
// at once, on the embedded database and on PostgreSQL, by this commit's prober and the previous commit's (BENCH_BASE,
// default HEAD~1, in a private worktree) in turns: wall time, the prober process's peak memory and CPU, rows written;
// and the daily capability checks the pass sets off (archive, trace/debug, log ranges, batches): how many endpoints
// it measured and the calls each cost, which is what a day of capability checks costs an endpoint.
// The loopback servers run in a process of their own (bench/lib/probe-servers.ts) and each pass in another
// (bench/lib/probe-pass.ts, compiled as the server is), so the figures are the prober's alone.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE_OPTIONS } from '../scripts/build-server.mjs';
import { dropDatabase, fmt, recreateDatabase, report, ROOT, table } from './lib/env.ts';
import { median } from './lib/load.ts';
import type { BenchOptions } from './run.ts';

const BENCH_DB = 'rpc_atlas_bench_probes';
const TARGETS = { wallS: 20, peakRssMb: 200 };

type Pass = {
  wallS: number;
  cpuS: number;
  peakRssMb: number;
  probes: number;
  capabilitiesMeasured: number;
  capabilityS: number;
  probeCalls: number;
  capabilityCalls: number;
  writes: { ins: number; upd: number; del: number };
  statuses: Record<string, number>;
  changes: number;
};

const firstMessage = <T>(child: ChildProcess) =>
  new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.at(-1)} exited (${code}) before answering`)));
  });

/**
 * A checkout of `ref` in a private worktree, with this commit's pass compiled against its code as the server build
 * compiles the server (no TypeScript loader in the measured process: tsx alone is ≈ 40 MB of it).
 */
async function checkout(ref: string) {
  const src = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-probes-src-'));
  rmSync(src, { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', src, ref], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(src, 'node_modules'));
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: src, encoding: 'utf8' }).trim();
  copyFileSync(path.join(ROOT, PASS), path.join(src, PASS));
  // As deep as api/<folder>/, as the server's build is: paths computed from import.meta.url name the same files.
  const pass = path.join(src, 'build/api/probe-pass.mjs');
  await build({ ...SERVER_BUNDLE_OPTIONS, absWorkingDir: src, entryPoints: [PASS], outfile: pass });
  return {
    src,
    pass,
    commit,
    remove: () => execFileSync('git', ['worktree', 'remove', '--force', src], { cwd: ROOT }),
  };
}
const PASS = 'bench/lib/probe-pass.ts';

async function onePass(pass: string, database: string, urls: string[], control: string) {
  // The memory settings `npm start` and the Procfile start the prober's process with (docs/deployment.md "Memory"),
  // for either commit.
  const child = fork(pass, [], {
    execArgv: ['--max-semi-space-size=4', '--heap-growing-percent=20', '--liftoff-only'],
    cwd: ROOT,
    env: {
      ...process.env,
      PROBE_DB: database,
      PROBE_CONTROL: control,
      PROBE_TEMPLATE: path.join(ROOT, 'build/pgdata'),
      MALLOC_ARENA_MAX: '1',
      MALLOC_TRIM_THRESHOLD_: '131072',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send(urls);
  return firstMessage<Pass>(child);
}

export async function benchProbes(opts: BenchOptions) {
  const servers = fork(path.join(ROOT, 'bench/lib/probe-servers.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { urls, control } = await firstMessage<{ urls: string[]; control: string }>(servers);
  const refs = [process.env.BENCH_BASE ?? 'HEAD~1', 'HEAD'];
  const checkouts = await Promise.all(refs.map(checkout));
  const databases = ['embedded (PGlite, one connection)', 'PostgreSQL 15 (pool of 10)'];
  const runs: Pass[][][] = databases.map(() => refs.map(() => []));
  try {
    for (let round = 0; round < opts.rounds; round++) {
      // Alternating which goes first, so the machine's load weighs on both alike.
      for (const v of round % 2 ? [1, 0] : [0, 1]) {
        for (const [d, label] of databases.entries()) {
          const database = d === 0 ? 'embedded' : await recreateDatabase(BENCH_DB);
          try {
            runs[d][v].push(await onePass(checkouts[v].pass, database, urls, control));
          } finally {
            if (d === 1) await dropDatabase(BENCH_DB);
          }
          console.error(`  ${checkouts[v].commit} ${label}, round ${round + 1}: ${JSON.stringify(runs[d][v].at(-1))}`);
        }
      }
    }
  } finally {
    servers.disconnect();
    for (const c of checkouts) c.remove();
  }
  const [base, head] = checkouts.map((c) => c.commit);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const rows: [string, (p: Pass) => number, (n: number) => string, number | null][] = [
    ['wall time', (p) => p.wallS, (n) => `${fmt.ms(n)} s`, TARGETS.wallS],
    ['probes/s', (p) => p.probes / p.wallS, fmt.ms, null],
    ['prober process peak RSS', (p) => p.peakRssMb, (n) => `${fmt.n(n)} MB`, TARGETS.peakRssMb],
    ['prober process CPU', (p) => p.cpuS, (n) => `${fmt.ms(n)} s`, null],
    ['CPU ms / probe', (p) => (p.cpuS * 1000) / p.probes, fmt.ms, null],
    ['rows inserted / probe (pg_stat)', (p) => p.writes.ins / p.probes, fmt.ms, null],
    ['rows updated / probe (pg_stat)', (p) => p.writes.upd / p.probes, fmt.ms, null],
    ['status changes logged', (p) => p.changes, fmt.n, null],
    ['capabilities measured in the pass', (p) => p.capabilitiesMeasured, fmt.n, null],
    ['until the last capability stored', (p) => p.capabilityS, (n) => `${fmt.ms(n)} s`, null],
    ['probe requests / endpoint (POST)', (p) => p.probeCalls / p.probes, fmt.ms, null],
    [
      'capability calls / endpoint measured (= per day)',
      (p) => p.capabilityCalls / p.capabilitiesMeasured,
      fmt.ms,
      null,
    ],
  ];
  for (const [d, label] of databases.entries()) {
    const med = (v: number, f: (p: Pass) => number) => median(runs[d][v].map(f));
    report(
      'probes',
      `\n### ${label}: \`${head}\` beside \`${base}\`, 2,000 endpoints on 50 loopback hosts, median of ${opts.rounds} (load average at the end: ${load})\n\n${table(
        ['figure', 'target', head, base, 'met'],
        rows.map(([name, f, show, target]) => {
          const now = med(1, f);
          return [
            name,
            target === null ? '' : `< ${show(target)}`,
            `**${show(now)}**`,
            show(med(0, f)),
            target === null ? '' : now < target ? 'yes' : 'no',
          ];
        }),
      )}\n\nstatuses: ${refs
        .map((_, v) => `${checkouts[v].commit} ${JSON.stringify(runs[d][v].at(-1)?.statuses)}`)
        .join(' · ')}\n`,
    );
  }
}
