// A prober process for the crash test: it takes probe jobs, never finishes them, and prints each URL it took
// ("taken <url>") so the test can kill it with SIGKILL mid-round.
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { startProber } from './prober.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl!, poolSize: 2 });
await startProber({
  db,
  config,
  log: pino({ level: 'silent' }),
  schema: process.env.PROBE_TEST_SCHEMA,
  queue: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, expireInSeconds: 3, retryDelaySeconds: 0 },
  probe: (url) => {
    console.log(`taken ${url}`);
    return new Promise(() => {});
  },
});
