// Server-rendered page heads, read the way a crawler reads them (no JavaScript), plus sitemap and robots.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
// @ts-expect-error jsdom ships no type declarations (and @types/jsdom is not needed for this one call)
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { APP_LOADER_HASH, createPreloads, ROUTE_CHUNKS_FILE, type BuildManifest, type RouteChunks } from './preload.ts';
import { routeIdsAt } from './ssr.ts';
import { paths } from '../../contract/urls.ts';
import { EARLY_CLICKS_GLOBAL } from '../../pwa/lib/early-clicks.ts';
import { createResponseCache } from '../middleware/response-cache.ts';
import { fillShell, webRoutes } from './routes.ts';

/** A document parsed the way a browser (or a crawler) parses it. */
const parse = (text: string, contentType = 'text/html'): Document => new JSDOM(text, { contentType }).window.document;

let t: TestServer;
let base: string;

type Review = { slug: string; count: number };
const REVIEWED: Review = { slug: 'drpc', count: 12 };

/** GET a page and read its head like a crawler: status, tags, JSON-LD, the raw HTML. */
async function page(pathname: string) {
  const res = await t.request(pathname);
  const html = await res.text();
  const doc = parse(html);
  const content = (sel: string) => doc.head.querySelector(sel)?.getAttribute('content') ?? undefined;
  const jsonLd = Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).map((s) =>
    JSON.parse(s.textContent!),
  );
  return {
    status: res.status,
    headers: res.headers,
    html,
    doc,
    titles: Array.from(doc.querySelectorAll('title')).map((el) => el.textContent),
    title: doc.title,
    description: content('meta[name="description"]'),
    robots: content('meta[name="robots"]'),
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    ogTitle: content('meta[property="og:title"]'),
    ogDescription: content('meta[property="og:description"]'),
    ogUrl: content('meta[property="og:url"]'),
    ogImage: content('meta[property="og:image"]'),
    twitterCard: content('meta[name="twitter:card"]'),
    jsonLd,
    types: jsonLd.map((o) => o['@type']),
    ld: (type: string) => jsonLd.find((o) => o['@type'] === type),
  };
}

const invalidate = () => t.app.context.cache.invalidate();

