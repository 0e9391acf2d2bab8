// A database that cannot be reached (stopped, restarting, the network to it down) is a passing state, not a fault
// of the request: such a request is answered 503 with Retry-After, and the outage is logged once — one error line
// when it starts, one line when the database answers again (how long it lasted, how many requests and background
// tasks met it) — however many meet it, and with no stack (the stack is postgres.js's socket code, every time).
import postgres from 'postgres';
import type { Logger } from 'pino';
import type { Sql } from './index.ts';

/** Seconds a client is told to wait before trying again (a PostgreSQL restart takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;

/** How often the database is asked again while it is unreachable. */
const PROBE_INTERVAL_MS = 1000;

// Socket errors of a connection that could not be made or was cut: the database's only when postgres.js rejected a
// query with them (it marks such an error with the query), so a route's own outbound request failing is not one.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT', // a Unix socket path with no server behind it
]);
// postgres.js's own codes (no other library uses these names): its connection closed, timed out connecting, or
// destroyed; the pool ended (shutting down).
const CLIENT_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'CONNECTION_ENDED']);
// PostgreSQL's (class 08 too, connection exceptions): terminated by an administrator or a crash, starting up or
// shutting down, too many clients.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

type CodedError = { code?: unknown; cause?: unknown; errors?: unknown; syscall?: unknown };

function isUnreachable(e: CodedError & object, code: string): boolean {
  if (CLIENT_CODES.has(code)) return true;
  if (e instanceof postgres.PostgresError) return SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
  if (!('query' in e)) return false;
  return NETWORK_CODES.has(code) && (code !== 'ENOENT' || e.syscall === 'connect');
}

/** The error (or one it wraps) saying the database could not be reached, if it is one. */
export function unreachableDatabase(err: unknown): (Error & { code: string }) | undefined {
  const pending = [err];
  for (let seen = 0; pending.length && seen < 20; seen++) {
    const e = pending.shift() as CodedError | null | undefined;
    if (!e || typeof e !== 'object') continue;
    const code = typeof e.code === 'string' ? e.code : '';
    if (code && isUnreachable(e, code)) return e as Error & { code: string };
    pending.push(e.cause, ...(Array.isArray(e.errors) ? e.errors : []));
  }
  return undefined;
}

export type OutageWatch = ReturnType<typeof watchDatabaseOutages>;

const watches = new WeakMap<Sql, OutageWatch>();

/** The outage watch of this database client (one per client, however many apps and handlers share it). */
export function outageWatchOf(sql: Sql, log: Logger): OutageWatch {
  let watch = watches.get(sql);
  if (!watch) watches.set(sql, (watch = watchDatabaseOutages(sql, log)));
  return watch;
}

/**
 * Counts the requests and background tasks that met the database unreachable. The first one logs the outage and
 * starts asking the
 * database (`SELECT 1`) every second; the first answer ends it. The pool closed on purpose (shutdown) ends the
 * asking without a line.
 */
export function watchDatabaseOutages(sql: Sql, log: Logger, { probeIntervalMs = PROBE_INTERVAL_MS } = {}) {
  let outage: { since: number; failures: number } | undefined;

  const ask = () => setTimeout(probe, probeIntervalMs).unref();
  async function probe() {
    if (!outage) return;
    try {
      await sql`SELECT 1`;
    } catch (err) {
      const cause = unreachableDatabase(err);
      if (cause?.code === 'CONNECTION_ENDED') return void (outage = undefined);
      if (cause) return void ask();
      // Any other answer (an error of the query itself) comes from a database that is there.
    }
    log.info({ outageMs: Date.now() - outage.since, failures: outage.failures }, 'database reachable again');
    outage = undefined;
  }

  return {
    /**
     * A request (answered 503) or background work (a queue poll, a probe round) met the unreachable database:
     * `cause` from unreachableDatabase, `where` names what met it.
     */
    met(cause: Error & { code: string }, where: Record<string, string | number>) {
      if (outage) {
        outage.failures++;
        return;
      }
      outage = { since: Date.now(), failures: 1 };
      log.error(
        { database: { code: cause.code, message: cause.message }, ...where },
        `database unreachable: requests that need it are answered 503 (Retry-After: ${DATABASE_RETRY_AFTER_S}) until it answers again`,
      );
      if (cause.code !== 'CONNECTION_ENDED') ask();
    },
    /** Whether an outage is under way (the database has not answered since one began). */
    get down() {
      return outage !== undefined;
    },
  };
}
