// Part of `npm run build` (scripts/build-server.mjs): writes build/pgdata, the database a fresh embedded start copies.
import { writePrebuiltDataDir } from './prebuilt.ts';

await writePrebuiltDataDir();
