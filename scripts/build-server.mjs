// `npm run build` (after the web app) and `npm start` when stale: the server's entry points compiled to plain
// JavaScript in build/, so production runs `node build/server.js` — no TypeScript loader compiling the app (and the
// whole page tree the server renders) at every start, no loader processes beside it. Packages stay in node_modules.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export const SERVER_BUILD_DIR = path.join(root, 'build');

/** The sources the server build is made from (a newer file among them makes `npm start` rebuild it). */
export const SERVER_SOURCES = ['api', 'contract', 'pwa', 'sql', 'data', 'package.json', 'scripts/build-server.mjs'];

/**
 * Modules named `*.build-time.ts` are run once by the build and their exports written in as constants (JSON values):
 * what they import to compute them stays out of the server's start. Each runs from build/api/, as deep as its source.
 */
const buildTime = {
  name: 'build-time',
  setup(b) {
    b.onLoad({ filter: /\.build-time\.ts$/ }, async ({ path: file }) => {
      const [module] = (
        await build({
          entryPoints: [file],
          bundle: true,
          format: 'esm',
          platform: 'node',
          packages: 'external',
          write: false,
        })
      ).outputFiles;
      const run = path.join(SERVER_BUILD_DIR, 'api', `.${path.basename(file, '.ts')}-${process.pid}.mjs`);
      mkdirSync(path.dirname(run), { recursive: true }); // a clean checkout has no build/ yet
      writeFileSync(run, module.text);
      try {
        // In a process of its own: what it starts and stops (esbuild's service) is not this build's.
        const values = execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `process.stdout.write(JSON.stringify(await import(${JSON.stringify(pathToFileURL(run).href)})))`,
          ],
          { encoding: 'utf8' },
        );
        return {
          contents: Object.entries(JSON.parse(values))
            .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
            .join('\n'),
          loader: 'js',
        };
      } finally {
        rmSync(run, { force: true });
      }
    });
  },
};

/** How server code is compiled: one ES module bundle for Node, packages left in node_modules. */
export const SERVER_BUNDLE_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Loaded by the browser only (the API reference page's Redoc, in an effect): never on the server.
  external: ['*?url'],
  jsx: 'automatic',
  logLevel: 'warning',
  plugins: [buildTime],
};

export async function buildServer() {
  const { metafile } = await build({
    ...SERVER_BUNDLE_OPTIONS,
    absWorkingDir: root,
    entryPoints: {
      server: 'api/server.ts',
      'migrate-cli': 'api/db/migrate-cli.ts',
      worker: 'api/health/worker.ts',
      'prebuild-cli': 'api/db/prebuild-cli.ts',
    },
    outdir: SERVER_BUILD_DIR,
    // build/api/ is as deep as api/<folder>/: the paths modules compute from import.meta.url ('../../dist',
    // '../../sql/migrations', '../../data') name the same files from the build as from the sources.
    entryNames: 'api/[name]',
    chunkNames: 'api/[name]-[hash]',
    // The page renderer is imported when the server asks for it (api/web/ssr.ts), after NODE_ENV is set: React
    // picks its production build then.
    splitting: true,
    sourcemap: 'linked',
    metafile: true,
  });
  // Chunks are named by their hash, so each build leaves the previous build's behind: remove what it did not write.
  const written = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(root, file)));
  const apiDir = path.join(SERVER_BUILD_DIR, 'api');
  for (const file of readdirSync(apiDir)) {
    if (!written.has(path.join(apiDir, file))) rmSync(path.join(apiDir, file), { force: true });
  }
  // The embedded database a fresh start copies (api/db/prebuilt.ts), made by the code just built.
  execFileSync(process.execPath, [path.join(SERVER_BUILD_DIR, 'api/prebuild-cli.js')], { stdio: 'inherit' });
}

if (process.argv[1] === import.meta.filename) await buildServer();
