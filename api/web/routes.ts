// Serves the built PWA (dist/): hashed assets cached forever, the service worker and manifest never
// cached long, and every other GET answered with the app shell.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import send from 'koa-send';
import type { Next } from 'koa';
import type { AppCtx } from '../context.ts';

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

const NEVER_SHELL = /^\/(api|oidc|connect|r|objects)(\/|$)/;

export function webRoutes(distDir = DIST_DIR) {
  const indexPath = path.join(distDir, 'index.html');
  let shell: string | undefined;
  const loadShell = () => (shell ??= existsSync(indexPath)
    ? readFileSync(indexPath, 'utf8')
    : '<!doctype html><title>RPC Atlas</title><p>The web app is not built yet: run <code>npm run build</code>.</p>');

  return async function serveWeb(ctx: AppCtx, next: Next) {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (NEVER_SHELL.test(ctx.path)) return;

    if (ctx.path !== '/' && ctx.path !== '/index.html' && path.extname(ctx.path)) {
      try {
        await send(ctx, ctx.path, {
          root: distDir,
          setHeaders: (res, file) => {
            const immutable = file.includes(`${path.sep}assets${path.sep}`);
            res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        });
      } catch {
        ctx.status = 404;
      }
      if (ctx.status !== 404) return;
      // A missing file with an extension is a real 404, not an app route.
      ctx.body = 'Not found';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = loadShell();
  };
}
