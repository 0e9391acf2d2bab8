// Serves the built PWA (dist/): hashed assets cached forever, the service worker and manifest never cached
// long, and every app route answered with the app shell whose <head> already carries that page's metadata
// (and the tracking snippets), so crawlers and link previews that run no JavaScript see the full head.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import send from 'koa-send';
import type { Next } from 'koa';
import { createRouter, type AppCtx } from '../context.ts';
import { escapeHtml } from '../lib/html.ts';
import { errorHandler } from '../middleware/errors.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';
import { renderTrackingBody, renderTrackingHead } from '../../contract/tracking.ts';
import { paths, SERVER_PREFIXES, underPrefix } from '../../contract/urls.ts';
import { loadTrackingIds } from '../content/service.ts';
import { getContentDates, listChainSitemapEntries, listProviderSitemapEntries } from '../../sql/queries/seo.ts';
import { loadPreloads, scriptsAfterPaint } from './preload.ts';
import { hasSession } from '../middleware/session.ts';
import { fillBody, hasBodySlot, renderAppPage, routeIdsAt } from './ssr.ts';
import { PAGE_HEAD_MARK } from '../../pwa/lib/site.ts';

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

/** Where index.html marks the spot for the page head; the dev-fallback <title> after it is dropped. */
export const HEAD_PLACEHOLDER = '<!--app-head-->';

const NEVER_SHELL = underPrefix(SERVER_PREFIXES);

