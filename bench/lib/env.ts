// What every bench shares: paths, the machine description, the PostgreSQL server and the output file.
import { execSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const OUT_DIR = path.join(ROOT, 'bench/out');

/** The PostgreSQL server the benches create their own databases on (never the app's). */
export const PG_SERVER_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Ports 3160-3171 are the benches': api uses 3160-3163, scale 3164-3167, web 3168, start 3169, pages 3170, footprint 3171. */
export const PORTS = { api: 3160, scale: 3164, web: 3168, start: 3169, pages: 3170, footprint: 3171 } as const;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function dbUrl(name: string) {
  const u = new URL(PG_SERVER_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates (after dropping) a database on the bench PostgreSQL server. */
export async function recreateDatabase(name: string) {
  const admin = postgres(PG_SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return dbUrl(name);
}

export async function dropDatabase(name: string) {
  const admin = postgres(PG_SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function databaseExists(name: string) {
  const admin = postgres(PG_SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    return rows.length > 0;
  } finally {
    await admin.end();
  }
}

function tryRun(cmd: string) {
  try {
    return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export async function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const admin = postgres(PG_SERVER_URL, { max: 1, onnotice: () => {} });
  let pg = 'unreachable';
  try {
    const [{ v }] = await admin`SELECT current_setting('server_version') AS v`;
    const [{ sb }] = await admin`SELECT current_setting('shared_buffers') AS sb`;
    pg = `PostgreSQL ${v} (shared_buffers ${sb})`;
  } catch {
    /* reported as unreachable */
  } finally {
    await admin.end();
  }
  const pkg = (name: string) => {
    try {
      return JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version as string;
    } catch {
      return '?';
    }
  };
  return [
    `${new Date().toISOString()} · ${os.cpus().length} × ${cpu} · ${Math.round(os.totalmem() / 2 ** 30)} GB RAM`,
    `load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `Node ${process.version} · ${pg} · PGlite ${pkg('@electric-sql/pglite')} · autocannon ${pkg('autocannon')}`,
    `commit ${tryRun('git rev-parse --short HEAD')}${tryRun('git status --porcelain --untracked-files=no') ? ' (+ uncommitted changes)' : ''}`,
  ].join('\n');
}

/** Prints a report section and appends it to bench/out/<part>.md (kept out of git). */
export function report(part: string, text: string) {
  console.log(text);
  mkdirSync(OUT_DIR, { recursive: true });
  appendFileSync(path.join(OUT_DIR, `${part}.md`), `${text}\n`);
}

export function table(header: string[], rows: (string | number)[][]) {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const fmt = {
  ms: (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v.toFixed(1)) : '—'),
  n: (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '—'),
  ratio: (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—'),
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
};
