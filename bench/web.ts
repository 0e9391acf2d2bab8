// `npm run bench -- web`: the production build (`npm run build`) of the committed HEAD served by
// `npm start` (embedded database, fresh data directory), audited by Lighthouse 12.8 with Debian's Chromium (mobile preset,
// median of the runs), plus JS and CSS per route (gzip), the initial JS, and an offline repeat visit.
//
// Side by side, for a change's before/after on a busy machine (not part of `npm run bench`):
//   npx tsx bench/web.ts compare <a> <b> [--rounds 3] [--route /providers …] [--lhr-dir DIR]
// where <a>, <b> are git refs (built in private worktrees) or directories holding a built checkout. Both are
// served at once and each round audits every route on a then b (order alternating between rounds), so the
// machine's load weighs on both alike.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { fmt, PORTS, report, ROOT, table } from './lib/env.ts';
import { median } from './lib/load.ts';
import { stopChild, waitForOk } from './lib/target.ts';
import type { BenchOptions } from './run.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { url: string; resourceType?: string; transferSize?: number }[] } }
  >;
  runtimeError?: { message: string };
  /** Lighthouse's own CPU benchmark of the machine at the run (higher is faster); its scores do not correct for it. */
  environment?: { benchmarkIndex?: number };
};

/** One Lighthouse run; a run Lighthouse itself reports as failed (e.g. NO_NAVSTART on a busy machine) is retried. */
function lighthouse(url: string, categories: readonly string[] = CATEGORIES, attempts = 3): Lhr {
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync(
        path.join(ROOT, 'node_modules/.bin/lighthouse'),
        [
          url,
          '--output=json',
          '--output-path=stdout',
          '--quiet',
          `--only-categories=${categories.join(',')}`,
          `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
        ],
        {
          env: { ...process.env, CHROME_PATH },
          maxBuffer: 256 * 2 ** 20,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const lhr = JSON.parse(out) as Lhr;
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      return lhr;
    } catch (err) {
      const message =
        (err as { stderr?: string }).stderr?.trim().split('\n').pop() || (err as Error).message.slice(0, 300);
      if (attempt >= attempts) throw new Error(`lighthouse ${url} failed ${attempts} times; last: ${message}`);
      console.error(`  lighthouse ${url}: ${message} — retrying`);
    }
  }
}

/** gzip size of a built file, read from dist/ (the server sends these very bytes). */
function gzipSize(dist: string, url: string) {
  return gzipSync(readFileSync(path.join(dist, decodeURIComponent(new URL(url).pathname)))).length;
}

/** JS and CSS a route loaded (from Lighthouse's network log): as transferred, and gzip-compressed. */
function assetsOf(lhr: Lhr, origin: string, dist: string) {
  const items = (lhr.audits['network-requests']?.details?.items ?? []).filter((i) => i.url.startsWith(origin));
  const sum = (type: string) => {
    const own = items.filter((i) => i.resourceType === type);
    return {
      files: own.length,
      transferred: own.reduce((n, i) => n + (i.transferSize ?? 0), 0),
      gzip: own.reduce((n, i) => n + gzipSize(dist, i.url), 0),
    };
  };
  return { js: sum('Script'), css: sum('Stylesheet') };
}

/** The JS a page's HTML asks for before any code runs: its module scripts and modulepreloads. */
function initialJs(html: string, origin: string, dist: string) {
  // Named in the head (the bare shell, older builds), in the server-rendered page's loader (older builds)
  // or in the JSON the loader reads (#app-scripts, api/web/preload.ts).
  const tags = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const loader = /<script (?:data-app-loader|type="application\/json" id="app-scripts")[^>]*>[\s\S]*?<\/script>/g;
  const loaded = [...html.matchAll(loader)].flatMap((l) =>
    [...l[0].matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  const urls = new Set([...tags, ...loaded].map((u) => new URL(u, origin + '/').href));
  return { files: urls.size, gzip: [...urls].reduce((n, u) => n + gzipSize(dist, u), 0) };
}

/** The page's HTML; retried, since a keep-alive socket the server is just closing fails the first try. */
async function pageHtml(url: string, tries = 3): Promise<string> {
  try {
    return await (await fetch(url)).text();
  } catch (error) {
    if (tries <= 1) throw error;
    return pageHtml(url, tries - 1);
  }
}

/** Offline repeat visit: first visit online, reload once so the service worker controls the page, then network off. */
async function offlineRepeat(origin: string, routes: string[]) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const results: Record<string, number> = {};
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.goto(origin + route, { waitUntil: 'networkidle' });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload({ waitUntil: 'networkidle' });
      await context.setOffline(true);
      await page.reload({ waitUntil: 'load' });
      // A string, not a function: tsx's transform would wrap a function in helpers the page lacks.
      results[route] = (await page.evaluate(`new Promise((resolve) => {
        const done = () => {
          const e = performance.getEntriesByName('first-contentful-paint')[0];
          if (e) resolve(e.startTime);
          return Boolean(e);
        };
        if (!done()) new PerformanceObserver(() => void done()).observe({ type: 'paint', buffered: true });
      })`)) as number;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The committed tree at `ref`, built in a private worktree: the checkout's dist/ is rebuilt by whoever runs
 * `npm start` or the browser tests, which would swap the assets under a running audit. */
export function buildCheckout(ref: string) {
  const src = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-web-src-'));
  rmSync(src, { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', src, ref], { cwd: ROOT, stdio: 'ignore' });
  const remove = () => execFileSync('git', ['worktree', 'remove', '--force', src], { cwd: ROOT, stdio: 'ignore' });
  try {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(src, 'node_modules'));
    console.error(
      `  npm run build (${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: src, encoding: 'utf8' }).trim()}) …`,
    );
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: src, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (err) {
    remove();
    throw err;
  }
  return { src, remove };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });

/** `npm start` exactly, in its own process group so the whole npm → tsx → node chain stops together. */
export async function startServer(src: string, port: number) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-web-'));
  const server = spawn('npm', ['start', '--silent'], {
    cwd: src,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
    },
  });
  const stop = async () => {
    if (server.exitCode === null) process.kill(-server.pid!, 'SIGTERM');
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${origin}/healthz`, server, 300_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const alive = () => {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`npm start in ${src} exited (${server.exitCode ?? server.signalCode})`);
  };
  return { origin, stop, alive };
}

