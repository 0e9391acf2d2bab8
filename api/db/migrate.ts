// Numbered, forward-only migrations from sql/migrations, each applied once in its own transaction.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './index.ts';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sql/migrations');
const FILE_PATTERN = /^(\d{5})_[a-z0-9_]+\.sql$/;

export function listMigrations(dir = MIGRATIONS_DIR): { id: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => FILE_PATTERN.test(f))
    .sort()
    .map((file) => ({ id: file.replace(/\.sql$/, ''), file: path.join(dir, file) }));
}

/** Applies pending migrations; returns the ids applied now. Safe to run concurrently from several processes. */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`;
  // One read decides a start whose schema is up to date: no transaction, no lock, no file read.
  const done = new Set((await sql<{ id: string }[]>`SELECT id FROM schema_migrations`).map((row) => row.id));
  const applied: string[] = [];
  for (const { id, file } of listMigrations(dir).filter((m) => !done.has(m.id))) {
    const text = readFileSync(file, 'utf8');
    const ran = await sql.begin(async (tx) => {
      // Serialise concurrent migrators (several instances starting at once).
      await tx`SELECT pg_advisory_xact_lock(727274)`;
      const [done] = await tx`SELECT 1 FROM schema_migrations WHERE id = ${id}`;
      if (done) return false;
      await tx.unsafe(text);
      await tx`INSERT INTO schema_migrations (id) VALUES (${id})`;
      return true;
    });
    if (ran) applied.push(id);
  }
  return applied;
}
