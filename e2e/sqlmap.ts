// SQL injection scan with sqlmap (Debian's /usr/bin/sqlmap) at level 3 against the public GETs that take
// parameters and signed-in JSON writes (admin and user), on a private server: the whole app bound to
// 127.0.0.1, embedded database in a temp DATA_DIR, rate limits off. Not part of `npm test` or CI (it runs
// for many minutes): `npx tsx e2e/sqlmap.ts [port] [only]` (default port 3201; `only`: run the targets whose
// name contains it). Prints per target the command line,
// duration, requests sent and the verdict; the recorded figures live in e2e/SECURITY.md. Exits 1 when
// sqlmap reports an injection point or the server answered 5xx.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../api/app.ts';
import { openConfiguredDatabase, prepareDatabase } from '../api/boot.ts';
import { loadConfig } from '../api/config.ts';
import { signIn } from '../api/test/sign-in.ts';
import type { TestServer } from '../api/test/harness.ts';

const port = Number(process.argv[2] ?? 3201);
const origin = `http://127.0.0.1:${port}`;
/** A target that has not finished after this long is stopped and reported as unfinished. */
const TARGET_TIMEOUT_MS = 20 * 60_000;

const COMMON = [
  '--batch',
  '--level=3',
  '--risk=2',
  '--dbms=PostgreSQL',
  '--time-sec=1',
  '--threads=4',
  '--timeout=15',
  '--retries=1',
  '--flush-session',
  '--drop-set-cookie',
  '--disable-coloring',
];

