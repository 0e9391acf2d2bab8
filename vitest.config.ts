// Three projects: `api` (server, real database), `pwa` (components and offline logic), `e2e` (Chromium).
// `npm test` runs api + pwa; `npm run test:e2e` runs the browser tests against the built app.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';

export default defineConfig({
  test: {
    projects: [
      {
        // Server rendering imports the route tree, which is generated (tsr.config.json), not committed.
        plugins: [tanstackRouterGenerator()],
        test: {
          name: 'api',
          include: ['api/**/*.test.ts', 'contract/**/*.test.ts', 'sql/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [tanstackRouterGenerator(), react()],
        test: {
          name: 'pwa',
          include: ['pwa/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['api/test/global-setup.ts', 'e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
