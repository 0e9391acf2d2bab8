// `npm run bench -- footprint`: what running the site costs, each figure beside its target and the previous
// commit's (BENCH_BASE, default HEAD~1), both built in private worktrees and measured in one run, in turns:
// - start: spawn of `npm start` → first 200 of /healthz, on a fresh data directory and on reopening it;
// - the first load round (50 connections on `/`) right after the start and right after an admin's write;
// - memory: RSS of `npm start`'s whole process tree after every page of the site and a load round (embedded
//   database), and of the server alone on PostgreSQL after the same;
// - page bytes: HTML, the embedded state's share of it, and the page with Brotli (as the response cache sends it).
// `npm run bench -- cold`: the two load rounds alone (a start, a round, an admin's write, a round), in minutes.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { signInAdmin } from './lib/admin.ts';
import { dropDatabase, fmt, PORTS, recreateDatabase, report, table } from './lib/env.ts';
import { load, median } from './lib/load.ts';
import { stopChild, waitForOk } from './lib/target.ts';
import type { BenchOptions } from './run.ts';
import { buildCheckout, defaultRoutes } from './web.ts';

const TARGETS = {
  freshStartMs: 3000,
  restartMs: 1500,
  coldP99Ms: 100,
  treeMb: 300,
  postgresMb: 160,
  stateShare: 0.25,
  brKb: { '/': 24, '/providers': 24, provider: 18, chain: 20 } as Record<string, number>,
};

type Server = { origin: string; child: ChildProcess; stop: () => Promise<void> };

/** `npm start` in `src` as its own process group (so its whole tree is measured and stopped together). */
async function npmStart(src: string, port: number, env: Record<string, string>): Promise<Server & { ms: number }> {
  const origin = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: src,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'warn', RATE_LIMITS: 'off', ...env },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await stopChild(child);
  };
  try {
    await waitForOk(`${origin}/healthz`, child, 300_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, child, stop, ms: performance.now() - t0 };
}

/** RSS of the processes in the group (npm, any shell or loader, the server, helpers) whose command matches, in MB. */
function groupRss(pgid: number, command = /./) {
  const out = execFileSync('ps', ['-o', 'rss=,args=', '-g', String(pgid)], { encoding: 'utf8' });
  return (
    out
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
      .reduce((n, m) => n + (m && command.test(m[2]) ? Number(m[1]) : 0), 0) / 1024
  );
}