/** webRoutes over the build in `distDir` (a fixture), on the test database; `close` when done. */
async function serveDist(distDir: string) {
  const app = new Koa();
  // Its own cache: pages kept from the test server's build are not this one's.
  Object.assign(app.context, t.app.context, { cache: createResponseCache(t.db, app) });
  app.use(webRoutes({ distDir }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

beforeAll(async () => {
  t = await startTestServer();
  base = t.url;
  // Approved reviews (and the provider's aggregates to match), written the way the review flow stores them.
  const [provider] = await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = ${REVIEWED.slug}`;
  const users = await t.sql<{ id: number }[]>`
    INSERT INTO users ${t.sql(
      Array.from({ length: REVIEWED.count }, (_, i) => ({
        identity_provider: 'local',
        subject: `seo-${i}`,
        email: `seo${i}@example.com`,
        display_name: `Reviewer ${i}`,
      })),
    )} RETURNING id`;
  await t.sql`
    INSERT INTO user_reviews ${t.sql(
      users.map((u, i) => ({
        provider_id: provider.id,
        user_id: u.id,
        rating: (i % 5) + 1,
        status: 'approved',
        comment: `Review ${i}: ${'very detailed text '.repeat(10)}`,
      })),
    )}`;
  const ratingSum = users.reduce((sum, _u, i) => sum + (i % 5) + 1, 0);
  await t.sql`UPDATE providers SET rating_sum = ${ratingSum}, total_reviews = ${REVIEWED.count} WHERE id = ${provider.id}`;
  await t.sql`
    INSERT INTO editorial_reviews (provider_id, rating, content)
    VALUES (${provider.id}, 4, ${`<p>Editorial <b>verdict</b>.</p>${'<p>Long paragraph of expert analysis.</p>'.repeat(20)}`})`;
  await invalidate();
});
afterAll(async () => {
  await t?.close();
});

describe('page heads without JavaScript', () => {
  it('home: Hotlist title, canonical, OG, WebSite + breadcrumb + item list of every provider', async () => {
    const p = await page('/');
    expect(p.status).toBe(200);
    expect(p.titles).toEqual(['RPC Atlas Hotlist']); // the shell's dev-fallback <title> is gone
    expect(p.canonical).toBe(`${base}/`);
    expect(p.ogUrl).toBe(`${base}/`);
    expect(p.ogTitle).toBe('RPC Atlas Hotlist');
    expect(p.robots).toBe('index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1');
    expect(p.description!.length).toBeGreaterThan(50);
    expect(p.types).toEqual(['WebSite', 'BreadcrumbList', 'ItemList']);
    const [{ n }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM providers`;
    expect(p.ld('ItemList').numberOfItems).toBe(n);
    expect(p.ld('ItemList').itemListElement).toHaveLength(Math.min(n, 100));
  });

  it('home: homepage settings win over the defaults', async () => {
    await t.sql`UPDATE homepage_content SET meta_title = 'Best RPC nodes', meta_description = 'Admin description', og_title = 'Share title'`;
    await invalidate();
    try {
      const p = await page('/');
      expect(p).toMatchObject({
        title: 'Best RPC nodes',
        description: 'Admin description',
        ogTitle: 'Share title',
        ogDescription: 'Admin description',
      });
    } finally {
      await t.sql`UPDATE homepage_content SET meta_title = NULL, meta_description = NULL, og_title = NULL`;
      await invalidate();
    }
  });

  it('providers list: category content wins; item list of providers', async () => {
    await t.sql`UPDATE category_content SET meta_title = 'Every RPC provider', og_image = 'https://img.example/p.png' WHERE category = 'providers'`;
    await invalidate();
    try {
      const p = await page('/providers');
      expect(p.status).toBe(200);
      expect(p).toMatchObject({
        title: 'Every RPC provider',
        canonical: `${base}/providers`,
        ogImage: 'https://img.example/p.png',
        twitterCard: 'summary_large_image',
      });
      expect(p.types).toEqual(['CollectionPage', 'BreadcrumbList', 'ItemList']);
      expect(
        p.ld('ItemList').itemListElement.some((i: { url: string }) => i.url === `${base}/providers/${REVIEWED.slug}`),
      ).toBe(true);
    } finally {
      await t.sql`UPDATE category_content SET meta_title = NULL, og_image = NULL WHERE category = 'providers'`;
      await invalidate();
    }
  });

  it('provider detail: Product with its rating, 10 user reviews cut to 100 and the editorial cut to 200', async () => {
    const p = await page(`/providers/${REVIEWED.slug}`);
    expect(p.status).toBe(200);
    const [row] = await t.sql<{ name: string; averageRating: number }[]>`
      SELECT name, average_rating::float8 AS average_rating FROM providers WHERE slug = ${REVIEWED.slug}`;
    expect(p.title).toBe(`${row.name} RPC Reviews & Ratings | RPC Atlas Directory`);
    expect(p.canonical).toBe(`${base}/providers/${REVIEWED.slug}`);
    expect(p.ogTitle).toBe(p.title);
    expect(p.ogDescription).toContain(`from ${REVIEWED.count} reviews`); // a shared link shows the rating
    expect(p.types).toEqual(['Product', 'BreadcrumbList']);
    const product = p.ld('Product');
    expect(product.name).toBe(row.name);
    expect(product.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: row.averageRating,
      reviewCount: REVIEWED.count,
    });
    const reviews = product.review as { author: { '@type': string }; reviewBody: string }[];
    expect(reviews).toHaveLength(11);
    const [editorial, ...users] = reviews;
    expect(editorial.author['@type']).toBe('Organization');
    // Cut to at most 200 characters (ending in an ellipsis; a trailing space before it is dropped).
    expect(editorial.reviewBody.length).toBeLessThanOrEqual(200);
    expect(editorial.reviewBody.length).toBeGreaterThan(190);
    expect(editorial.reviewBody.endsWith('…')).toBe(true);
    expect(editorial.reviewBody).toMatch(/^Editorial verdict\. Long paragraph/);
    expect(
      users.every((r) => r.author['@type'] === 'Person' && r.reviewBody.length <= 100 && r.reviewBody.endsWith('…')),
    ).toBe(true);
    expect(users.some((r) => r.reviewBody.length > 90)).toBe(true);
    expect(p.ld('BreadcrumbList').itemListElement.map((i: { item: string }) => i.item)).toEqual([
      `${base}/`,
      `${base}/providers`,
      `${base}/providers/${REVIEWED.slug}`,
    ]);
  });

  it('provider detail: admin SEO fields win', async () => {
    await t.sql`UPDATE providers SET meta_title = 'dRPC — admin title', og_description = 'Admin OG' WHERE slug = ${REVIEWED.slug}`;
    await invalidate();
    try {
      const p = await page(`/providers/${REVIEWED.slug}`);
      expect(p).toMatchObject({
        title: 'dRPC — admin title',
        ogTitle: 'dRPC — admin title',
        ogDescription: 'Admin OG',
      });
    } finally {
      await t.sql`UPDATE providers SET meta_title = NULL, og_description = NULL WHERE slug = ${REVIEWED.slug}`;
      await invalidate();
    }
  });

  it('a provider named </script><script>… cannot break out of the head', async () => {
    const hostile = '</script><script>alert(1)</script>';
    const [{ slug }] = await t.sql<{ slug: string }[]>`
      UPDATE providers SET name = ${hostile}, description = ${`"><img src=x onerror=alert(2)> ${hostile}`}
      WHERE id = (SELECT min(id) FROM providers) RETURNING slug`;
    await invalidate();
    const p = await page(`/providers/${slug}`);
    expect(p.html).not.toContain(hostile);
    expect(p.doc.querySelectorAll('img[onerror], img[src="x"]')).toHaveLength(0);
    // Every script in the page is data (JSON-LD, the rendered page's query data) or one the shell itself carries.
    const inline = Array.from(p.doc.querySelectorAll('script')).filter(
      (s) => !['application/ld+json', 'application/json'].includes(s.getAttribute('type') ?? ''),
    );
    expect(inline.every((s) => !s.textContent!.includes('alert'))).toBe(true);
    expect(p.jsonLd[0].name).toBe(hostile);
    expect(p.title).toContain(hostile); // shown as text, safely
  });

  it('chains list and chain detail', async () => {
    const list = await page('/chains');
    expect(list).toMatchObject({
      status: 200,
      title: 'All Blockchain Networks | RPC Atlas Directory',
      canonical: `${base}/chains`,
    });
    expect(list.types).toEqual(['CollectionPage', 'BreadcrumbList', 'ItemList']);
    expect(list.ld('ItemList').numberOfItems).toBe(139);
    expect(list.ld('ItemList').itemListElement).toHaveLength(100); // named items are capped; the sitemap has all

    const detail = await page('/chains/base');
    expect(detail.status).toBe(200);
    expect(detail.canonical).toBe(`${base}/chains/base`);
    expect(detail.title).toContain('Base');
    expect(detail.types).toEqual(['CollectionPage', 'BreadcrumbList', 'ItemList']);
    const [{ n }] = await t.sql<{ n: number }[]>`
      SELECT count(DISTINCT pc.provider_id)::int AS n FROM provider_chains pc JOIN chains c ON c.id = pc.chain_id
      WHERE c.slug = 'base'`;
    expect(detail.ld('ItemList').numberOfItems).toBe(n);
  });

  it('search: the form is indexable, result pages are not', async () => {
    const empty = await page('/search');
    expect(empty.robots).toMatch(/^index, follow/);
    const results = await page('/search?q=ethereum');
    expect(results).toMatchObject({ status: 200, robots: 'noindex, follow', canonical: `${base}/search` });
    expect(results.ld('ItemList').numberOfItems).toBeGreaterThan(0);
  });

  it('static pages: about, login, terms, privacy, contact, landing', async () => {
    for (const [pathname, title] of [
      ['/about', 'About RPC Atlas Directory'],
      ['/login', 'Login | RPC Atlas Directory'],
      ['/terms', 'Terms of Service | RPC Atlas Directory'],
      ['/privacy', 'Privacy Policy | RPC Atlas Directory'],
      ['/contact', 'Contact | RPC Atlas Directory'],
      ['/landing', 'Find the Best RPC Providers for Blockchain Development | RPC Atlas'],
    ]) {
      const p = await page(pathname);
      expect(p, pathname).toMatchObject({ status: 200, title, canonical: base + pathname, ogTitle: title });
      expect(p.types, pathname).toContain('BreadcrumbList');
      expect(p.description!.length, pathname).toBeGreaterThan(40);
    }
  });

  it('admin is noindex, nofollow', async () => {
    const p = await page('/admin');
    expect(p).toMatchObject({ status: 200, robots: 'noindex, nofollow' });
  });

  it('unknown slugs and paths answer 404 with noindex', async () => {
    for (const pathname of [
      '/providers/no-such-provider',
      '/chains/no-such-chain',
      '/providers/Not_A_Slug',
      '/no/such/page',
    ]) {
      const p = await page(pathname);
      expect(p.status, pathname).toBe(404);
      expect(p.robots, pathname).toBe('noindex');
      expect(p.title, pathname).toBe('Page Not Found | RPC Atlas Directory');
      expect(p.jsonLd, pathname).toEqual([]);
    }
  });

  it('a trailing slash shows the same page with the canonical URL', async () => {
    const p = await page('/providers/');
    expect(p).toMatchObject({ status: 200, canonical: `${base}/providers` });
  });

  it('/favicon.ico answers the site icon (pages that name no icon, such as the sign-in form, get it too)', async () => {
    // The build carries public/ as it is; these tests run before any build, so serve public/ as the build.
    const { url, close } = await serveDist(path.resolve(import.meta.dirname, '../../public'));
    const res = await fetch(`${url}/favicon.ico`);
    const ico = Buffer.from(await res.arrayBuffer());
    await close();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    // An ICO (reserved 0, type 1) of three images, the first a PNG.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect(ico.subarray(ico.readUInt32LE(18), ico.readUInt32LE(18) + 4).toString('latin1')).toBe('\x89PNG');
  });

  it('API paths and assets never get the app shell', async () => {
    expect((await t.request('/api/nope')).status).toBe(404);
    // Hidden files too (koa-send refuses them without a status of its own): the build's own manifest included.
    for (const pathname of ['/assets/missing.js', '/.vite/manifest.json', '/assets/.hidden.js']) {
      const missing = await t.request(pathname);
      expect(missing.status, pathname).toBe(404);
      expect(await missing.text(), pathname).toBe('Not found');
    }
  });
});

describe('tracking injection', () => {
  afterAll(async () => {
    await t.sql`UPDATE tracking_settings SET google_analytics_id = NULL, google_tag_manager_id = NULL`;
    await invalidate();
  });

  it('injects nothing while no ID is set', async () => {
    const p = await page('/');
    expect(p.html).not.toContain('googletagmanager.com');
  });

  it('injects GTM (script + no-script frame) and GA (loader + config) built from the IDs, the same for every response', async () => {
    await t.sql`UPDATE tracking_settings SET google_analytics_id = 'G-ABC123XYZ', google_tag_manager_id = 'GTM-K9X2Q7'`;
    await invalidate();
    const p = await page('/chains');
    const gtm = p.doc.head.querySelector('script[data-tracking="gtm"]')!;
    expect(gtm.textContent).toContain('"GTM-K9X2Q7"');
    const [loader, config] = Array.from(p.doc.head.querySelectorAll('script[data-tracking="ga"]'));
    expect(loader.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ');
    expect(config.textContent).toContain(`gtag('config',"G-ABC123XYZ")`);
    // No nonce: the Content-Security-Policy admits the snippets by hash, so every response has the same bytes.
    expect([gtm, loader, config].some((s) => s.hasAttribute('nonce'))).toBe(false);
    const frame = p.doc.body.firstElementChild!;
    expect(frame.tagName).toBe('NOSCRIPT');
    expect(frame.innerHTML).toContain('https://www.googletagmanager.com/ns.html?id=GTM-K9X2Q7');
    const again = await page('/chains');
    expect(again.html).toBe(p.html);
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('the sitemap is valid XML listing every static page, provider and chain with absolute URLs', async () => {
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = parse(await res.text(), 'application/xml');
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(xml.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = Array.from(xml.getElementsByTagName('url')).map((u) => ({
      loc: u.getElementsByTagName('loc')[0].textContent!,
      lastmod: u.getElementsByTagName('lastmod')[0]?.textContent,
    }));
    const locs = new Set(urls.map((u) => u.loc));
    for (const p of ['/', '/providers', '/chains', '/about', '/login', '/terms', '/privacy', '/contact', '/landing']) {
      expect(locs.has(base + p), p).toBe(true);
    }
    const providers = await t.sql<{ slug: string }[]>`SELECT slug FROM providers`;
    const chains = await t.sql<{ slug: string }[]>`SELECT slug FROM chains`;
    for (const { slug } of providers) expect(locs.has(`${base}/providers/${slug}`), slug).toBe(true);
    for (const { slug } of chains) expect(locs.has(`${base}/chains/${slug}`), slug).toBe(true);
    expect(urls.every((u) => u.loc.startsWith(`${base}/`))).toBe(true);
    const reviewed = urls.find((u) => u.loc === `${base}/providers/${REVIEWED.slug}`)!;
    expect(Number.isNaN(Date.parse(reviewed.lastmod!))).toBe(false);
  });

  it('robots.txt allows the site, keeps crawlers out of admin, API and redirects, and points at the sitemap', async () => {
    const res = await t.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /r/\n\nSitemap: ${base}/sitemap.xml\n`,
    );
  });
});

