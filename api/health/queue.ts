// pg-boss over the app's own postgres.js client (docs/decisions/010-probe-queue.md): the one pool on PostgreSQL,
// the one connection of the embedded database.
import PgBoss from 'pg-boss';
import pRetry from 'p-retry';
import type { Queryable, Sql } from '../../sql/db-types.ts';

type Param = string | number | boolean | Date | null | object;

/**
 * pg sends every parameter as text and lets the server cast it; postgres.js serialises by the type the server
 * describes, so a string bound for a json parameter would be JSON-encoded a second time. A string therefore
 * goes as itself where text is expected and as the JSON it already is where json is.
 */
const asParameter = (v: unknown): Param => {
  if (v === undefined) return null;
  if (typeof v === 'string') return { toString: () => v, toJSON: () => JSON.parse(v) };
  return v as Param;
};

/** pg-boss's `db` option: its transactions arrive as one `BEGIN; …; COMMIT;` text, run on a reserved connection. */
export function pgBossDb(sql: Sql): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const params = values.map(asParameter) as never[];
      if (!/^\s*BEGIN\b/i.test(text)) return { rows: await sql.unsafe(text, params) };
      const reserved = await sql.reserve();
      try {
        return { rows: await reserved.unsafe(text, params) };
      } catch (err) {
        // A failed statement inside the text leaves its transaction open and aborted on this connection.
        await reserved.unsafe('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        reserved.release();
      }
    },
  };
}

/** A pg-boss `db` for one call inside a transaction of ours (`insert`, `complete`, `fail` join it with `{ db }`). */
export function pgBossTx(tx: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      return { rows: await tx.unsafe(text, values.map(asParameter) as never[]) };
    },
  };
}

/**
 * A started PgBoss over `sql` in `schema`, with `queue` created or brought to its options; `onError` gets its
 * background failures. Instances starting together on a new database race to install pg-boss's schema and to create
 * the queue: PostgreSQL may answer the loser with a deadlock or a duplicate key, and a PgBoss whose start failed never
 * starts again, so the loser tries again with a new one.
 */
export function openQueue(
  sql: Sql,
  {
    schema,
    maintenanceIntervalSeconds,
    onError,
  }: { schema: string; maintenanceIntervalSeconds: number; onError: (err: unknown) => void },
  queue: PgBoss.Queue,
): Promise<PgBoss> {
  return pRetry(
    async () => {
      const boss = new PgBoss({
        db: pgBossDb(sql),
        schema,
        schedule: false,
        maintenanceIntervalSeconds,
        archiveCompletedAfterSeconds: 3600,
        deleteAfterHours: 24,
      });
      boss.on('error', onError);
      try {
        await boss.start();
        if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
        else await boss.createQueue(queue.name, queue);
        return boss;
      } catch (err) {
        await boss.stop({ graceful: false }).catch(() => {});
        throw err;
      }
    },
    { retries: 4, minTimeout: 100, maxTimeout: 1000, randomize: true },
  );
}