/** The audited routes: home, the provider list, the provider with most chains and the chain with most providers. */
export async function defaultRoutes(origin: string) {
  const providers = (await (await fetch(`${origin}/api/providers`)).json()) as { slug: string; chainIds: number[] }[];
  const chains = (await (await fetch(`${origin}/api/chains/with-stats`)).json()) as {
    slug: string;
    providerCount: number;
  }[];
  const provider = [...providers].sort((a, b) => b.chainIds.length - a.chainIds.length)[0];
  const chain = [...chains].sort((a, b) => b.providerCount - a.providerCount)[0];
  return ['/', '/providers', `/providers/${provider.slug}`, `/chains/${chain.slug}`];
}

export async function benchWeb(opts: BenchOptions) {
  const { src, remove } = buildCheckout('HEAD');
  try {
    await audit(src, opts);
  } finally {
    remove();
  }
}

async function audit(src: string, opts: BenchOptions) {
  const builtAt = statSync(path.join(src, 'dist/index.html')).mtimeMs;
  const { origin, stop, alive } = await startServer(src, PORTS.web);
  try {
    const routes = await defaultRoutes(origin);

    const rows: (string | number)[][] = [];
    const assetRows: (string | number)[][] = [];
    for (const route of routes) {
      const runs: Lhr[] = [];
      for (let i = 0; i < opts.rounds; i++) {
        runs.push(lighthouse(origin + route));
        alive();
        console.error(
          `  lighthouse ${route} run ${i + 1}: performance ${Math.round((runs[i].categories.performance.score ?? 0) * 100)}`,
        );
      }
      const score = (c: string) => fmt.n(median(runs.map((r) => (r.categories[c]?.score ?? NaN) * 100)));
      const metric = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
      rows.push([
        `\`${route}\``,
        `**${score('performance')}**`,
        score('accessibility'),
        score('best-practices'),
        score('seo'),
        fmt.n(metric(METRICS.FCP)),
        fmt.n(metric(METRICS.LCP)),
        fmt.n(metric(METRICS.TBT)),
        metric(METRICS.CLS).toFixed(3),
        fmt.n(metric(METRICS.SI)),
        fmt.n(median(runs.map((r) => r.environment?.benchmarkIndex ?? NaN))),
        runs.map((r) => fmt.n((r.categories.performance.score ?? 0) * 100)).join(', '),
      ]);
      // The median run's network log (assets do not vary between runs of one build).
      const a = assetsOf(runs[Math.floor(runs.length / 2)], origin, path.join(src, 'dist'));
      const first = initialJs(await pageHtml(origin + route), origin, path.join(src, 'dist'));
      assetRows.push([
        `\`${route}\``,
        `${first.files} / ${fmt.kb(first.gzip)}`,
        a.js.files,
        fmt.kb(a.js.gzip),
        fmt.kb(a.js.transferred),
        a.css.files,
        fmt.kb(a.css.gzip),
        fmt.kb(a.css.transferred),
      ]);
    }
    const initial = initialJs(readFileSync(path.join(src, 'dist/index.html'), 'utf8'), origin, path.join(src, 'dist'));
    const offline = await offlineRepeat(origin, routes);
    if (statSync(path.join(src, 'dist/index.html')).mtimeMs !== builtAt)
      throw new Error('dist/ changed during the run: figures discarded');

    report(
      'web',
      [
        `\n### Lighthouse ${JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset (simulated throttling), median of ${opts.rounds} — \`npm run build\` served by \`npm start\`\n`,
        table(
          [
            'route',
            'Performance',
            'Accessibility',
            'Best practices',
            'SEO',
            'FCP ms',
            'LCP ms',
            'TBT ms',
            'CLS',
            'Speed Index ms',
            'machine (benchmarkIndex)',
            'each run (perf)',
          ],
          rows,
        ),
        `\n#### JS and CSS per route (gzip = each file gzip -6 here; transferred = as Chromium received it, headers included)\n`,
        table(
          [
            'route',
            "page's initial JS files / gzip",
            'JS files',
            'JS gzip',
            'JS transferred',
            'CSS files',
            'CSS gzip',
            'CSS transferred',
          ],
          assetRows,
        ),
        `\nInitial JS of the bare shell (its module script and modulepreloads): **${fmt.kb(initial.gzip)} gzip** in ${initial.files} files; ` +
          "a page's initial JS adds the route's own chunks the server names in its head.\n",
        `#### Offline repeat visit (service worker in control, network off): first contentful paint\n`,
        table(
          ['route', 'FCP ms (no throttling)'],
          routes.map((r) => [`\`${r}\``, fmt.n(offline[r])]),
        ),
        '',
      ].join('\n'),
    );
  } finally {
    await stop();
  }
}