describe('the app shell file', () => {
  it('fillShell puts the head in place of the placeholder and drops the dev-fallback title', () => {
    const shell =
      '<html><head><meta charset="utf-8"><!--app-head--><title>Dev</title></head><body class="x"><div id="root"></div></body></html>';
    expect(fillShell(shell, '<title>Page</title>', '<noscript>n</noscript>')).toBe(
      '<html><head><meta charset="utf-8"><title>Page</title></head><body class="x"><noscript>n</noscript><div id="root"></div></body></html>',
    );
    // An old shell without the placeholder still gets the head; `$&` in data is not a replacement pattern.
    expect(fillShell('<head><title>Dev</title></head><body></body>', '<title>$& $1</title>')).toBe(
      '<head><title>$& $1</title></head><body></body>',
    );
  });

  it('webRoutes({ distDir }) serves the given build: the page head in its index.html, assets from its folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-dist-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><!--app-head--><title>Fixture</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dir, 'hello.txt'), 'hi');
    const { url, close } = await serveDist(dir);
    try {
      const html = await (await fetch(`${url}/terms`)).text();
      expect(html).toContain('<title>Terms of Service | RPC Atlas Directory</title>');
      expect(html).not.toContain('Fixture');
      expect(await (await fetch(`${url}/hello.txt`)).text()).toBe('hi');
      const shell = await fetch(`${url}/index.html`);
      expect(shell.headers.get('x-robots-tag')).toBe('noindex');
      expect(await shell.text()).toContain('<title>Fixture</title>');
    } finally {
      await close();
    }
  });
});

