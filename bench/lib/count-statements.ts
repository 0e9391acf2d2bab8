// Lists the SQL statements (and their connection) one request sends, on the loaded scale database:
// `npx tsx bench/lib/count-statements.ts PUT /api/admin/reviews/{pending}/approve` — the approval's round trips.
import http from 'node:http';
import pino from 'pino';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import { openDatabase } from '../../api/db/index.ts';
import { signInAdmin } from './admin.ts';
import { dbUrl } from './env.ts';

const [method = 'PUT', pathArg = '/api/admin/reviews/{pending}/approve'] = process.argv.slice(2);
const databaseUrl = dbUrl('rpc_atlas_bench_scale');
const port = 3161;
const db = await openDatabase({ databaseUrl, poolSize: 2 });
const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  NODE_ENV: 'development',
});
const app = await createApp({ db, config, log: pino({ level: 'silent' }) });
const server = http.createServer(app.callback());
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
try {
  const admin = await signInAdmin(`http://127.0.0.1:${port}`);
  const [pending] = await db.sql<
    { id: number }[]
  >`SELECT id FROM user_reviews WHERE status = 'pending' ORDER BY random() LIMIT 1`;
  const path = pathArg.replace('{pending}', String(pending.id));
  const sent: string[] = [];
  (db.sql.options as { debug?: unknown }).debug = (conn: number, text: string) =>
    sent.push(`[conn ${conn}] ${text.replace(/\s+/g, ' ').slice(0, 140)}`);
  const res = await admin.fetch(path, { method });
  await res.arrayBuffer();
  await new Promise((r) => setTimeout(r, 50)); // the NOTIFY sent after the answer
  (db.sql.options as { debug?: unknown }).debug = false;
  console.log(`${method} ${path} → ${res.status}, ${sent.length} statements:\n${sent.join('\n')}`);
} finally {
  server.close();
  await db.close();
}
