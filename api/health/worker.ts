// Procfile `worker:`: the endpoint prober (and webhook deliveries) as its own process (the web processes then run with
// PROBES=off).
import pino from 'pino';
import { openConfiguredDatabase, prepareDatabase } from '../boot.ts';
import { loadConfig, loadDotEnv } from '../config.ts';
import { startProber } from './prober.ts';
import { startWebhookDeliverer } from '../webhooks/deliverer.ts';

loadDotEnv();
const config = loadConfig();
const log = pino({ level: config.logLevel });
const db = await openConfiguredDatabase(config);
await prepareDatabase(db);
const prober = await startProber({ db, config, log });
const deliverer = await startWebhookDeliverer({ db, config, log });
log.info({ intervalS: config.probes.intervalS }, 'prober started');

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all([prober.stop(), deliverer.stop()]);
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