/** Every page of the site once: the four audited ones, every provider and chain, and the other page types. */
async function everyPage(origin: string) {
  const json = async (p: string) => (await fetch(origin + p)).json();
  const providers = (await json('/api/providers')) as { slug: string }[];
  const chains = (await json('/api/chains')) as { slug: string }[];
  const paths = [
    ...['/', '/providers', '/chains', '/about', '/contact', '/terms', '/privacy', '/status', '/docs/api', '/landing'],
    `/compare?providers=${providers
      .slice(0, 3)
      .map((p) => p.slug)
      .join(',')}`,
    '/search?q=eth',
    ...providers.map((p) => `/providers/${p.slug}`),
    ...chains.map((c) => `/chains/${c.slug}`),
  ];
  for (const p of paths) await (await fetch(origin + p, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
}

function pageBytes(html: string) {
  const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const br = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
  return { html: Buffer.byteLength(html), state: Buffer.byteLength(state), br };
}

const coldRound = async (origin: string, seconds: number) =>
  (await load({ url: origin, paths: ['/'], seconds, headers: { 'accept-encoding': 'br' } })).p99;

type Figures = Record<string, number>;

/** An admin's write that changes no figure: the home page's title written as it is. */
async function adminWrite(origin: string) {
  const admin = await signInAdmin(origin);
  const { title } = (await (await fetch(`${origin}/api/homepage`)).json()) as { title: string };
  const write = await admin.json('PUT', '/api/admin/homepage', { title });
  if (write.status !== 200) throw new Error(`the admin write answered ${write.status}`);
}

async function measure(src: string, opts: BenchOptions, pgUrl: string | undefined, coldOnly = false): Promise<Figures> {
  const f: Figures = {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-footprint-'));
  try {
    let server = await npmStart(src, PORTS.footprint, { DATA_DIR: dataDir, DATABASE_URL: '' });
    f.freshStartMs = server.ms;
    f.coldP99Ms = await coldRound(server.origin, opts.seconds);
    if (coldOnly) {
      await adminWrite(server.origin);
      f.afterWriteP99Ms = await coldRound(server.origin, opts.seconds);
      await server.stop();
      return f;
    }
    const routes = await defaultRoutes(server.origin);
    for (const [i, route] of routes.entries()) {
      const b = pageBytes(await (await fetch(server.origin + route)).text());
      const name = ['/', '/providers', 'provider', 'chain'][i];
      f[`html ${name}`] = b.html;
      f[`state ${name}`] = b.state / b.html;
      f[`br ${name}`] = b.br;
    }
    await everyPage(server.origin);
    await load({ url: server.origin, paths: routes, seconds: opts.seconds, headers: { 'accept-encoding': 'br' } });
    f.treeMb = groupRss(server.child.pid!);
    await adminWrite(server.origin);
    f.afterWriteP99Ms = await coldRound(server.origin, opts.seconds);
    await server.stop();
    server = await npmStart(src, PORTS.footprint, { DATA_DIR: dataDir, DATABASE_URL: '' });
    f.restartMs = server.ms;
    await server.stop();
    if (pgUrl) {
      server = await npmStart(src, PORTS.footprint, { DATABASE_URL: pgUrl });
      try {
        await everyPage(server.origin);
        await load({ url: server.origin, paths: routes, seconds: opts.seconds, headers: { 'accept-encoding': 'br' } });
        // The server alone: npm's own process (≈ 54 MB) is no part of this target.
        f.postgresMb = groupRss(server.child.pid!, /\bbuild\/api\/server\.js\b/);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return f;
}

/** `npm run bench -- cold`: the load rounds after a start and after a write alone (PostgreSQL not started). */
export const benchColdRounds = (opts: BenchOptions) => benchFootprint({ ...opts, quick: true }, true);

export async function benchFootprint(opts: BenchOptions, coldOnly = false) {
  const base = process.env.BENCH_BASE ?? 'HEAD~1';
  const refs = [base, 'HEAD'];
  const checkouts = refs.map((ref) => buildCheckout(ref));
  const runs: Figures[][] = [[], []];
  const db = 'rpc_atlas_bench_footprint';
  try {
    for (let round = 0; round < opts.rounds; round++) {
      // Alternating which goes first, so the machine's load weighs on both alike.
      for (const v of round % 2 ? [1, 0] : [0, 1]) {
        const pgUrl = opts.quick ? undefined : await recreateDatabase(db);
        runs[v].push(await measure(checkouts[v].src, opts, pgUrl, coldOnly));
        console.error(`  ${refs[v]} round ${round + 1}: ${JSON.stringify(runs[v].at(-1))}`);
      }
    }
  } finally {
    for (const c of checkouts) c.remove();
    if (!opts.quick) await dropDatabase(db);
  }
  const med = (v: number, key: string) => median(runs[v].map((r) => r[key]));
  const rows: [string, string, (n: number) => string, number][] = [
    ['fresh start → first answer', 'freshStartMs', (n) => `${fmt.n(n)} ms`, TARGETS.freshStartMs],
    ['restart → first answer', 'restartMs', (n) => `${fmt.n(n)} ms`, TARGETS.restartMs],
    ['first load round after start, p99', 'coldP99Ms', (n) => `${fmt.ms(n)} ms`, TARGETS.coldP99Ms],
    ['first load round after a write, p99', 'afterWriteP99Ms', (n) => `${fmt.ms(n)} ms`, TARGETS.coldP99Ms],
    ['`npm start` tree RSS (embedded), every page + load', 'treeMb', (n) => `${fmt.n(n)} MB`, TARGETS.treeMb],
    ['server RSS (PostgreSQL), every page + load', 'postgresMb', (n) => `${fmt.n(n)} MB`, TARGETS.postgresMb],
    ...['/', '/providers', 'provider', 'chain'].flatMap((name): [string, string, (n: number) => string, number][] => [
      [`${name} page: embedded state ÷ HTML`, `state ${name}`, (n) => `${Math.round(n * 100)} %`, TARGETS.stateShare],
      [`${name} page: Brotli`, `br ${name}`, (n) => fmt.kb(n), TARGETS.brKb[name] * 1024],
    ]),
  ];
  report(
    'footprint',
    `\n### Footprint: \`${refs[1]}\` beside \`${refs[0]}\`, median of ${opts.rounds}, load rounds of ${opts.seconds} s at 50 connections (load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})\n\n${table(
      ['figure', 'target', refs[1], refs[0], 'met'],
      rows
        .filter(([, key]) => runs[1].some((r) => key in r))
        .map(([label, key, show, target]) => {
          const now = med(1, key);
          return [
            label,
            `≤ ${show(target)}`,
            `**${show(now)}**`,
            show(med(0, key)),
            Number.isNaN(now) ? '—' : now <= target ? 'yes' : 'no',
          ];
        }),
    )}\n`,
  );
}
