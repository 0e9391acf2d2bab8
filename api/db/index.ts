// Opens the one database the server talks to: real PostgreSQL when a URL is given, otherwise
// embedded PGlite served over a private Unix socket, so the same postgres.js client works for both.
import { EventEmitter } from 'node:events';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from '../../sql/db-types.ts';

export type { Queryable, Sql } from '../../sql/db-types.ts';

export type Database = {
  sql: Sql;
  kind: 'embedded' | 'postgres';
  /** Human-readable description for the start-up banner (never contains a password). */
  label: string;
  /**
   * Tell every process sharing this database that cached reads are stale: this one at once (before the call
   * returns), the others through the database.
   */
  publishInvalidation: () => Promise<void>;
  onInvalidation: (listener: () => void) => void;
  close: () => Promise<void>;
  /** The embedded engine itself (embedded only): tests snapshot it with dumpDataDir. */
  pglite?: PGlite;
};

const INVALIDATION_CHANNEL = 'rpc_atlas_cache';

// Pool sizes. Embedded: one connection. PGlite runs one query at a time anyway, and pglite-socket
// interleaves the protocol messages of several connections outside transactions, so a second
// connection could run its query in another's portal (db.test.ts "concurrent queries").
const EMBEDDED_POOL = 1;
const POSTGRES_POOL = 10;
const EMBEDDED_SHARED_BUFFERS = '16MB';

const clientOptions: postgres.Options<Record<string, postgres.PostgresType>> = {
  onnotice: () => {},
  // snake_case stays in SQL; rows arrive camelCase (and camelCase insert keys become snake_case).
  transform: postgres.camel,
  // int8 (counts, EVM chain ids) as JS numbers: every value we store fits in 2^53.
  types: {
    int8: { to: 20, from: [20], serialize: (n: number) => String(n), parse: (s: string) => Number(s) },
  } as Record<string, postgres.PostgresType>,
};

export type OpenOptions =
  | { databaseUrl: string; poolSize?: number }
  /** template: asked for a data directory to copy in when dataDir holds no database yet (api/db/prebuilt.ts). */
  | { dataDir: string; loadDataDir?: Blob; template?: () => string | undefined }
  | { inMemory: true; loadDataDir?: Blob };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? POSTGRES_POOL);
  return openEmbedded(options);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // JIT off: on the provider list at 10,000 rows it spent 1.5 s compiling to save nothing (bench/RESULTS.md).
  const sql = postgres(url, {
    ...clientOptions,
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    connection: { jit: 'off' },
    // Seconds before a closed connection dials again. postgres.js's default grows 3^failures up to 20 s,
    // counted over the whole pool, so after a two-second outage a request waited 7–20 s (faults.test.ts).
    backoff: (failures: number) => Math.min(0.05 * 2 ** failures, 0.5),
  });
  const events = new EventEmitter();
  // This process hears its own notice at once and ignores its echo: arriving a round trip later, the echo
  // would mark stale what was computed after the write (a page rendered in between, rendered again for nothing).
  const self = randomBytes(8).toString('hex');
  // LISTEN runs on its own dedicated connection and reconnects by itself after an outage.
  const listening = await sql.listen(INVALIDATION_CHANNEL, (sender) => {
    if (sender !== self) events.emit('invalidate');
  });
  const safeUrl = new URL(url);
  safeUrl.password = '';
  return {
    sql,
    kind: 'postgres',
    label: `PostgreSQL ${safeUrl.host}${safeUrl.pathname}`,
    publishInvalidation: async () => {
      events.emit('invalidate');
      await sql.notify(INVALIDATION_CHANNEL, self);
    },
    onInvalidation: (listener) => void events.on('invalidate', listener),
    close: async () => {
      await listening.unlisten().catch(() => {});
      await sql.end({ timeout: 5 });
    },
  };
}

async function openEmbedded(
  options:
    | { dataDir: string; loadDataDir?: Blob; template?: () => string | undefined }
    | { inMemory: true; loadDataDir?: Blob },
): Promise<Database> {
  const dataDir = 'dataDir' in options ? path.resolve(options.dataDir, 'pg') : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? holdDataDir(path.dirname(dataDir)) : () => {};
  const template =
    'template' in options && !existsSync(path.join(dataDir!, 'PG_VERSION')) ? options.template?.() : undefined;
  if (template) {
    // Copied beside, then moved in place: a start cut short leaves no half a database to open.
    const copy = `${dataDir}.new-${process.pid}`;
    cpSync(template, copy, { recursive: true });
    renameSync(copy, dataDir!);
  }
  // Loaded only here: a server on PostgreSQL never holds the embedded database's code.
  const [{ PGlite }, { pg_trgm }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite-socket'),
  ]);
  const db = await PGlite.create({
    dataDir,
    extensions: { pg_trgm }, // must be passed on every open
    loadDataDir: options.loadDataDir,
    // PostgreSQL's default 128 MB of shared buffers sat resident in the process for a database of ~40 MB whose
    // files the operating system caches anyway (bench/RESULTS.md "footprint").
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  // A Unix socket in the temp dir: no port to collide with, reachable only by this user.
  const socketPath = path.join(os.tmpdir(), `rpc-atlas-${process.pid}-${randomBytes(4).toString('hex')}.sock`);
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: EMBEDDED_POOL });
  await server.start();
  const sql = postgres({
    ...clientOptions,
    path: socketPath,
    user: 'postgres',
    database: 'postgres',
    max: EMBEDDED_POOL,
  });
  // LISTEN/NOTIFY does not cross pglite-socket, and the embedded engine is single-process by
  // nature, so invalidation is relayed in-process.
  const events = new EventEmitter();
  return {
    sql,
    kind: 'embedded',
    pglite: db,
    label: dataDir
      ? `embedded PGlite at ${dataDir}${template ? ` (new: a copy of ${template})` : ''}`
      : 'embedded PGlite in memory',
    publishInvalidation: async () => void events.emit('invalidate'),
    onInvalidation: (listener) => void events.on('invalidate', listener),
    close: async () => {
      await sql.end({ timeout: 5 });
      await server.stop();
      await db.close();
      rmSync(socketPath, { force: true });
      release();
    },
  };
}

/** Another live process has the embedded database's directory open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database at ${dataDir} is in use by process ${pid}`);
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// PGlite takes no lock of its own, and two processes writing one directory corrupt it: the opener writes its pid
// in the directory, and another process refuses while that pid is alive (a crashed holder's file is taken over).
function holdDataDir(dir: string) {
  const file = path.join(dir, 'holder.pid');
  let holder = NaN;
  try {
    holder = Number(readFileSync(file, 'utf8'));
  } catch {
    // nobody holds it
  }
  if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dir, holder);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8')) === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}
