// Entry point: `npm start` / Procfile web. Boots, listens on PORT and shuts down cleanly on SIGINT/SIGTERM.
import http from 'node:http';
import pino from 'pino';
import { createApp } from './app.ts';
import { openConfiguredDatabase, prepareDatabase } from './boot.ts';
import { loadConfig, loadDotEnv, PRODUCT_NAME } from './config.ts';
import { startProber, type Prober } from './health/prober.ts';
import { startWebhookDeliverer } from './webhooks/deliverer.ts';
import { loadedReactBuild, loadRenderer } from './web/ssr.ts';
import { paths } from '../contract/urls.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long after the server is ready its health checks start. A round's start (every endpoint's timer, the jobs, on
 * the embedded database queries that run on this thread) takes the event loop in 30–90 ms slices for about a second:
 * right after a start, while the first visitors come, it took their p99 from 40 to 100–137 ms (bench/RESULTS.md
 * "footprint"). The statuses stored before the restart are shown meanwhile.
 */
const PROBER_START_DELAY_MS = 10_000;

async function main() {
  const started = performance.now();
  loadDotEnv();
  const config = loadConfig();
  // The libraries run as in production: pages are rendered with React's production build, as the browser runs
  // it. The app's own rules for production (the local sign-in refused, a session secret required) follow the
  // NODE_ENV read into config just above. `npm run dev` serves React's development build from Vite.
  process.env.NODE_ENV = 'production';
  const log = pino({ level: config.logLevel });
  const db = await openConfiguredDatabase(config);
  const { migrated, seeded } = await prepareDatabase(db);
  const app = createApp({ db, config, log });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const answering = performance.now() - started;
  // After the first answers can go out: the API and /healthz need neither. A page asked for meanwhile waits for the
  // renderer, which then renders at once.
  await loadRenderer();
  // The most visited page, rendered before visitors come for it (the first ones would wait on its render). One only:
  // a render holds the event loop, and the pages' first visitors may already be waiting on answers.
  await app.context.cache.warm([paths.home()]);
  let prober: Promise<Prober | undefined> = Promise.resolve(undefined);
  const proberTimer = config.probes.enabled
    ? setTimeout(() => {
        prober = startProber({ db, config, log }).catch((err: unknown) => {
          log.error({ err }, 'health checks could not start');
          return undefined;
        });
      }, PROBER_START_DELAY_MS)
    : undefined;
  // Whatever PROBES says: admin edits and refreshes log changes too.
  const deliverer = await startWebhookDeliverer({ db, config, log });

  const signIn = config.google ? 'Google' : 'local development sign-in (/oidc; any e-mail signs in)';
  console.log(
    [
      `${PRODUCT_NAME} is running at ${config.publicUrl}`,
      `  database: ${db.label}${migrated.length ? ` (migrated: ${migrated.join(', ')})` : ''}${seeded ? ' (dataset loaded)' : ''}`,
      `  sign-in:  ${signIn}`,
      `  admins:   ${config.adminEmails.join(', ') || '(none)'}`,
      `  pages:    rendered with React's ${loadedReactBuild()} build`,
      `  probes:   ${proberTimer ? `every ${config.probes.intervalS} s per endpoint, from ${PROBER_START_DELAY_MS / 1000} s after start` : 'off (PROBES=off)'}`,
      `  answering in ${Math.round(answering)} ms, ready in ${Math.round(performance.now() - started)} ms`,
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // Stop accepting, let in-flight requests finish, then close the pool and the database files.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(proberTimer);
    await Promise.all([prober.then((p) => p?.stop()), deliverer.stop()]);
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
