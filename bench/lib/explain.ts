// EXPLAIN (ANALYZE, BUFFERS) of every SQL statement the app runs for a set of requests: the app is
// started in this process on a client whose debug hook records each statement with its parameters,
// the requests are made, and each distinct statement is re-run as a prepared statement under EXPLAIN
// inside a transaction that is rolled back (so write statements change nothing).
import http from 'node:http';
import pino from 'pino';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import { openDatabase, type Sql } from '../../api/db/index.ts';
import { signInAdmin } from './admin.ts';

export type ExplainRequest = { name: string; method?: string; path: string; admin?: boolean };
export type Explained = { request: string; query: string; plan: string; executionMs: number; seqScans: string[] };

/** Tables that grow with the data: a sequential scan of one of these is worth a look. */
const BIG_TABLES = new Set([
  'providers',
  'chains',
  'provider_chains',
  'user_reviews',
  'users',
  'chain_rpc_endpoints',
  'sessions',
  'editorial_reviews',
  'provider_votes',
  'chain_votes',
]);
const SKIP =
  /^\s*(begin|commit|rollback|savepoint|release|select 1\b|select pg_advisory|listen|notify|select pg_notify)/i;

class Rollback extends Error {
  constructor(readonly rows: Record<string, string>[]) {
    super('rollback');
  }
}

const literal = (v: unknown) => (v === null || v === undefined ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);

async function explainOne(sql: Sql, text: string, params: unknown[], types: number[]) {
  const typeNames: string[] = [];
  for (const oid of types) {
    if (!oid) typeNames.push('unknown');
    else typeNames.push((await sql<{ t: string }[]>`SELECT format_type(${oid}::oid, NULL) AS t`)[0].t);
  }
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(`PREPARE bench_explain${typeNames.length ? `(${typeNames.join(', ')})` : ''} AS ${text}`);
      const rows = await tx.unsafe(
        `EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_explain${params.length ? `(${params.map(literal).join(', ')})` : ''}`,
      );
      await tx.unsafe('DEALLOCATE bench_explain'); // prepared statements outlive the rollback
      throw new Rollback(rows as unknown as Record<string, string>[]);
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
    const plan = err.rows.map((r) => Object.values(r)[0]).join('\n');
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]).filter((t) => BIG_TABLES.has(t));
    return { plan, executionMs, seqScans: [...new Set(seqScans)] };
  }
  throw new Error('unreachable');
}

export async function explainRequests(
  databaseUrl: string,
  port: number,
  requests: ExplainRequest[],
): Promise<Explained[]> {
  const db = await openDatabase({ databaseUrl, poolSize: 2 });
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: url,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
  });
  const app = await createApp({ db, config, log: pino({ level: 'silent' }) });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  let recorded: { text: string; params: unknown[]; types: number[] }[] = [];
  // postgres.js reads options.debug on every query it sends.
  (db.sql.options as { debug?: unknown }).debug = (_conn: number, text: string, params: unknown[], types: number[]) => {
    if (!SKIP.test(text)) recorded.push({ text, params: [...params], types: [...types] });
  };
  const out: Explained[] = [];
  const seen = new Set<string>();
  try {
    const admin = requests.some((r) => r.admin) ? await signInAdmin(url) : undefined;
    for (const req of requests) {
      recorded = [];
      const init = { method: req.method ?? 'GET' };
      const res = req.admin ? await admin!.fetch(req.path, init) : await fetch(url + req.path, init);
      await res.arrayBuffer();
      if (res.status >= 400) throw new Error(`${req.method ?? 'GET'} ${req.path}: ${res.status}`);
      const statements = recorded;
      recorded = []; // the EXPLAIN statements below are recorded too: keep them out of this list
      for (const s of statements) {
        if (seen.has(s.text)) continue;
        seen.add(s.text);
        out.push({
          request: req.name,
          query: s.text.replace(/\s+/g, ' ').trim(),
          ...(await explainOne(db.sql, s.text, s.params, s.types)),
        });
      }
    }
  } finally {
    (db.sql.options as { debug?: unknown }).debug = false;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await db.close();
  }
  return out;
}
