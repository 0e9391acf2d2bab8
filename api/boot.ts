// Opens the configured database (a new embedded one as `npm run build` made it, when it can), brings its schema up
// to date and loads the dataset when empty.
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { prebuiltDataDir } from './db/prebuilt.ts';
import { seedIfEmpty } from './db/seed.ts';

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ dataDir: config.dataDir, template: prebuiltDataDir });
}

export async function prepareDatabase(db: Database) {
  const migrated = await migrate(db.sql);
  const seeded = await seedIfEmpty(db.sql);
  return { migrated, seeded };
}