/** GET without fetch's transparent decompression: status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('hashed assets', () => {
  it('are sent as their build-time Brotli or gzip copy by Accept-Encoding, and cached for good', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `export const x = ${JSON.stringify('y'.repeat(4000))};`;
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body></body></html>',
    );
    writeFileSync(path.join(dir, 'assets/app-abc123.js'), js);
    writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(js));
    writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), zlib.gzipSync(js));
    const { url: origin, close } = await serveDist(dir);
    try {
      const url = `${origin}/assets/app-abc123.js`;
      const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(js);
      const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).toString()).toBe(js);
      const plain = await rawGet(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(js);
    } finally {
      await close();
    }
  });
});

describe('route preloads', () => {
  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index-e.js', src: 'index.html', isEntry: true, imports: ['_shared-s.js'] },
    '_shared-s.js': { file: 'assets/shared-s.js' },
    '_list-l.js': { file: 'assets/list-l.js', imports: ['_shared-s.js'] },
    '_schema-z.js': { file: 'assets/schema-z.js' },
    'pwa/data/schemas.ts': { file: 'assets/schemas-q.js', src: 'pwa/data/schemas.ts', imports: ['_schema-z.js'] },
    'pwa/routes/index.tsx?tsr-split=component': { file: 'assets/routes-h.js', imports: ['index.html', '_list-l.js'] },
    'pwa/routes/providers.index.tsx?tsr-split=component': {
      file: 'assets/providers.index-p.js',
      imports: ['_list-l.js'],
    },
    'pwa/routes/providers.$slug.tsx?tsr-split=component': {
      file: 'assets/providers._slug-d.js',
      imports: ['index.html'],
    },
    'pwa/routes/providers.$slug.tsx?tsr-split=notFoundComponent': { file: 'assets/providers._slug-n.js' },
  };
  const routeChunks: RouteChunks = {
    '/': 'pwa/routes/index.tsx?tsr-split=component',
    '/providers/': 'pwa/routes/providers.index.tsx?tsr-split=component',
    '/providers/$slug': 'pwa/routes/providers.$slug.tsx?tsr-split=component',
  };
  const preloads = createPreloads(manifest, routeChunks);

  it("names the matched routes' component chunks and their imports, but nothing the shell names already", () => {
    expect(preloads(['__root__', '/'])).toEqual(['/assets/routes-h.js', '/assets/list-l.js']);
    expect(preloads(['__root__', '/providers/'])).toEqual(['/assets/providers.index-p.js', '/assets/list-l.js']);
    expect(preloads(['__root__', '/providers/$slug'])).toEqual(['/assets/providers._slug-d.js']);
    // Not a route (the not-found page): the shell has all it needs.
    expect(preloads(['__root__'])).toEqual([]);
  });

  it('the router matches the routes of a path (trailing slash or not); past them, the longest prefix or the root', async () => {
    expect(await routeIdsAt('/providers')).toEqual(['__root__', '/providers/']);
    expect(await routeIdsAt('/providers/')).toEqual(['__root__', '/providers/']);
    expect(await routeIdsAt('/providers/drpc')).toEqual(['__root__', '/providers/$slug']);
    expect(await routeIdsAt('/providers/drpc/x')).toEqual(['__root__', '/providers/$slug']);
    expect(await routeIdsAt('/nowhere')).toEqual(['__root__']);
  });

  it('every page of the URL registry is a route of the router', async () => {
    for (const url of Object.values(paths).map((build) => build('a-slug'))) {
      // The router matches the path; a query (/compare?providers=…) is the page's own business.
      expect((await routeIdsAt(new URL(url, 'http://x').pathname)).length, url).toBe(2);
    }
  });

  it('a page names no script in its head: one loader at the end of the body adds them all once the page has painted', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-dist-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><!--app-head--><title>Fixture</title>' +
        '<script type="module" crossorigin src="/assets/index-e.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-s.js">' +
        '</head><body><div id="root"><button id="vote">Upvote</button>' +
        '<form action="/search"><input name="q"><button id="search">Search</button></form></div></body></html>',
    );
    /** The page at `pathname` run in a DOM that paints; what its head holds before and after its first frame. */
    const scriptsOf = async (url: string) => {
      const res = await fetch(url);
      const dom = new JSDOM(await res.text(), { runScripts: 'dangerously', pretendToBeVisual: true });
      const { document } = dom.window;
      const tags = () =>
        [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
          (el) =>
            `${el.tagName.toLowerCase()} ${el.getAttribute('src') ?? el.getAttribute('href')} ${el.getAttribute('crossorigin')}`,
        );
      const inHead = tags();
      const loader = document.body.lastElementChild!;
      expect(loader.tagName).toBe('SCRIPT');
      // The Content-Security-Policy admits it by its hash, the same on every page.
      expect(loader.hasAttribute('nonce')).toBe(false);
      expect(`'sha256-${createHash('sha256').update(loader.textContent!, 'utf8').digest('base64')}'`).toBe(
        APP_LOADER_HASH,
      );
      await new Promise((r) => setTimeout(r, 100)); // a frame, then its task
      const afterPaint = tags();
      await new Promise((r) => setTimeout(r, 1000)); // the hidden-tab fallback adds nothing twice
      expect(tags()).toEqual(afterPaint);

      // A button pressed before the app answers is pressed again when it does (pwa/lib/early-clicks.ts), once.
      const button = document.getElementById('vote')!;
      let pressed = 0;
      button.addEventListener('click', () => pressed++);
      let submitted = 0;
      document.querySelector('form')!.addEventListener('submit', (e: Event) => {
        e.preventDefault();
        submitted++;
      });
      document.getElementById('search')!.click();
      expect(submitted).toBe(1); // a GET form with an action is submitted as it is, without waiting for the app
      button.click();
      button.click();
      expect(pressed).toBe(0);
      (dom.window as unknown as Record<string, () => void>)[EARLY_CLICKS_GLOBAL]();
      expect(pressed).toBe(1);
      expect(EARLY_CLICKS_GLOBAL in dom.window).toBe(false); // gone once used: the page answers
      button.click();
      expect(pressed).toBe(2);
      expect(submitted).toBe(1); // and not again
      dom.window.close();
      return { inHead, afterPaint };
    };
    const before = await serveDist(dir);
    try {
      // No manifest (an older build): the shell's own scripts only.
      expect(await scriptsOf(`${before.url}/providers/drpc`)).toEqual({
        inHead: [],
        afterPaint: ['script /assets/index-e.js ', 'link /assets/shared-s.js '],
      });
    } finally {
      await before.close();
    }
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(dir, ROUTE_CHUNKS_FILE), JSON.stringify(routeChunks));
    const after = await serveDist(dir);
    try {
      expect(await scriptsOf(`${after.url}/providers/drpc`)).toEqual({
        inHead: [],
        afterPaint: [
          'script /assets/index-e.js ',
          ...['/assets/shared-s.js', '/assets/providers._slug-d.js'].map((u) => `link ${u} `),
        ],
      });
    } finally {
      await after.close();
    }
  });
});
