// Part of `npm start`: builds the web app when dist/ is missing or older than its sources, and the server
// (scripts/build-server.mjs) when build/ is.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUILD_DIR, SERVER_SOURCES } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The PWA imports the whole contract tree and the page meta (api/seo), so those count as its sources.
const sources = ['pwa', 'contract', 'public', 'api/seo', 'vite.config.ts', 'index.html', 'package.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const changedAt = (list) => Math.max(...list.map((s) => newest(path.join(root, s))));

// The server renders through the generated route tree (pwa/routeTree.gen.ts), which the build writes.
if (
  builtAt(path.join(root, 'dist/index.html')) < changedAt(sources) ||
  !existsSync(path.join(root, 'pwa/routeTree.gen.ts'))
) {
  console.log('Building the web app…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
if (builtAt(path.join(SERVER_BUILD_DIR, 'api/server.js')) < changedAt(SERVER_SOURCES)) await buildServer();