type Target = { name: string; method: string; url: string; body?: unknown; cookie?: string };
type Result = {
  name: string;
  command: string;
  seconds: number;
  requests: number;
  statuses: string;
  verdict: 'nothing found' | 'INJECTABLE' | 'unfinished';
};

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-sqlmap-'));
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: path.join(work, 'data'),
    RATE_LIMITS: 'off',
    ADMIN_EMAILS: 'admin@example.com',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
  });
  const started = Date.now();
  const db = await openConfiguredDatabase(config);
  await prepareDatabase(db);
  const app = createApp({ db, config, log: pino({ level: 'silent' }) });

  // Counted on the server: every request and every 5xx (a SQL error escaping as a 500 would show here).
  let served = 0;
  const serverErrors: string[] = [];
  const handle = app.callback();
  const server = http.createServer((req, res) => {
    served++;
    res.on('finish', () => {
      if (res.statusCode >= 500) serverErrors.push(`${res.statusCode} ${req.method} ${req.url?.slice(0, 200)}`);
    });
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  console.log(
    `server on ${origin} (embedded database in ${config.dataDir}), ready in ${Math.round((Date.now() - started) / 1000)} s`,
  );

  const here = { url: origin } as TestServer;
  const admin = await signIn(here, 'admin@example.com');
  const user = await signIn(here, 'sqlmap-user@example.com');
  const providerId = (await admin.json('GET', '/api/providers/alchemy')).body.id as number;
  const chainId = (await admin.json('GET', '/api/chains/ethereum')).body.id as number;

  const jsonHeaders = `Content-Type: application/json\nOrigin: ${origin}`;
  const write = (name: string, method: string, url: string, body: unknown, cookie?: string): Target => ({
    name,
    method,
    url,
    body,
    cookie,
  });
  const get = (name: string, url: string, cookie?: string): Target => ({ name, method: 'GET', url, cookie });

  const targets: Target[] = [
    get('GET /api/search?q=', '/api/search?q=eth'),
    get('GET /api/providers/{slug}', '/api/providers/alchemy*'),
    get('GET /api/chains/{slug}', '/api/chains/ethereum*'),
    get('GET /api/providers/by-chain/{id}', `/api/providers/by-chain/${chainId}*`),
    get('GET /api/ads/{position}', '/api/ads/header*'),
    get('GET /api/category/{c}', '/api/category/chains*'),
    get('GET /api/admin/providers/{id} (admin)', `/api/admin/providers/${providerId}*`, admin.cookie),
    write(
      'PUT /api/admin/providers/{id} (admin)',
      'PUT',
      `/api/admin/providers/${providerId}`,
      { name: 'Alchemy', description: 'Node provider', website: 'https://www.alchemy.com', metaTitle: 'Alchemy RPC' },
      admin.cookie,
    ),
    write(
      'POST /api/admin/partner-links (admin)',
      'POST',
      '/api/admin/partner-links',
      { name: 'Partner', url: 'https://partner.example', order: 1 },
      admin.cookie,
    ),
    write(
      'PUT /api/admin/about (admin)',
      'PUT',
      '/api/admin/about',
      { title: 'About', metaTitle: 'About us' },
      admin.cookie,
    ),
    write(
      'POST /api/providers/{slug}/reviews (user)',
      'POST',
      '/api/providers/alchemy/reviews',
      { rating: 5, comment: 'Fast and reliable' },
      user.cookie,
    ),
    write(
      'PUT /api/auth/profile (user)',
      'PUT',
      '/api/auth/profile',
      { displayName: 'Sam', firstName: 'Sam', lastName: 'Lee' },
      user.cookie,
    ),
    write('POST /api/contact', 'POST', '/api/contact', {
      name: 'Sam',
      email: 'sam@example.com',
      subject: 'Hello',
      message: 'A question',
    }),
  ];

  const only = process.argv[3];
  const results: Result[] = [];
  for (const [i, target] of targets.entries()) {
    if (only && !target.name.includes(only)) continue;
    // The request sqlmap starts from must succeed with this session and these headers (CSRF guard included),
    // or it would be probing an error page.
    const baseline = await fetch(origin + target.url.replace('*', ''), {
      method: target.method,
      headers: {
        ...(target.cookie ? { Cookie: target.cookie } : {}),
        ...(target.body ? { 'Content-Type': 'application/json', Origin: origin } : {}),
      },
      body: target.body ? JSON.stringify(target.body) : undefined,
    });
    if (!baseline.ok)
      throw new Error(`${target.name}: the baseline request answered ${baseline.status} ${await baseline.text()}`);
    const traffic = path.join(work, `traffic-${i}.txt`);
    writeFileSync(traffic, '');
    const args = [
      '-u',
      origin + target.url,
      ...(target.body
        ? ['--method', target.method, '--data', JSON.stringify(target.body), `--headers=${jsonHeaders}`]
        : []),
      ...(target.cookie ? ['--cookie', target.cookie] : []),
      ...COMMON,
      `--output-dir=${path.join(work, 'out')}`,
      '-t',
      traffic,
    ];
    // As a shell line, the session cookie left out (it is valid only for this run anyway).
    const shown = args.map((a, at) => (args[at - 1] === '--cookie' ? '<session cookie>' : a.replace(/\n/g, '\\n')));
    const command = `sqlmap ${shown.map((a) => (/[\s"'{}*&?;|<>]/.test(a) ? `'${a.replace(/'/g, `'\\''`)}'` : a)).join(' ')}`;
    const t0 = Date.now();
    const { output, finished } = await runSqlmap(args);
    const seconds = Math.round((Date.now() - t0) / 1000);
    const log = readFileSync(traffic, 'utf8');
    const requests = (log.match(/^HTTP request \[#\d+\]/gm) ?? []).length;
    // What the server answered sqlmap's requests, e.g. "200×640 400×350 404×8" (400s: zod refusing the payloads).
    const byStatus = new Map<string, number>();
    for (const [, status] of log.matchAll(/^HTTP response \[#\d+\] \((\d{3})/gm))
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const statuses = [...byStatus]
      .sort()
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    const verdict = !finished
      ? 'unfinished'
      : /identified the following injection point|is vulnerable/i.test(output)
        ? 'INJECTABLE'
        : 'nothing found';
    if (verdict !== 'nothing found') console.log(output.slice(-4000));
    results.push({ name: target.name, command, seconds, requests, statuses, verdict });
    console.log(
      `${verdict.padEnd(13)} ${String(seconds).padStart(5)} s ${String(requests).padStart(6)} requests  ${target.name}  (${statuses})`,
    );
  }

  console.log('\n| target | time | requests | answers | verdict |\n|---|---:|---:|---|---|');
  for (const r of results) console.log(`| ${r.name} | ${r.seconds} s | ${r.requests} | ${r.statuses} | ${r.verdict} |`);
  const total = results.reduce((a, r) => ({ s: a.s + r.seconds, n: a.n + r.requests }), { s: 0, n: 0 });
  console.log(
    `\ntotal: ${results.length} targets, ${total.s} s, ${total.n} sqlmap requests, ${served} requests served, ${serverErrors.length} answers 5xx`,
  );
  for (const e of serverErrors.slice(0, 20)) console.log(`  5xx: ${e}`);
  console.log('\ncommand lines:');
  for (const r of results) console.log(`  ${r.command}`);

  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
  rmSync(work, { recursive: true, force: true });
  process.exit(results.every((r) => r.verdict === 'nothing found') && serverErrors.length === 0 ? 0 : 1);
}

/** Runs sqlmap, keeping its output; stops it after TARGET_TIMEOUT_MS. */
function runSqlmap(args: string[]): Promise<{ output: string; finished: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), TARGET_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output, finished: code !== null && /\[\*\] ending @/.test(output) });
    });
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
