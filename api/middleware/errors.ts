// Turns every failure into the API's error shape: {"message": "...", "issues"?: [...]}.
import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import type { Logger } from 'pino';
import type { Sql } from '../db/index.ts';
import { DATABASE_RETRY_AFTER_S, outageWatchOf, unreachableDatabase } from '../db/outage.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: unknown[],
  ) {
    super(message);
  }
}

/** Formats zod issues as "field: message; other: message" (the field is left out for the root). */
export function describeIssues(error: ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

// PostgreSQL error codes that mean the client sent something the data rules refuse.
const PG_CLIENT_ERRORS: Record<
  string,
  { status: number; message: (e: { detail?: string; constraint_name?: string }) => string }
> = {
  '23505': { status: 409, message: (e) => `Already exists: ${e.detail ?? e.constraint_name ?? 'duplicate value'}` },
  '23503': {
    status: 409,
    message: (e) => `Conflicts with related data: ${e.detail ?? e.constraint_name ?? 'foreign key'}`,
  },
  '23514': { status: 400, message: (e) => `Invalid value (${e.constraint_name ?? 'check constraint'})` },
  '22001': { status: 400, message: () => 'A value is too long' },
  '22P02': { status: 400, message: () => 'Invalid value' },
  '22021': { status: 400, message: () => 'Invalid text encoding' },
};

export function errorHandler(log: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
      }
    } catch (err) {
      const e = err as Error & {
        status?: number;
        expose?: boolean;
        code?: string;
        detail?: string;
        constraint_name?: string;
      };
      let unreachable: ReturnType<typeof unreachableDatabase>;
      if (e instanceof ZodError) {
        ctx.status = 400;
        ctx.body = { message: describeIssues(e), issues: e.issues };
      } else if (e instanceof HttpError) {
        ctx.status = e.status;
        ctx.body = e.issues ? { message: e.message, issues: e.issues } : { message: e.message };
      } else if ((unreachable = unreachableDatabase(e))) {
        // Not the request's fault and soon over: the client is told to come back; the outage is logged once.
        const { sql } = ctx as Context & { sql?: Sql };
        const request = { method: ctx.method, path: ctx.path };
        if (sql) outageWatchOf(sql, log).met(unreachable, request);
        else log.error({ database: { code: unreachable.code }, ...request }, 'database unreachable');
        ctx.status = 503;
        ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_S));
        ctx.body = { message: 'The database cannot be reached right now: try again in a few seconds' };
      } else if (e.code && PG_CLIENT_ERRORS[e.code]) {
        const known = PG_CLIENT_ERRORS[e.code];
        ctx.status = known.status;
        ctx.body = { message: known.message(e) };
      } else if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
        // Errors from Koa, koa-body and friends (413 too large, 415 wrong type, 400 bad JSON).
        ctx.status = e.status;
        ctx.body = { message: e.expose !== false && e.message ? e.message : 'Bad request' };
      } else {
        log.error({ err: e, method: ctx.method, path: ctx.path }, 'request failed');
        ctx.status = typeof e.status === 'number' && e.status >= 500 ? e.status : 500;
        ctx.body = { message: 'Internal server error' };
      }
    }
  };
}

/** A UTF-16 surrogate standing alone (a paired one reads as one code point under the u flag). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Whether a parsed JSON value holds only well-formed text (no lone surrogate, in keys or values). */
function isWellFormedJson(body: unknown): boolean {
  // A loop, not recursion: JSON nested 100,000 deep must get its 400, not overflow the stack.
  const pending = [body];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return false;
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
  return true;
}

/**
 * What was sent is stored exactly or not at all. The JSON parser decodes invalid UTF-8 lossily (each bad byte
 * becomes U+FFFD), and a JSON escape can name half a surrogate pair ("\ud800"), which the database would store
 * as U+FFFD: both are refused (a person never types U+FFFD on purpose).
 */
export async function rejectInvalidUtf8(ctx: Context, next: Next) {
  const raw = (ctx.request as { rawBody?: unknown }).rawBody; // kept by koa-body's includeUnparsed
  if ((typeof raw === 'string' && raw.includes('\uFFFD')) || !isWellFormedJson(ctx.request.body)) {
    throw new HttpError(400, 'Request body is not valid UTF-8');
  }
  await next();
}