const UNBUILT_SHELL =
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${HEAD_PLACEHOLDER}<title>RPC Atlas</title></head>` +
  '<body><p>The web app is not built yet: run <code>npm run build</code>.</p></body></html>';

/** The shell with the page head in place of the placeholder, the shell's own <title> removed and body extras added. */
export function fillShell(shell: string, head: string, bodyStart = ''): string {
  const at = shell.indexOf(HEAD_PLACEHOLDER);
  // Without the placeholder (an old build) the head still goes in, at the end of <head>.
  const withHead =
    at >= 0
      ? shell.slice(0, at) +
        head +
        shell.slice(at + HEAD_PLACEHOLDER.length).replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      : shell.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<\/head>/i, (end) => head + end);
  return bodyStart ? withHead.replace(/<body\b[^>]*>/i, (tag) => tag + bodyStart) : withHead;
}

export type WebOptions = { distDir?: string | undefined };

export function webRoutes({ distDir = DIST_DIR }: WebOptions = {}) {
  const indexPath = path.join(distDir, 'index.html');
  let shell: string | undefined;
  const loadShell = () => (shell ??= existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : UNBUILT_SHELL);
  let preloads: ((routeIds: string[]) => string[]) | undefined;
  const preloadsOf = async (pathname: string) => (preloads ??= loadPreloads(distDir))(await routeIdsAt(pathname));

  /** The page at ctx.path for this visitor: `keep` when it is a whole render of a known route, the same for everyone. */
  async function renderPage(ctx: AppCtx, shared: boolean) {
    const shell = loadShell();
    const [tracking, scripts, page] = await Promise.all([
      loadTrackingIds(ctx),
      preloadsOf(ctx.path),
      renderAppPage(ctx, hasBodySlot(shell)),
    ]);
    const pageHead = page.head && `<!--${PAGE_HEAD_MARK}-->${page.head}<!--/${PAGE_HEAD_MARK}-->`;
    const head = [pageHead, renderTrackingHead(tracking)].filter(Boolean).join('\n');
    const filled = fillShell(shell, head, renderTrackingBody(tracking));
    return {
      status: page.status,
      html: scriptsAfterPaint(page.html === undefined ? filled : fillBody(filled, page.html, page.state), scripts),
      // A render of a made-up path, or one drawn during a failed read, would otherwise be kept until the next write.
      keep: shared && page.status === 200 && page.complete,
    };
  }

  return async function serveWeb(ctx: AppCtx, next: Next) {
    const page = ctx.method === 'GET' || ctx.method === 'HEAD';
    // Only a signed-out visitor's page without a query string is the same for everyone: kept ones are served
    // before any other middleware runs (only paths that were answered with a page are ever kept).
    const shared = page && ctx.querystring === '' && !hasSession(ctx);
    if (shared) {
      const kept = ctx.cache.serveDocument(ctx, ctx.path);
      if (kept) {
        ctx.state.appPage = true;
        ctx.set('Cache-Control', 'no-cache');
        return kept;
      }
    }
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (!page) return;
    if (NEVER_SHELL.test(ctx.path)) return;

    if (ctx.path !== '/' && path.extname(ctx.path)) {
      if (ctx.path === '/index.html') {
        // The bare shell the service worker precaches (the app sets each page's head itself); not a page to index.
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Cache-Control', 'no-cache');
        ctx.set('X-Robots-Tag', 'noindex');
        ctx.body = loadShell();
        return;
      }
      try {
        // Hashed assets have Brotli and gzip copies made at build time (vite.config.ts), which koa-send picks by
        // Accept-Encoding (koa-compress has set Vary: Accept-Encoding on every response already).
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
      // A missing file with an extension is a real 404, not an app route. The status is set again: koa-send refuses a
      // hidden file (/.vite/manifest.json) without setting one, and a body alone would make it a 200.
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }

    // A page rendered with the visitor's session carries their data (in its header and the data beside it): the
    // browser must not keep it, or Back after signing out would show it again.
    ctx.set('Cache-Control', hasSession(ctx) ? 'no-store' : 'no-cache');
    ctx.state.appPage = true;
    try {
      await ctx.cache.renderDocument(ctx, ctx.path, () => renderPage(ctx, shared), { shared });
    } catch (err) {
      // The API's rules decide the status and message (errors.ts); a page request is answered with a page.
      ctx.state.appPage = false;
      await errorHandler(ctx.log)(ctx, () => Promise.reject(err));
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = errorPage(ctx.status, (ctx.body as unknown as { message: string }).message);
    }
  };
}

/** A page for a request the server refused or failed (without the app: the request itself was the problem). */
function errorPage(status: number, message: string): string {
  const title = `${status} ${escapeHtml(message)} · ${escapeHtml(PRODUCT_NAME)}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${title}</title></head>` +
    `<body><h1>${status}: ${escapeHtml(message)}</h1><p><a href="/">Back to ${escapeHtml(PRODUCT_NAME)}</a></p></body></html>\n`
  );
}

const STATIC_PAGES = [
  paths.login(),
  paths.terms(),
  paths.privacy(),
  paths.contact(),
  paths.landing(),
  paths.search(),
  paths.apiDocs(),
];

function sitemapXml(entries: { loc: string; lastmod?: Date }[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

const latest = (...dates: (Date | undefined)[]) =>
  new Date(Math.max(...dates.filter((d): d is Date => Boolean(d)).map((d) => d.getTime())));

/** GET /sitemap.xml and /robots.txt for crawlers. */
export function crawlerRoutes() {
  const router = createRouter();

  router.get('/sitemap.xml', async (ctx) => {
    const base = ctx.config.publicUrl;
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await ctx.cache.memo('sitemap.xml', async () => {
      const [providers, chains, dates] = await Promise.all([
        listProviderSitemapEntries(ctx.sql),
        listChainSitemapEntries(ctx.sql),
        getContentDates(ctx.sql),
      ]);
      const newestProvider = latest(...providers.map((p) => p.lastModified));
      const newestChain = latest(...chains.map((c) => c.lastModified));
      return sitemapXml([
        { loc: base + paths.home(), lastmod: latest(dates.homepage, newestProvider) },
        { loc: base + paths.providers(), lastmod: latest(dates.providersCategory, newestProvider) },
        { loc: base + paths.chains(), lastmod: latest(dates.chainsCategory, newestChain) },
        { loc: base + paths.about(), lastmod: dates.about },
        ...STATIC_PAGES.map((p) => ({ loc: base + p })),
        ...providers.map((p) => ({ loc: base + paths.provider(p.slug), lastmod: p.lastModified })),
        ...chains.map((c) => ({ loc: base + paths.chain(c.slug), lastmod: c.lastModified })),
      ]);
    });
  });

  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /r/',
      '',
      `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  return router;
}
