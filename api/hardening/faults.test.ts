// Faults: the database stopped and started again under load, and the embedded database killed mid-write.
// The PostgreSQL case runs a PRIVATE cluster (its own data dir and port) so restarting it disturbs nothing else.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.ts';
import { createEmbeddedDataDir, spawnServer } from '../test/harness.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const OUTAGE_MS = 2000;
const canRunPrivateCluster =
  Boolean(process.env.TEST_DATABASE_URL) && existsSync(`${PG_BIN}/pg_ctl`) && process.getuid?.() === 0;

/** Waits until the load has had `count` writes acknowledged (a loaded machine is slow to warm up). */
async function untilAcknowledged(load: { acknowledged: string[] }, count: number) {
  const deadline = Date.now() + 60_000;
  while (load.acknowledged.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

/** POSTs contact messages with unique subjects as fast as one client can; returns the acknowledged ones. */
function writeLoad(base: string, until: () => boolean) {
  const acknowledged: string[] = [];
  const refusals = new Map<string, number>(); // the answers that were not 201: "status Retry-After", how often
  let failed = 0;
  let unanswered = 0; // no HTTP answer at all (connection refused, reset or timed out)
  let slowestMs = 0;
  const errors = new Map<string, number>(); // why requests went unanswered, and how often
  const run = (async () => {
    for (let i = 0; !until(); i++) {
      const subject = `load-${i}`;
      const startedAt = Date.now();
      try {
        const res = await fetch(`${base}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          signal: AbortSignal.timeout(5000),
          body: JSON.stringify({ name: 'Load', email: 'load@example.com', subject, message: 'fault test' }),
        });
        if (res.status === 201) acknowledged.push(subject);
        else {
          failed++;
          const key = `${res.status} ${res.headers.get('retry-after')} ${await res.text()}`;
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        }
      } catch (err) {
        failed++;
        unanswered++;
        const cause = (err as { cause?: { code?: string } }).cause;
        errors.set(cause?.code ?? String(err), (errors.get(cause?.code ?? String(err)) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 50)); // as a client would, rather than spin
      }
      slowestMs = Math.max(slowestMs, Date.now() - startedAt);
    }
  })();
  return {
    acknowledged,
    failures: () => failed,
    refusals: () => Object.fromEntries(refusals),
    unanswered: () => unanswered,
    errors: () => Object.fromEntries(errors),
    slowestMs: () => slowestMs,
    done: run,
  };
}

describe.skipIf(!canRunPrivateCluster)('PostgreSQL stopped for two seconds under load', () => {
  it('keeps answering, recovers by itself, and loses no acknowledged write', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-pg-'));
    chmodSync(dir, 0o777);
    const dataDir = path.join(dir, 'data');
    const port = 40000 + Math.floor(Math.random() * 10000);
    const asPostgres = (bin: string, args: string[]) =>
      execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args], { stdio: 'pipe' });
    const pgCtl = (...args: string[]) =>
      asPostgres('pg_ctl', ['-D', dataDir, '-w', '-l', path.join(dir, 'log'), ...args]);
    asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
    pgCtl('start', '-o', serverOptions);
    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const server = spawnServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' });
    try {
      await server.ready;
      let stopLoad = false;
      const load = writeLoad(server.url, () => stopLoad);
      await untilAcknowledged(load, 20);
      const ackedBeforeRestart = load.acknowledged.length;
      // Asynchronously, so the load keeps running through the outage; down for OUTAGE_MS.
      const pgCtlAsync = (...args: string[]) =>
        promisify(execFile)('runuser', [
          '-u',
          'postgres',
          '--',
          `${PG_BIN}/pg_ctl`,
          '-D',
          dataDir,
          '-w',
          '-l',
          path.join(dir, 'log'),
          ...args,
        ]);
      const restartStartedAt = Date.now();
      await pgCtlAsync('stop', '-m', 'fast');
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      await pgCtlAsync('start', '-o', serverOptions);
      const restartedAt = Date.now();
      const failedDuringOutage = load.failures();

      // Recovery: the first acknowledged write after the restart, without touching the server.
      const countAtRestart = load.acknowledged.length;
      while (load.acknowledged.length === countAtRestart && Date.now() - restartedAt < 15_000) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const recoveryMs = Date.now() - restartedAt;
      await new Promise((r) => setTimeout(r, 1000));
      stopLoad = true;
      await load.done;

      expect(ackedBeforeRestart).toBeGreaterThan(0);
      expect(load.unanswered(), `${JSON.stringify(load.errors())}\n${server.output()}`).toBe(0); // the server kept answering (with errors) through the outage
      expect(recoveryMs).toBeLessThan(10_000);
      expect((await (await fetch(`${server.url}/healthz`)).json()).database).toBe('ok');

      const check = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      const stored = new Set(
        (await check<{ subject: string }[]>`SELECT subject FROM contact_submissions`).map((r) => r.subject),
      );
      await check.end();
      const lost = load.acknowledged.filter((s) => !stored.has(s));
      console.info(
        `[faults] acknowledged ${load.acknowledged.length} writes; outage ${restartedAt - restartStartedAt} ms with ` +
          `${failedDuringOutage} failed requests; first acknowledged write ${recoveryMs} ms after PostgreSQL was back; ` +
          `${load.failures()} failures in all (${JSON.stringify(load.refusals())}); slowest answer ` +
          `${load.slowestMs()} ms; lost ${lost.length}`,
      );
      expect(lost).toEqual([]);

      // Every write the outage refused was a 503 telling the client when to come back, in the API's error shape.
      expect(load.failures()).toBeGreaterThan(0);
      expect(load.refusals()).toEqual({
        [`503 5 ${JSON.stringify({ message: 'The database cannot be reached right now: try again in a few seconds' })}`]:
          load.failures(),
      });
      // One outage, one error line (and one when it ended); no stack, no line per request but its access line.
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string; failures?: number });
      // On failure, the lines that are not access lines, with what met the database and when, say which part saw
      // a second outage.
      const story = JSON.stringify(lines.filter((l) => l.msg !== 'request'));
      expect(
        lines.filter((l) => l.level >= 50).map((l) => l.msg),
        story,
      ).toEqual([expect.stringMatching(/^database unreachable: /)]);
      const ended = lines.filter((l) => l.msg === 'database reachable again');
      expect(ended, story).toHaveLength(1);
      expect(ended[0].failures).toBeGreaterThanOrEqual(load.failures());
      expect(server.output()).not.toMatch(/"stack"/);
    } finally {
      await server.stop();
      try {
        pgCtl('stop', '-m', 'immediate');
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database killed mid-write', () => {
  it('reopens with every acknowledged write', async () => {
    const dataDir = await createEmbeddedDataDir();
    const server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await server.ready;
      let stopLoad = false;
      const load = writeLoad(server.url, () => stopLoad);
      await untilAcknowledged(load, 20);
      server.child.kill('SIGKILL');
      stopLoad = true;
      await load.done;
      await new Promise((r) =>
        server.child.exitCode !== null || server.child.signalCode ? r(null) : server.child.on('exit', r),
      );

      const reopened = await openDatabase({ dataDir });
      try {
        const stored = new Set(
          (await reopened.sql<{ subject: string }[]>`SELECT subject FROM contact_submissions`).map((r) => r.subject),
        );
        const lost = load.acknowledged.filter((s) => !stored.has(s));
        console.info(
          `[faults] embedded: acknowledged ${load.acknowledged.length} writes before SIGKILL, lost ${lost.length}`,
        );
        expect(load.acknowledged.length).toBeGreaterThan(0);
        expect(lost).toEqual([]);
      } finally {
        await reopened.close();
      }
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
