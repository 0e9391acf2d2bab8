// `npm run bench -- api`: the public read endpoints on the shipped dataset, next to their ceiling,
// on real PostgreSQL (a private database, dropped afterwards) and on the embedded engine.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareEndpoints, MODES, renderRows, type Endpoint, type Mode } from './lib/compare.ts';
import { dropDatabase, PORTS, recreateDatabase, report } from './lib/env.ts';
import { startTarget, type Target } from './lib/target.ts';
import type { BenchOptions } from './run.ts';

const DB_NAME = 'rpc_atlas_bench';

/** The five endpoints of the issue, with real paths picked from the data (the most connected chain and provider). */
export async function pickEndpoints(target: Target, searchTerm: string): Promise<Endpoint[]> {
  const get = async (p: string) => {
    const r = await fetch(target.url + p);
    if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
    return r.json();
  };
  const providers = (await get('/api/providers')) as { slug: string; chainIds: number[] }[];
  const chains = (await get('/api/chains/with-stats')) as { slug: string; providerCount: number }[];
  const provider = [...providers].sort((a, b) => b.chainIds.length - a.chainIds.length)[0];
  const chain = [...chains].sort((a, b) => b.providerCount - a.providerCount)[0];
  return [
    { name: 'GET /api/providers', paths: ['/api/providers'] },
    { name: 'GET /api/chains/with-stats', paths: ['/api/chains/with-stats'] },
    { name: `GET /api/providers/${provider.slug}`, paths: [`/api/providers/${provider.slug}`] },
    { name: `GET /api/chains/${chain.slug}`, paths: [`/api/chains/${chain.slug}`] },
    { name: `GET /api/search?q=${searchTerm}`, paths: [`/api/search?q=${searchTerm}`] },
  ];
}

async function runEngine(label: string, target: Target, modes: Mode[], opts: BenchOptions) {
  const endpoints = await pickEndpoints(target, 'eth');
  for (const mode of modes) {
    const rows = await compareEndpoints(target, endpoints, mode, {
      rounds: opts.rounds,
      seconds: opts.seconds,
      variants:
        mode === MODES.identity
          ? ['app', 'ceiling', 'no cache']
          : mode === MODES.browser
            ? ['app', 'ceiling', 'compress per request']
            : ['app', 'ceiling'],
      coldSamples: mode.conditional ? 0 : 15,
    });
    report('api', `\n#### ${label} — ${mode.name}\n\n${renderRows(rows)}\n`);
  }
}

export async function benchApi(opts: BenchOptions) {
  report(
    'api',
    `\n### API endpoints vs ceiling — 50 connections, ${opts.rounds} rounds × ${opts.seconds} s per variant (medians)\n`,
  );

  const url = await recreateDatabase(DB_NAME);
  let target = await startTarget(PORTS.api, { databaseUrl: url });
  try {
    await runEngine('PostgreSQL', target, [MODES.identity, MODES.browser, MODES.conditional], opts);
  } finally {
    await target.stop();
    await dropDatabase(DB_NAME);
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-bench-'));
  target = await startTarget(PORTS.api, { dataDir });
  try {
    await runEngine('Embedded (PGlite)', target, [MODES.identity], opts);
  } finally {
    await target.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
