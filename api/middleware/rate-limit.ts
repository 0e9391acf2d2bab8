// Abuse limits (rate-limiter-flexible) with their counters in PostgreSQL, so several instances share
// them. Generous: a person never meets them. RATE_LIMITS=off turns them off (load tests, test runs).
import type { Next } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config, RateLimitName } from '../config.ts';
import type { AppCtx } from '../context.ts';
import type { Sql } from '../db/index.ts';
import { HttpError } from './errors.ts';

/** Table created by sql/migrations/00002_rate_limits.sql. */
const TABLE = 'rate_limits';

/**
 * RateLimiterPostgres speaks node-postgres (`client.query({text, values})` → `{rows, rowCount}`);
 * this adapts the app's postgres.js client to it, so the library's own SQL runs unchanged.
 */
function pgStyleClient(sql: Sql) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const rows = await sql.unsafe(text, (values ?? []) as never[]);
      return { rows, rowCount: rows.count };
    },
  };
}

/** `consume` answers how many seconds `who` must wait when over the limit, else 0. */
export type RateLimits = { consume: (name: RateLimitName, who: string) => Promise<number> };

export function createRateLimits(sql: Sql, config: Config): RateLimits {
  if (!config.rateLimits) return { consume: async () => 0 };
  const storeClient = pgStyleClient(sql);
  const limiters = Object.fromEntries(
    Object.entries(config.rateLimitRules).map(([name, rule]) => [
      name,
      new RateLimiterPostgres({
        storeClient,
        storeType: 'pool',
        tableName: TABLE,
        tableCreated: true,
        keyPrefix: name,
        points: rule.points,
        duration: rule.seconds,
      }),
    ]),
  ) as Record<RateLimitName, RateLimiterPostgres>;
  return {
    async consume(name, who) {
      try {
        await limiters[name].consume(who);
        return 0;
      } catch (err) {
        // The library rejects with a RateLimiterRes when the limit is reached, with an Error when the store fails.
        if (!(err instanceof RateLimiterRes)) throw err;
        return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      }
    },
  };
}

function formatWait(seconds: number) {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** Who a limit counts: the signed-in user, else the client address. */
export const limitedClient = (ctx: AppCtx) => (ctx.state.user ? `user:${ctx.state.user.id}` : `ip:${ctx.ip}`);

/**
 * Route middleware: counts this request against the named limit, per user when signed in, else per address; or
 * always per address (`per: 'address'`) for what a signed-in visitor could otherwise repeat as a new user each time.
 */
export function rateLimit(name: RateLimitName, { per = 'client' }: { per?: 'client' | 'address' } = {}) {
  return async function limited(ctx: AppCtx, next: Next) {
    const wait = await ctx.rateLimits.consume(name, per === 'address' ? `ip:${ctx.ip}` : limitedClient(ctx));
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      throw new HttpError(429, `Too many requests. Please try again in ${formatWait(wait)}.`);
    }
    await next();
  };
}
