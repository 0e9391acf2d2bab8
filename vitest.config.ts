// Four projects: `api` (server, real database), `postgres` (the API files where a PostgreSQL server differs from
// the embedded one), `pwa` (components and offline logic), `e2e` (Chromium). `npm test` runs api + pwa,
// `npm run test:postgres` the postgres project on TEST_DATABASE_URL, `npm run test:e2e` the browser tests.
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';

// Two files at a time even on a 2-core machine (vitest's default there is one): a file spends much of its time
// waiting (on its server, the database, timers), and the other file uses that time.
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

// The server and browser test files of a worker share one process and the libraries loaded in it (Koa, PGlite,
// oidc-provider, React's server renderer), instead of starting a process and loading them again for each file; the
// project's own modules are evaluated afresh for each file (api/test/fresh-modules.ts), each file builds its own app
// on its own copy of the database (api/test/harness.ts), and globals or variables a file stubs are put back.
const sharedProcess = {
  isolate: false,
  setupFiles: ['api/test/fresh-modules.ts'],
  unstubGlobals: true,
  unstubEnvs: true,
};

const apiTest = {
  ...sharedProcess,
  environment: 'node',
  globalSetup: ['api/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The files `npm run test:postgres` runs again on a PostgreSQL server. PGlite is the same PostgreSQL engine behind
 * the same client (postgres.js over a socket), so what passes on one passes on the other, except where a server
 * differs: many connections at once (locks, races, the pool), notices between processes, migrations on its version
 * (15 and newer, where PGlite is 17), and the server going away. A file is listed when its tests exercise one of
 * these, or when it runs a query module of sql/queries/ end to end, so every statement meets PostgreSQL 15.
 */
export const POSTGRES_FILES = [
  // migrations, parallel queries, invalidation notices between processes
  'api/db/db.test.ts',
  // two server processes on one database; PostgreSQL stopped under load (both run on a server only); the
  // database cut off mid-request (connections refused and closed)
  'api/hardening/instances.test.ts',
  'api/hardening/faults.test.ts',
  'api/hardening/database-outage.test.ts',
  // pg-boss's queues (SKIP LOCKED; webhook deliveries from two deliverers) and the cached answers cleared through
  // NOTIFY
  'api/health/prober.test.ts',
  'api/health/routes.test.ts',
  'api/webhooks/webhooks.test.ts',
  // probe agents: their jobs fetched and completed on pg-boss's queue inside the API's transactions
  'api/health/agents.test.ts',
  // concurrent writes: approvals, idempotency keys, votes, rate-limit counters, sign-in interactions
  'api/reviews/reviews.test.ts',
  'api/votes/votes.test.ts',
  'api/middleware/rate-limit.test.ts',
  'api/oidc/provider.test.ts',
  // the remaining query modules: sessions and users, chains, contact, content, the CSV import's batched
  // statements, editorial, outbound clicks, providers and their facts, uploads, search (pg_trgm), the pages' SEO,
  // the dataset refresh, the chain page's queries
  'api/auth/auth.test.ts',
  'api/chains/chains.test.ts',
  'api/contact/contact.test.ts',
  'api/admin/content.test.ts',
  'api/admin/csv.test.ts',
  'api/admin/catalogue.test.ts',
  'api/outbound/outbound.test.ts',
  'api/providers/providers.test.ts',
  'api/providers/coverage.test.ts',
  'api/objects/objects.test.ts',
  'api/search/search.test.ts',
  'api/web/web.test.ts',
  'api/refresh/refresh.test.ts',
  // the change log's triggers and its queries
  'api/health/changes.test.ts',
  'sql/**/*.test.ts',
];

/**
 * The browser-test files whose timing a second file beside them would upset (presses as a page loads, before it
 * hydrates; the offline copy made in the page's idle moments). `npm run test:e2e` runs the others two at a time
 * (E2E_GROUP=side-by-side), then these one at a time (E2E_GROUP=alone); without E2E_GROUP every file runs one at a
 * time.
 */
export const E2E_ALONE = ['e2e/offline.test.ts', 'e2e/presses.test.ts'];
const e2eGroup = process.env.E2E_GROUP;
if (e2eGroup && e2eGroup !== 'side-by-side' && e2eGroup !== 'alone')
  throw new Error(`E2E_GROUP is 'side-by-side' or 'alone', not '${e2eGroup}'`);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        // Server rendering imports the route tree, which is generated (tsr.config.json), not committed.
        plugins: [tanstackRouterGenerator()],
        test: {
          ...apiTest,
          name: 'api',
          include: ['api/**/*.test.ts', 'contract/**/*.test.ts', 'sql/**/*.test.ts'],
        },
      },
      {
        plugins: [tanstackRouterGenerator()],
        test: { ...apiTest, name: 'postgres', include: POSTGRES_FILES },
      },
      {
        plugins: [tanstackRouterGenerator(), react()],
        test: {
          name: 'pwa',
          include: ['pwa/**/*.test.{ts,tsx}'],
          setupFiles: ['pwa/test-setup.ts'],
          environment: 'jsdom',
          testTimeout: 15_000,
        },
      },
      {
        test: {
          ...sharedProcess,
          name: 'e2e',
          include: e2eGroup === 'alone' ? E2E_ALONE : ['e2e/**/*.test.ts'],
          exclude: e2eGroup === 'side-by-side' ? [...configDefaults.exclude, ...E2E_ALONE] : configDefaults.exclude,
          globalSetup: ['api/test/global-setup.ts', 'e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: e2eGroup === 'side-by-side',
        },
      },
    ],
  },
});
