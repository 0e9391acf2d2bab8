// `npm run db:migrate` (Procfile release): applies pending migrations and loads the dataset into an empty database.
import { openConfiguredDatabase, prepareDatabase } from '../boot.ts';
import { loadConfig, loadDotEnv } from '../config.ts';

loadDotEnv();
const db = await openConfiguredDatabase(loadConfig());
try {
  const { migrated, seeded } = await prepareDatabase(db);
  console.log(
    `${db.label}: ${migrated.length ? `applied ${migrated.join(', ')}` : 'schema up to date'}${seeded ? '; dataset loaded' : ''}`,
  );
} finally {
  await db.close();
}
