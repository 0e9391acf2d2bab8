// Vite build of the PWA (pwa/ → dist/). The dev server proxies every server-owned path to the API on :3000.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { SERVER_FILES, SERVER_PREFIXES, underPrefix } from './contract/urls.ts';
import { OFFLINE } from './pwa/offline/keys.ts';
import { ROUTE_CHUNKS_FILE, type RouteChunks } from './api/web/preload.ts';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Files only the admin panel loads (the panel's route chunk and what it alone imports: TipTap, the tabs):
 * kept out of the service worker's precache, which every visitor downloads on the first visit, while
 * the panel needs a connection anyway. Filled from the chunk graph at generateBundle; the precache is
 * made afterwards (closeBundle) and filters with it.
 */
const adminOnlyFiles = new Set<string>();
const ADMIN_ROUTE = /\/pwa\/routes\/admin\.tsx\b/;

function adminOnlyChunks(): Plugin {
  return {
    name: 'rpc-atlas:admin-only-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
      );
      // Everything the public app can load: from the entry, through static and dynamic imports, not entering the admin route.
      const reachable = new Set<string>();
      const visit = (file: string, dynamic: boolean) => {
        const chunk = chunks.get(file);
        if (!chunk || reachable.has(file) || (dynamic && ADMIN_ROUTE.test(chunk.facadeModuleId ?? ''))) return;
        reachable.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) reachable.add(css);
        chunk.imports.forEach((f) => visit(f, false));
        chunk.dynamicImports.forEach((f) => visit(f, true));
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName, false);
      adminOnlyFiles.clear();
      for (const [file, chunk] of chunks) {
        if (reachable.has(file)) continue;
        adminOnlyFiles.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) if (!reachable.has(css)) adminOnlyFiles.add(css);
      }
    },
  };
}

/**
 * dist/.vite/route-chunks.json: each route's id (as its file declares it in `createFileRoute`) → the manifest key of
 * its code-split component, so the server names a page's chunks from the routes the router matched
 * (api/web/preload.ts) without knowing how file names become URLs.
 */
function routeChunks(): Plugin {
  let root = '';
  return {
    name: 'rpc-atlas:route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_, bundle) {
      const chunks: RouteChunks = {};
      for (const chunk of Object.values(bundle)) {
        const id = chunk.type === 'chunk' ? chunk.facadeModuleId : null;
        if (!id?.endsWith('?tsr-split=component')) continue;
        const routeId = /createFileRoute\(\s*'([^']+)'\s*\)/.exec(readFileSync(id.split('?')[0], 'utf8'))?.[1];
        if (routeId) chunks[routeId] = path.relative(root, id).split(path.sep).join('/');
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(chunks) });
    },
  };
}

/**
 * Redoc's standalone bundle (the API reference viewer, pwa/routes/docs.api.tsx) without its one load from another
 * site: the side menu's "API docs by Redocly" link shows a logo from Redocly's CDN, which would tell them of every
 * visit. The link keeps its text; the logo's address becomes an empty data address, which fails to decode, and the
 * viewer's own error handler then drops the image. The build emits the changed bundle as a
 * hashed asset (named from its changed bytes); the dev server serves it from memory. A Redoc whose bundle no longer
 * holds that address, or holds another CDN's, stops the build: it must be read again for what it loads.
 */
const REDOC_URL_IMPORT = 'redoc/bundles/redoc.standalone.js?url';
const REDOC_REMOTE_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const NO_IMAGE = '"data:,"';
const REDOC_DEV_PATH = '/@rpc-atlas/redoc.standalone.js';

