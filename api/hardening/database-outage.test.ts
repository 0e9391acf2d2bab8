// The database unreachable: the app talks to the real test database through a TCP relay that the test can cut
// (its listener closed, its connections destroyed), so postgres.js meets what a stopped server gives — connections
// refused, open ones closed. Requests that need the database are answered 503 with Retry-After in the API's error
// shape, the outage is logged once (no stack, no line per request), and the app recovers by itself. The server
// really stopped and started under load is faults.test.ts (PostgreSQL only).
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pino from 'pino';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { DATABASE_RETRY_AFTER_S } from '../db/outage.ts';

/** A TCP relay to the database that can be cut (`down`: refuses and drops connections) and restored (`up`). */
async function cuttableRelay(target: net.NetConnectOpts) {
  const open = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    port,
    async down() {
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of open) socket.destroy();
      });
    },
    async up() {
      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
    },
    close: () => relay.close(),
  };
}

/** The seeded test database behind the relay: a copy on TEST_DATABASE_URL's server, else PGlite on a Unix socket. */
async function databaseBehindRelay() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `rpc_atlas_test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    const server = new URL(serverUrl);
    const relay = await cuttableRelay({ host: server.hostname, port: Number(server.port || 5432) });
    return {
      relay,
      url: `postgres://${server.username || 'postgres'}@127.0.0.1:${relay.port}/${name}`,
      poolSize: 3,
      async close() {
        relay.close();
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const pglite = await PGlite.create({
    loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
    extensions: { pg_trgm },
  });
  const socketPath = path.join(os.tmpdir(), `rpc-atlas-outage-${process.pid}-${randomBytes(4).toString('hex')}.sock`);
  // The pool's connection and the invalidation listener's.
  const server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 2 });
  await server.start();
  const relay = await cuttableRelay({ path: socketPath });
  return {
    relay,
    url: `postgres://postgres@127.0.0.1:${relay.port}/postgres`,
    poolSize: 1,
    async close() {
      relay.close();
      await server.stop();
      await pglite.close();
      rmSync(socketPath, { force: true });
    },
  };
}

type LogLine = { level: number; msg: string; [key: string]: unknown };

let backend: Awaited<ReturnType<typeof databaseBehindRelay>>;
let db: Database;
let server: http.Server;
let base: string;
const logged: LogLine[] = [];

beforeAll(async () => {
  backend = await databaseBehindRelay();
  db = await openDatabase({ databaseUrl: backend.url, poolSize: backend.poolSize });
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMITS: 'off',
    PROBES: 'off',
    PUBLIC_URL: base,
    LOG_LEVEL: 'info',
  });
  const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) });
  server.on('request', createApp({ db, config, log }).callback());
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db?.close();
  await backend?.close();
});

let sent = 0;
/** A visitor's contact message: a write that needs the database, never answered from a cache. */
const postContact = () =>
  fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Outage', email: 'outage@example.com', subject: `m${sent++}`, message: 'hello' }),
  });

const outageLines = () => logged.filter((l) => l.msg.startsWith('database unreachable'));
const recoveryLines = () => logged.filter((l) => l.msg === 'database reachable again');

/** Restores the relay and waits until a write is taken again and the outage's end is logged. */
async function recover() {
  const ends = recoveryLines().length;
  await backend.relay.up();
  await expect.poll(async () => (await postContact()).status, { timeout: 20_000, interval: 100 }).toBe(201);
  await expect.poll(() => recoveryLines().length, { timeout: 10_000 }).toBe(ends + 1);
}

describe('the database unreachable', () => {
  it('a request that needs it gets 503 with Retry-After and the API error shape; one error line for the outage', async () => {
    expect((await postContact()).status).toBe(201);
    const before = logged.length;
    await backend.relay.down();

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await postContact());
    answers.push(...(await Promise.all(Array.from({ length: 8 }, postContact))));
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({
        message: 'The database cannot be reached right now: try again in a few seconds',
      });
    }
    // A page that needs the database: the same status and header, as a page.
    const page = await fetch(`${base}/providers/no-such-provider-${randomBytes(3).toString('hex')}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('503: The database cannot be reached right now');
    // The health check says so too.
    expect((await fetch(`${base}/healthz`)).status).toBe(503);

    const during = logged.slice(before);
    // One error line for the outage, naming the cause, with no stack; every request still has its access line (a
    // warning, no stack); nothing else is an error.
    expect(during.filter((l) => l.level >= 50)).toEqual([outageLines()[0]]);
    expect(outageLines()).toHaveLength(1);
    expect(outageLines()[0]).toMatchObject({
      database: { code: expect.stringMatching(/^(ECONNREFUSED|CONNECTION_CLOSED|ECONNRESET)$/) },
    });
    expect(JSON.stringify(during)).not.toMatch(/"stack"|\bat [\w.<>]+ \(/);
    const accessLines = during.filter((l) => l.msg === 'request' && l.status === 503);
    // The contact posts, the page and the health check; besides them, the page's own API reads when its renderer
    // had loaded before the cut (it loads in the background after start), each a 503 of its own.
    const pageReads = accessLines.filter((l) => l.method === 'GET' && String(l.path).startsWith('/api/'));
    expect(accessLines.length - pageReads.length).toBe(answers.length + 2);
    for (const line of accessLines) expect(line.level).toBe(40);

    await recover();
    // The refused requests (and a cache invalidation the last write before the cut may not have sent).
    expect(recoveryLines().at(-1)!.failures).toBeGreaterThanOrEqual(answers.length + 1);
    expect(recoveryLines().at(-1)!.failures).toBeLessThanOrEqual(answers.length + 2 + pageReads.length);
    expect(recoveryLines().at(-1)!.outageMs).toBeGreaterThan(0);
    expect(outageLines()).toHaveLength(1);
  });

  it('each outage is logged once: a second one makes a second line', async () => {
    await backend.relay.down();
    for (let i = 0; i < 3; i++) expect((await postContact()).status).toBe(503);
    expect(outageLines(), JSON.stringify(logged.slice(-12).map((l) => [l.msg, l.status, l.database]))).toHaveLength(2);
    await recover();
    expect(outageLines()).toHaveLength(2);
    expect(recoveryLines()).toHaveLength(2);
  });
});
