// `npm run bench -- start`: the embedded server from process spawn to its first 200, on a fresh data
// directory (initdb + migrations + dataset) and on reopening that directory after a clean stop.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, PORTS, report, table } from './lib/env.ts';
import { median } from './lib/load.ts';
import { spawnTsx, stopChild, waitForOk } from './lib/target.ts';
import type { BenchOptions } from './run.ts';

type Sample = { healthz: number; providers: number; banner: number };

async function startOnce(dataDir: string): Promise<Sample> {
  const port = PORTS.start;
  const t0 = performance.now();
  const child = spawnTsx(
    'api/server.ts',
    {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    'pipe',
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => void (out += d.toString()));
  try {
    await waitForOk(`http://127.0.0.1:${port}/healthz`, child);
    const healthz = performance.now() - t0;
    await waitForOk(`http://127.0.0.1:${port}/api/providers`, child);
    const providers = performance.now() - t0;
    // The server's own figure (config → listening), without Node and tsx start-up.
    const banner = Number(/ready in (\d+) ms/.exec(out)?.[1] ?? NaN);
    return { healthz, providers, banner };
  } finally {
    await stopChild(child);
  }
}

export async function benchStart(opts: BenchOptions) {
  const fresh: Sample[] = [];
  const reopen: Sample[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-start-'));
    try {
      fresh.push(await startOnce(dir));
      reopen.push(await startOnce(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.error(`  round ${i + 1}: fresh ${fmt.n(fresh[i].healthz)} ms, reopen ${fmt.n(reopen[i].healthz)} ms`);
  }
  const row = (name: string, s: Sample[]) => [
    name,
    `**${fmt.n(median(s.map((x) => x.healthz)))}**`,
    fmt.n(median(s.map((x) => x.providers))),
    fmt.n(median(s.map((x) => x.banner))),
    s.map((x) => fmt.n(x.healthz)).join(', '),
  ];
  report(
    'start',
    `\n### Embedded cold start (\`tsx api/server.ts\`, temp DATA_DIR, median of ${opts.rounds})\n\n${table(
      [
        'data directory',
        'spawn → first 200 /healthz ms',
        'spawn → first 200 /api/providers ms',
        'server\'s "ready in" ms',
        'each run (healthz) ms',
      ],
      [row('fresh (initdb, migrations, dataset)', fresh), row('reopen (after a clean stop)', reopen)],
    )}\n`,
  );
}
