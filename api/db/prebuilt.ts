// The embedded database as a fresh start makes it (initdb, every migration, the dataset), made once by `npm run build`
// into build/pgdata, so that a fresh start copies 40 MB of files instead: initdb alone ran two more PostgreSQL
// instances in WebAssembly beside the server's (6 s of CPU, 780 MB at its peak, ~150 MB of it kept for the process's
// life; bench/RESULTS.md "footprint"). It holds no secret: those are made at run time (app_secrets) and the build
// refuses a copy holding one.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './index.ts';
import { migrate } from './migrate.ts';
import { seedIfEmpty } from './seed.ts';

// api/db/ and build/api/ are as deep: both name the repository's build/, data/ and sql/ this way.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PREBUILT_DIR = path.join(root, 'build/pgdata');
const FINGERPRINT_FILE = path.join(root, 'build/pgdata.sha256');

/**
 * What the prebuilt copy is made from: the engine's version, the migrations, the dataset and the code loading it. A
 * copy made from other sources (files changed since the build) is not used.
 */
function sourcesFingerprint() {
  const hash = createHash('sha256');
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(pglite, '../../package.json')));
  const files = [
    ...readdirSync(path.join(root, 'sql/migrations')).map((f) => `sql/migrations/${f}`),
    ...readdirSync(path.join(root, 'data'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `data/${f}`),
    'api/db/seed.ts',
  ].sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

/** The prebuilt data directory when it was made from the current sources. */
export function prebuiltDataDir(): string | undefined {
  if (!existsSync(path.join(PREBUILT_DIR, 'PG_VERSION')) || !existsSync(FINGERPRINT_FILE)) return undefined;
  return readFileSync(FINGERPRINT_FILE, 'utf8') === sourcesFingerprint() ? PREBUILT_DIR : undefined;
}

/** Part of `npm run build`: makes build/pgdata (made beside it, then moved in place). */
export async function writePrebuiltDataDir() {
  const fingerprint = sourcesFingerprint();
  const work = mkdtempSync(path.join(root, 'build/pgdata-'));
  try {
    const db = await openDatabase({ dataDir: work });
    try {
      await migrate(db.sql);
      await seedIfEmpty(db.sql);
      const [{ secrets }] = await db.sql<{ secrets: number }[]>`SELECT count(*) AS secrets FROM app_secrets`;
      if (secrets) throw new Error('the prebuilt database would ship a secret');
    } finally {
      await db.close();
    }
    rmSync(FINGERPRINT_FILE, { force: true });
    rmSync(PREBUILT_DIR, { recursive: true, force: true });
    renameSync(path.join(work, 'pg'), PREBUILT_DIR);
    writeFileSync(FINGERPRINT_FILE, fingerprint);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
