// Helpers shared by the admin write routes: one transaction per request, clear 409s on duplicates.
import type { AppCtx } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../middleware/errors.ts';

/**
 * Runs `work` in one transaction. A unique violation of one of the named constraints becomes a 409
 * with that constraint's message (the transaction is rolled back, so nothing changes).
 */
export async function inTransaction<T>(
  ctx: AppCtx,
  work: (tx: Queryable) => Promise<T>,
  conflicts: Record<string, () => string> = {},
): Promise<T> {
  try {
    return (await ctx.sql.begin((tx) => work(tx))) as T;
  } catch (err) {
    const e = err as { code?: string; constraint_name?: string };
    const message = e.code === '23505' && e.constraint_name ? conflicts[e.constraint_name] : undefined;
    if (message) throw new HttpError(409, message());
    throw err;
  }
}

/** The keys whose value was sent (a partial update leaves the others alone). */
export function definedOnly<T extends object>(values: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as never;
}
