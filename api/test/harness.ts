// A real server on a real database for one test file: `const t = await startTestServer()`, then
// `t.get('/api/chains')`, `t.sql\`...\``, and `await t.close()` in afterAll.
// The database is a private copy of the migrated, seeded one built by global-setup.ts: PGlite
// in-process by default, a fresh database on TEST_DATABASE_URL's server when that is set.
import http from 'node:http';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import pino from 'pino';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** A private copy of the seeded test database. */
export async function openTestDatabase(): Promise<Database & { dropCopy: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('templateDatabase');
  if (serverUrl && template) {
    const name = `rpc_atlas_test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    return Object.assign(db, {
      dropCopy: async () => {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    });
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  const db = await openDatabase({ inMemory: true, loadDataDir: snapshot });
  return Object.assign(db, { dropCopy: async () => {} });
}

/** A temp DATA_DIR holding a copy of the seeded embedded database (no initdb), for tests that run `api/server.ts`. */
export async function createEmbeddedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-data-'));
  const db = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
  await db.close();
  return dataDir;
}

/** How many of the server's last log lines a test server keeps (`recentLog`). */
const RECENT_LOG_LINES = 200;

/**
 * Starts the whole app on 127.0.0.1 with a random port. `env` overrides configuration
 * (rate limits are off unless a test turns them on).
 */
export async function startTestServer(env: Record<string, string> = {}, { distDir }: { distDir?: string } = {}) {
  const db = await openTestDatabase();
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMITS: 'off',
    PUBLIC_URL: url,
    ADMIN_EMAILS: 'admin@example.com',
    LOG_LEVEL: 'silent',
    ...env,
  });
  // The log goes to stdout as usual, and its recent lines are kept for a failing test's message.
  const recentLog: string[] = [];
  const log = pino(
    { level: config.logLevel },
    {
      write(line: string) {
        process.stdout.write(line);
        if (recentLog.push(line.trimEnd()) > RECENT_LOG_LINES) recentLog.shift();
      },
    },
  );
  const app = createApp({ db, config, log, distDir });
  handler = app.callback();

  // The test is the writer of every change it makes, and the writer sees it at once: its reads are never answered with
  // a copy kept from before its last write (what `Cache-Control: no-cache` asks, as a hard reload does). Other
  // visitors may get that copy for a few seconds: api/middleware/response-cache.test.ts.
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-cache');
    return fetch(url + path, { redirect: 'manual', ...init, headers });
  };
  return {
    url,
    config,
    db,
    sql: db.sql,
    app,
    request,
    /** The server's last log lines (at the configured level). */
    recentLog: () => [...recentLog],
    /** GET and parse JSON; returns status, body and headers. */
    async get<T = any>(path: string, headers: Record<string, string> = {}) {
      const res = await request(path, { headers });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      await db.dropCopy();
    },
  };
}

/** How long a spawned server may take to boot (a loaded 2-core machine is slow to start tsx and PGlite). */
const SPAWN_START_LIMIT_MS = 120_000;

/**
 * Runs `api/server.ts` as its own process on a random port (tests of signals, faults and several
 * instances), or the compiled server (`build/api/server.js`, as `npm start` runs it) given `compiled`.
 * `ready` resolves once it prints its banner; `stop()` sends SIGTERM and waits for the exit.
 */
export function spawnServer(env: Record<string, string>, { compiled = false } = {}) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const args = compiled ? ['build/api/server.js'] : ['--import', 'tsx', 'api/server.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'off',
      NODE_ENV: 'test',
      PROBES: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = (async () => {
    const deadline = Date.now() + SPAWN_START_LIMIT_MS;
    while (!output.includes('is running at')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    url,
    child,
    ready,
    exited,
    /** What the server printed so far (its log and any crash), for a failing test's message. */
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