/** A git ref built in a private worktree, or a directory that already holds a built checkout (dist/). */
function checkout(refOrDir: string) {
  if (existsSync(path.join(refOrDir, 'dist/index.html'))) return { src: path.resolve(refOrDir), remove: () => {} };
  return buildCheckout(refOrDir);
}

/** `compare a b`: Performance, its metrics and the bytes per route of two builds, measured in alternation. */
async function compareWeb(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      rounds: { type: 'string', default: '3' },
      route: { type: 'string', multiple: true },
      'lhr-dir': { type: 'string' },
    },
  });
  const labels = positionals;
  if (labels.length < 2)
    throw new Error(
      'usage: tsx bench/web.ts compare <ref|dir> <ref|dir> … [--rounds N] [--route /path …] [--lhr-dir DIR]',
    );
  const rounds = Number(values.rounds);
  const lhrDir = values['lhr-dir'];
  if (lhrDir) mkdirSync(lhrDir, { recursive: true });

  const checkouts = labels.map(checkout);
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const c of checkouts) servers.push(await startServer(c.src, await freePort()));
    const routes = values.route ?? (await defaultRoutes(servers[0].origin));
    const runs = labels.map(() => new Map<string, Lhr[]>(routes.map((r) => [r, []])));
    for (let round = 0; round < rounds; round++) {
      const order = labels.map((_, i) => i);
      if (round % 2) order.reverse();
      for (const route of routes) {
        for (const v of order) {
          const lhr = lighthouse(servers[v].origin + route, ['performance']);
          servers[v].alive();
          runs[v].get(route)!.push(lhr);
          if (lhrDir)
            writeFileSync(path.join(lhrDir, `${v}-${route.replace(/\W+/g, '_')}-${round}.json`), JSON.stringify(lhr));
          console.error(
            `  ${labels[v]} ${route} round ${round + 1}: performance ${Math.round((lhr.categories.performance.score ?? 0) * 100)}, ` +
              `LCP ${fmt.n(lhr.audits[METRICS.LCP]?.numericValue ?? NaN)}, TBT ${fmt.n(lhr.audits[METRICS.TBT]?.numericValue ?? NaN)}`,
          );
        }
      }
    }
    const initial = await Promise.all(
      servers.map(
        async (server, v) =>
          new Map(
            await Promise.all(
              routes.map(
                async (route) =>
                  [
                    route,
                    initialJs(
                      await pageHtml(server.origin + route),
                      server.origin,
                      path.join(checkouts[v].src, 'dist'),
                    ),
                  ] as const,
              ),
            ),
          ),
      ),
    );
    const rows = routes.flatMap((route) =>
      labels.map((label, v) => {
        const lhrs = runs[v].get(route)!;
        const metric = (id: string) => fmt.n(median(lhrs.map((r) => r.audits[id]?.numericValue ?? NaN)));
        const a = assetsOf(lhrs[0], servers[v].origin, path.join(checkouts[v].src, 'dist'));
        const first = initial[v].get(route)!;
        return [
          `\`${route}\``,
          `\`${label}\``,
          `**${fmt.n(median(lhrs.map((r) => (r.categories.performance.score ?? NaN) * 100)))}**`,
          metric(METRICS.FCP),
          metric(METRICS.LCP),
          metric(METRICS.TBT),
          metric(METRICS.SI),
          `${first.files} / ${fmt.kb(first.gzip)}`,
          `${a.js.files} / ${fmt.kb(a.js.gzip)}`,
          `${a.css.files} / ${fmt.kb(a.css.gzip)}`,
          lhrs.map((r) => fmt.n((r.categories.performance.score ?? 0) * 100)).join(', '),
        ];
      }),
    );
    console.log(
      [
        `\n${new Date().toISOString()} · load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} · median of ${rounds}, alternating\n`,
        table(
          [
            'route',
            'build',
            'Performance',
            'FCP ms',
            'LCP ms',
            'TBT ms',
            'SI ms',
            'initial JS files / gzip',
            'JS loaded files / gzip',
            'CSS files / gzip',
            'each run',
          ],
          rows,
        ),
        '',
      ].join('\n'),
    );
  } finally {
    for (const s of servers) await s.stop();
    for (const c of checkouts) c.remove();
  }
}

// Run directly (`npx tsx bench/web.ts …`), not when bench/run.ts imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode !== 'compare') {
    console.error('usage: tsx bench/web.ts compare <ref|dir> <ref|dir> … (the full run is `npm run bench -- web`)');
    process.exit(2);
  }
  await compareWeb(rest);
  process.exit(0);
}
