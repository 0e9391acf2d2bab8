// Opens the configured database, brings its schema up to date and loads the dataset when empty.
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed.ts';

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ dataDir: config.dataDir });
}

export async function prepareDatabase(db: Database) {
  const migrated = await migrate(db.sql);
  const seeded = await seedIfEmpty(db.sql);
  return { migrated, seeded };
}