function redocFirstParty(): Plugin {
  const virtualId = '\0rpc-atlas:redoc-url';
  let command: 'build' | 'serve' = 'build';
  const bundle = () => {
    const code = readFileSync(createRequire(import.meta.url).resolve(REDOC_URL_IMPORT.split('?')[0]), 'utf8');
    if (!code.includes(REDOC_REMOTE_LOGO)) throw new Error(`Redoc's bundle no longer holds ${REDOC_REMOTE_LOGO}`);
    const firstParty = code.replaceAll(REDOC_REMOTE_LOGO, NO_IMAGE);
    const remote = /https:\/\/cdn\.[^"'`\s]*/.exec(firstParty);
    if (remote) throw new Error(`Redoc's bundle loads ${remote[0]}`);
    return firstParty;
  };
  return {
    name: 'rpc-atlas:redoc-first-party',
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    resolveId(source) {
      return source === REDOC_URL_IMPORT ? virtualId : undefined;
    },
    load(id) {
      if (id !== virtualId) return;
      if (command === 'serve') return `export default ${JSON.stringify(REDOC_DEV_PATH)};`;
      const ref = this.emitFile({ type: 'asset', name: 'redoc.standalone.js', source: bundle() });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    configureServer(server) {
      server.middlewares.use(REDOC_DEV_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(bundle());
      });
    },
  };
}

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so the code-split route chunks get the React transform.
    // Where the routes and the generated tree live: tsr.config.json, which `tsr generate` reads too.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    redocFirstParty(),
    adminOnlyChunks(),
    routeChunks(),
    // Brotli (best quality) and gzip copies of every hashed script and style beside it (file.js.br, file.js.gz),
    // which the server sends as they are (koa-send): smaller than per-request compression can afford to make,
    // and no compression work per request.
    compression({ include: /^assets\/.+\.(js|css)$/, algorithms: ['brotliCompress', 'gzip'] }),
    VitePWA({
      strategies: 'generateSW',
      // A new version waits until the user accepts the prompt (pwa/components/update-prompt.tsx).
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        id: '/',
        name: 'RPC Atlas',
        short_name: 'RPC Atlas',
        description:
          'Compare and review blockchain RPC providers and the networks they support — the whole directory works offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // pwa/styles.css: --color-accent-600 and --color-page.
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        categories: ['developer', 'utilities'],
        // Drawn in scripts/icons/*.svg, rendered by scripts/icons/render.mjs.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every built script, style and the shell page, and the shipped chain icons (78 small SVGs,
        // 48 KB gzip): a chain page never opened online shows its icon offline too. PNG icons stay out (the browser
        // fetches the manifest's icons itself; nothing in the pages needs them offline).
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // The API reference viewer (0.9 MB, /docs/api only) loads when that page is opened, online.
        globIgnores: ['assets/redoc.standalone-*.js'],
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((e) => !adminOnlyFiles.has(e.url)), warnings: [] }),
        ],
        // Offline, any app URL opens the shell; the router and the saved directory do the rest.
        navigateFallback: '/index.html',
        // Server-owned paths must reach the network, never the app shell.
        navigateFallbackDenylist: [underPrefix([...SERVER_PREFIXES, ...SERVER_FILES])],
        // Precaches of earlier builds are deleted once this worker activates.
        cleanupOutdatedCaches: true,
        // API answers are deliberately not cached here: the app keeps them in IndexedDB (pwa/offline/).
        runtimeCaching: [
          {
            // Uploaded images (logos, icons, ad images): immutable once uploaded, so the cached copy is
            // served first; bounded in count and age so the cache cannot grow without end.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/objects/'),
            handler: 'CacheFirst',
            options: {
              cacheName: OFFLINE.imageCacheName,
              expiration: { maxEntries: OFFLINE.imageCacheMaxEntries, maxAgeSeconds: OFFLINE.imageCacheMaxAgeSeconds },
              // Only real images: an error page must not be kept in place of a logo.
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  // Ties the persisted query cache to this build (pwa/offline/persist.ts).
  define: { __BUILD_ID__: JSON.stringify(new Date().toISOString()) },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      [...SERVER_PREFIXES, ...SERVER_FILES].map((p) => [p, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server names each page's route chunks in its head (api/web/preload.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one file: the automatic split made 21 files of the shell (most
        // under 1 KB), each a modulepreload the page adds and a module the browser compiles and links on its own;
        // gzip also packs one file tighter (shell 156.2 → 149.7 KB). Route chunks stay split as the router loads them.
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
      },
    },
  },
});
