// Runs once per `vitest run`: builds a migrated, seeded database that every test file copies,
// instead of paying for initdb + migrations + dataset per file.
//  - embedded (default): a PGlite data-dir snapshot written to a temp file;
//  - TEST_DATABASE_URL set: a template database on that server.
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { seedIfEmpty } from '../db/seed.ts';

// Per run, so several test runs against one server (engineers side by side) never clash.
export const TEMPLATE_DATABASE = `rpc_atlas_test_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (project.name === 'postgres' && !url)
    throw new Error('The postgres project runs on a PostgreSQL server: set TEST_DATABASE_URL (npm run test:postgres).');
  if (url) {
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
    const db = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
    await migrate(db.sql);
    await seedIfEmpty(db.sql);
    await db.close();
    project.provide('templateDatabase', TEMPLATE_DATABASE);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const db = await openDatabase({ inMemory: true });
  await migrate(db.sql);
  await seedIfEmpty(db.sql);
  const snapshot = await db.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `rpc-atlas-test-snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  await db.close();
  project.provide('pgliteSnapshot', file);
  project.provide('templateDatabase', '');
  return () => rmSync(file, { force: true });
}
