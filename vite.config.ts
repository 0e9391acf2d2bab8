// Vite build of the PWA (pwa/ → dist/). The dev server proxies every server-owned path to the API on :3000.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://127.0.0.1:3000';
const serverPaths = ['/api', '/oidc', '/connect', '/r', '/objects', '/sitemap.xml', '/robots.txt'];

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so the code-split route chunks get the React transform.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'pwa/routes',
      generatedRouteTree: 'pwa/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'RPC Atlas Directory',
        short_name: 'RPC Atlas',
        description: 'Compare and review blockchain RPC providers and the networks they support.',
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        // Server-owned paths must reach the network, never the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/oidc\//, /^\/connect\//, /^\/r\//, /^\/objects\//],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
