// `npm run bench -- web`: the production build (`npm run build`) of the committed HEAD served by
// `npm start` (embedded database, fresh data directory), audited by Lighthouse 12.8 with Debian's Chromium (mobile preset,
// median of the runs), plus JS and CSS per route (gzip), the initial JS, and an offline repeat visit.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { fmt, PORTS, report, ROOT, table } from './lib/env.ts';
import { median } from './lib/load.ts';
import { stopChild, waitForOk } from './lib/target.ts';
import type { BenchOptions } from './run.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: { url: string; resourceType?: string; transferSize?: number }[] } }>;
  runtimeError?: { message: string };
};

/** One Lighthouse run; a run Lighthouse itself reports as failed (e.g. NO_NAVSTART on a busy machine) is retried. */
function lighthouse(url: string, attempts = 3): Lhr {
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync(path.join(ROOT, 'node_modules/.bin/lighthouse'), [
        url, '--output=json', '--output-path=stdout', '--quiet', `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ], { env: { ...process.env, CHROME_PATH }, maxBuffer: 256 * 2 ** 20, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const lhr = JSON.parse(out) as Lhr;
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      return lhr;
    } catch (err) {
      const message = (err as { stderr?: string }).stderr?.trim().split('\n').pop() || (err as Error).message.slice(0, 300);
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

/** The JS the shell loads before any route code: its module script and modulepreloads. */
function initialJs(origin: string, dist: string) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = new Set([...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)]
    .map((m) => new URL(m[1], origin + '/').href));
  return { files: urls.size, gzip: [...urls].reduce((n, u) => n + gzipSize(dist, u), 0) };
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

export async function benchWeb(opts: BenchOptions) {
  // The committed app, built and served from a private worktree: the checkout's dist/ is rebuilt by
  // whoever runs `npm start` or the browser tests, which would swap the assets under a running audit.
  const src = path.join(os.tmpdir(), `rpc-atlas-web-${process.pid}`);
  execFileSync('git', ['worktree', 'add', '--detach', src, 'HEAD'], { cwd: ROOT, stdio: 'ignore' });
  try {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(src, 'node_modules'));
    console.error(`  npm run build (${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: src, encoding: 'utf8' }).trim()}) …`);
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: src, stdio: ['ignore', 'ignore', 'inherit'] });
    await audit(src, opts);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', src], { cwd: ROOT, stdio: 'ignore' });
  }
}

async function audit(src: string, opts: BenchOptions) {
  const builtAt = statSync(path.join(src, 'dist/index.html')).mtimeMs;

  const port = PORTS.web;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-web-'));
  // `npm start` exactly, in its own process group so the whole npm → tsx → node chain stops together.
  const server = spawn('npm', ['start', '--silent'], {
    cwd: src,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', RATE_LIMITS: 'off' },
  });
  const stopServer = async () => {
    if (server.exitCode === null) process.kill(-server.pid!, 'SIGTERM');
    await stopChild(server);
  };
  try {
    await waitForOk(`${origin}/healthz`, server, 300_000);
    const providers = (await (await fetch(`${origin}/api/providers`)).json()) as { slug: string; chainIds: number[] }[];
    const chains = (await (await fetch(`${origin}/api/chains/with-stats`)).json()) as { slug: string; providerCount: number }[];
    const provider = [...providers].sort((a, b) => b.chainIds.length - a.chainIds.length)[0];
    const chain = [...chains].sort((a, b) => b.providerCount - a.providerCount)[0];
    const routes = ['/', '/providers', `/providers/${provider.slug}`, `/chains/${chain.slug}`];

    const rows: (string | number)[][] = [];
    const assetRows: (string | number)[][] = [];
    for (const route of routes) {
      const runs: Lhr[] = [];
      for (let i = 0; i < opts.rounds; i++) {
        runs.push(lighthouse(origin + route));
        if (server.exitCode !== null || server.signalCode !== null) throw new Error(`npm start exited (${server.exitCode ?? server.signalCode})`);
        console.error(`  lighthouse ${route} run ${i + 1}: performance ${Math.round((runs[i].categories.performance.score ?? 0) * 100)}`);
      }
      const score = (c: string) => fmt.n(median(runs.map((r) => (r.categories[c]?.score ?? NaN) * 100)));
      const metric = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
      rows.push([
        `\`${route}\``, `**${score('performance')}**`, score('accessibility'), score('best-practices'), score('seo'),
        fmt.n(metric(METRICS.FCP)), fmt.n(metric(METRICS.LCP)), fmt.n(metric(METRICS.TBT)), metric(METRICS.CLS).toFixed(3),
        fmt.n(metric(METRICS.SI)), runs.map((r) => fmt.n((r.categories.performance.score ?? 0) * 100)).join(', '),
      ]);
      // The median run's network log (assets do not vary between runs of one build).
      const a = assetsOf(runs[Math.floor(runs.length / 2)], origin, path.join(src, 'dist'));
      assetRows.push([`\`${route}\``, a.js.files, fmt.kb(a.js.gzip), fmt.kb(a.js.transferred), a.css.files, fmt.kb(a.css.gzip), fmt.kb(a.css.transferred)]);
    }
    const initial = initialJs(origin, path.join(src, 'dist'));
    const offline = await offlineRepeat(origin, routes);
    if (statSync(path.join(src, 'dist/index.html')).mtimeMs !== builtAt) throw new Error('dist/ changed during the run: figures discarded');

    report('web', [
      `\n### Lighthouse ${JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset (simulated throttling), median of ${opts.rounds} — \`npm run build\` served by \`npm start\`\n`,
      table(['route', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'Speed Index ms', 'each run (perf)'], rows),
      `\n#### JS and CSS per route (gzip = each file gzip -6 here; transferred = as Chromium received it, headers included)\n`,
      table(['route', 'JS files', 'JS gzip', 'JS transferred', 'CSS files', 'CSS gzip', 'CSS transferred'], assetRows),
      `\nInitial JS (the shell's module script and modulepreloads): **${fmt.kb(initial.gzip)} gzip** in ${initial.files} files.\n`,
      `#### Offline repeat visit (service worker in control, network off): first contentful paint\n`,
      table(['route', 'FCP ms (no throttling)'], routes.map((r) => [`\`${r}\``, fmt.n(offline[r])])),
      '',
    ].join('\n'));
  } finally {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
