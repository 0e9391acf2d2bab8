// Which server-rendered pages are kept for other visitors (api/web/routes.ts + the response cache): only whole
// renders of known routes that answered 200, the same bytes for everyone, within the cache's bounded memory.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
// @ts-expect-error jsdom ships no type declarations
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';
import { STALE_MAX_MS } from '../middleware/response-cache.ts';
import { APP_LOADER_HASH } from './preload.ts';

let t: TestServer;

beforeAll(async () => {
  // The repository's own index.html (the markers the build keeps) as the built shell.
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-page-cache-'));
  copyFileSync('index.html', path.join(distDir, 'index.html'));
  t = await startTestServer({}, { distDir });
});
afterAll(() => t?.close());

const stats = () => t.app.context.cache.stats();

/** A GET with a raw request line (`target` may be absolute-form) and no decompression: status, headers and bytes. */
function rawGet(target: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(t.url);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ hostname, port, path: target, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const heading = (html: string) => (new JSDOM(html).window.document as Document).querySelector('#root h1')?.textContent;

describe('kept pages', () => {
  it('1,000 made-up paths add nothing to the cache', async () => {
    await t.request('/terms'); // something already kept, so the figures below start from a working cache
    const before = stats();
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          const res = await t.request(`/${randomBytes(8).toString('hex')}`);
          expect(res.status).toBe(404);
          await res.arrayBuffer();
        }),
      );
    }
    expect(stats()).toEqual(before);
  }, 300_000);

  it('a known page is kept once, its bytes fixed: the next visitors get the same bytes, compressed once', async () => {
    await t.app.context.cache.invalidate();
    const first = await rawGet('/providers/drpc', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(stats().entries).toBeGreaterThan(0);
    const kept = stats();
    const again = await rawGet('/providers/drpc', { 'accept-encoding': 'br' });
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(stats()).toEqual(kept); // served from what was kept, nothing new made
    const html = zlib.brotliDecompressSync(first.body).toString('utf8');
    expect(heading(html)).toBe('dRPC');
    expect(html).not.toContain('nonce');
    // The page is kept as its Brotli bytes alone: asked for without them, or with gzip, it is the same page.
    const plain = await rawGet('/providers/drpc');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(html);
    const gzipped = await rawGet('/providers/drpc', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzipped.body).toString('utf8')).toBe(html);
    expect([plain.headers.etag, gzipped.headers.etag]).toEqual([first.headers.etag, first.headers.etag]);
    const revalidated = await rawGet('/providers/drpc', { 'if-none-match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
    // The browser takes a 304's headers for the page it keeps: the policy must still admit the page's loader.
    expect(revalidated.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(revalidated.headers['content-security-policy']).toContain(APP_LOADER_HASH);
  });

  it('an absolute-form request line renders the path it names, and stores no blank page under it', async () => {
    // Rendered, not answered with /terms as kept (a hard reload asks for a page made after the last write).
    await t.app.context.cache.invalidate();
    const poisoned = await rawGet('http://evil.example/terms', { 'cache-control': 'no-cache' });
    expect(poisoned.status).toBe(200);
    expect(heading(poisoned.body.toString('utf8'))).toBe('Terms of Service');
    const next = await t.request('/terms');
    expect(heading(await next.text())).toBe('Terms of Service');
  });

  it("after an admin's write, visitors get the kept page at once, the admin the fresh one, visitors it within seconds", async () => {
    const admin = await signIn(t, 'admin@example.com');
    const title = async (headers: Record<string, string> = {}) =>
      heading((await rawGet('/about', headers)).body.toString('utf8'));
    const before = await title();
    expect(before).toBeTruthy();
    try {
      expect((await admin.json('PUT', '/api/admin/about', { title: 'Written just now' })).status).toBe(200);
      expect(await title()).toBe(before); // kept from before the write, its fresh copy being rendered meanwhile
      expect(await title({ cookie: admin.cookie })).toBe('Written just now'); // the writer's own page
      const deadline = Date.now() + STALE_MAX_MS;
      let seen = await title();
      while (seen !== 'Written just now' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await title();
      }
      expect(seen).toBe('Written just now');
    } finally {
      await admin.json('PUT', '/api/admin/about', { title: before });
    }
  });

  it('a page request that fails validation answers an HTML error page', async () => {
    const res = await t.request('/search?q=%00');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const doc: Document = new JSDOM(await res.text()).window.document;
    expect(doc.querySelector('h1')?.textContent).toMatch(/^400: /);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('a page rendered with a session is not stored by the browser, nor kept for others', async () => {
    const user = await signIn(t, 'page-cache@example.com');
    const mine = await t.request('/about', { headers: { Cookie: user.cookie } });
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(await mine.text()).toContain('page-cache@example.com');
    const anonymous = await t.request('/about');
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    expect(await anonymous.text()).not.toContain('page-cache@example.com');
  });
});
