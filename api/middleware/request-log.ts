// One structured line per request. Never logs cookies, headers or bodies (secrets live there).
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

export function requestLog(log: Logger) {
  return async function logRequest(ctx: Context, next: Next) {
    const start = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - start) * 10) / 10;
      // A 503 (the database unreachable, logged once per outage by errors.ts) is expected while it lasts.
      const level = ctx.status === 503 ? 'warn' : ctx.status >= 500 ? 'error' : 'info';
      log[level]({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
    }
  };
}
