// `npm start` runs the compiled server (build/, made by scripts/build-if-stale.mjs) with no loader or wrapper
// process beside it, starts a new embedded database as the build's copy of it (build/pgdata), and renders pages with
// React's production build, as the browser runs it, while NODE_ENV keeps its own meaning (the local sign-in, refused
// under NODE_ENV=production, still works in the two-command start).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { spawnServer } from '../test/harness.ts';

// The spawned server serves dist/ (without it every page is the "not built yet" notice) and runs from build/: both
// built when stale.
beforeAll(() => {
  if (!process.env.TEST_DATABASE_URL)
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'ignore' });
}, 240_000);

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "the compiled server runs alone, starts a new database from the build's, and renders with React's production build under NODE_ENV=development",
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-data-'));
    const server = spawnServer(
      { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'error' },
      { compiled: true },
    );
    try {
      await server.ready;
      // Nothing runs beside it: no TypeScript loader, no esbuild service.
      const children = execFileSync('sh', ['-c', `ps -o args= --ppid ${server.child.pid} || true`], {
        encoding: 'utf8',
      });
      expect(children.split('\n').filter((line) => line && !line.includes('<defunct>'))).toEqual([]);
      expect(server.output()).toContain("pages:    rendered with React's production build");
      // No initdb, migrations or dataset load: the build's database, copied, and nothing left to apply.
      expect(server.output()).toContain(`(new: a copy of ${path.resolve('build/pgdata')})\n`);
      const chains = (await (await fetch(`${server.url}/api/chains`)).json()) as unknown[];
      expect(chains).toHaveLength(139);
      const page = await fetch(`${server.url}/about`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html, server.output()).toMatch(/<h1[^>]*>About/);
      // NODE_ENV is still development for everything else: the local sign-in starts.
      const login = await fetch(`${server.url}/api/login`, { redirect: 'manual' });
      expect(login.status).toBe(302);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  240_000,
);
