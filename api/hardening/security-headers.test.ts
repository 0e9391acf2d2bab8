// The security header set on every kind of response: API JSON, errors, server-rendered pages (their CSP
// admits their inline scripts by hash, Google's tag hosts only while tracking is configured),
// static files, the OpenID Connect server's raw responses, its sign-in page, and uploaded SVGs (stricter).
// The browser side — the app really running under this policy — is e2e/csp.test.ts.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../middleware/security-headers.ts';
import { APP_LOADER_HASH } from '../web/preload.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { CookieJar, navigate, signIn, type SignedIn } from '../test/sign-in.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signIn(t, 'admin@example.com');
});
afterAll(async () => {
  await t.close();
});

/** The policy as directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, `CSP on ${res.url}`).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name, sources] as const;
      }),
  );
}

/** The base policy every response carries (pages add their loader's hash, and tag hosts with tracking on). */
const BASE_POLICY = new Map<string, string[]>([
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['script-src-attr', ["'none'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'https:']],
  ['font-src', ["'self'", 'data:']],
  ['connect-src', ["'self'"]],
  ['frame-src', ['https:']],
  ['worker-src', ["'self'"]],
  ['manifest-src', ["'self'"]],
  ['media-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
]);

function expectCommonHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  expect(res.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/);
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('x-powered-by')).toBeNull();
  // Served over http here: no HSTS (it would pin the browser to an https this site does not speak).
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

const TAG_HOST = 'https://*.googletagmanager.com';
const TAG_BEACONS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

/**
 * Checks a document's policy: the base policy, plus the app loader's hash on app pages (not the bare shell), plus,
 * when `trackingHashes` are given, the tag hosts and exactly those script hashes.
 */
function expectDocumentPolicy(
  res: Response,
  { appPage, trackingHashes }: { appPage: boolean; trackingHashes?: string[] },
) {
  const policy = csp(res);
  const tracking = trackingHashes ? [TAG_HOST, ...trackingHashes] : [];
  expect(policy.get('script-src')).toEqual(["'self'", ...(appPage ? [APP_LOADER_HASH] : []), ...tracking]);
  // A chain's page calls the chain's endpoints from the browser ("Test from my browser"): any https or wss origin.
  const chainPage = appPage && /^\/chains\/[^/]+$/.test(new URL(res.url).pathname);
  expect(policy.get('connect-src')).toEqual([
    "'self'",
    ...(chainPage ? ['https:', 'wss:'] : []),
    ...(trackingHashes ? TAG_BEACONS : []),
  ]);
  for (const [name, sources] of BASE_POLICY) {
    if (name !== 'script-src' && name !== 'connect-src') expect(policy.get(name), name).toEqual(sources);
  }
}

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

describe('every response carries the header set', () => {
  it.each([
    ['API JSON', '/api/chains'],
    ['API 404', '/api/no-such-thing'],
    ['API 400', '/api/search?q=' + 'x'.repeat(10_000)],
    ['static file', '/manifest.webmanifest'],
    ['missing static file', '/no-such-file.js'],
    ['health check', '/healthz'],
    ['sitemap', '/sitemap.xml'],
    // Written by the OpenID Connect server straight to the socket (ctx.respond = false).
    ['OpenID Connect discovery', '/oidc/.well-known/openid-configuration'],
    ['sign-in start (redirect)', '/api/login'],
  ])('%s (%s): the base policy and the other headers', async (_label, path) => {
    const res = await t.request(path);
    expect(res.status).toBeLessThan(500);
    expect(csp(res)).toEqual(BASE_POLICY);
    expectCommonHeaders(res);
  });

  it("a signed-in admin's write answers carry them too", async () => {
    const res = await admin.fetch('/api/admin/tracking-settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(200);
    expect(csp(res)).toEqual(BASE_POLICY);
    expectCommonHeaders(res);
  });

  it('the local sign-in page: the base policy (its form posts to this origin)', async () => {
    const jar = new CookieJar();
    const page = await navigate(jar, `${t.url}/api/login`); // stops on the sign-in page
    expect(page.body).toContain('<form method="post" action="/oidc/interaction/');
    const res = await fetch(page.url, { headers: { Cookie: jar.header(page.url) }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(csp(res)).toEqual(BASE_POLICY);
    expectCommonHeaders(res);
  });
});

describe('server-rendered pages', () => {
  it('admit their loader by its hash (no per-response nonce), and no tag hosts while tracking is not configured', async () => {
    for (const path of ['/', '/', '/providers/alchemy', '/chains/ethereum', '/chains', '/admin', '/no-such-page']) {
      const res = await t.request(path);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectDocumentPolicy(res, { appPage: true });
      expectCommonHeaders(res);
      const html = await res.text();
      expect(html).not.toContain('googletagmanager');
      expect(html).not.toContain('nonce');
    }
  });

  it("a chain's page lets the browser call any https or wss origin, rendered or kept; no other page does", async () => {
    const first = await t.request('/chains/base');
    const kept = await t.request('/chains/base');
    for (const res of [first, kept]) expect(csp(res).get('connect-src')).toEqual(["'self'", 'https:', 'wss:']);
    for (const path of ['/chains', '/providers/alchemy', '/chains/base/x', '/index.html', '/api/chains/base']) {
      expect(csp(await t.request(path)).get('connect-src'), path).toEqual(["'self'"]);
    }
  });

  it('the API reference admits images and frames from this origin only: no source names another site or a scheme', async () => {
    for (const path of ['/docs/api', '/docs/api', '/docs/api/']) {
      const res = await t.request(path); // the second one is the kept copy
      expect(res.status).toBe(200);
      const policy = csp(res);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
      expect(policy.get('frame-src')).toEqual(["'none'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      for (const [name, sources] of policy) {
        expect(
          sources.filter((s) => /^[a-z]+:/.test(s) && s !== 'data:'),
          `${path} ${name}`,
        ).toEqual([]);
      }
      expectCommonHeaders(res);
    }
    // The other pages still show logos from other sites.
    expect(csp(await t.request('/providers/alchemy')).get('img-src')).toEqual(["'self'", 'data:', 'https:']);
  });

  it("with tracking IDs configured: the head's inline scripts are admitted by their hashes, and the tag hosts", async () => {
    const set = await admin.json('POST', '/api/admin/tracking-settings', {
      googleAnalyticsId: 'G-TEST123',
      googleTagManagerId: 'GTM-TEST123',
    });
    expect(set.status).toBe(200);
    try {
      let hashes: string[] = [];
      for (const path of ['/', '/chains/ethereum']) {
        const res = await t.request(path);
        const html = await res.text();
        const inline = [...html.matchAll(/<script data-tracking="(?:gtm|ga)">([\s\S]*?)<\/script>/g)];
        expect(inline).toHaveLength(2); // GTM's and gtag's inline snippets (plus gtag.js from its host)
        hashes = inline.map((m) => sha256(m[1]));
        expectDocumentPolicy(res, { appPage: true, trackingHashes: hashes });
        const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
          attrs: m[1],
          code: m[2],
        }));
        expect(scripts.filter((s) => s.attrs.includes('data-tracking'))).toHaveLength(3);
        // Every other script is the app's loader (api/web/preload.ts; only when the app is built), run by its hash,
        // or a data block (JSON-LD, the rendered page's data, the loader's list), which a CSP does not run.
        const others = scripts.filter((s) => !s.attrs.includes('data-tracking'));
        expect(others.filter((s) => s.attrs.includes('data-app-loader')).length).toBeLessThanOrEqual(1);
        for (const { attrs, code } of others) {
          if (attrs.includes('data-app-loader')) expect(sha256(code)).toBe(APP_LOADER_HASH);
          else expect(attrs).toMatch(/type="(application\/ld\+json|application\/json)"/);
        }
      }
      // The bare shell the service worker precaches: no loader, but the same hashes for the PWA to insert the snippets.
      const shell = await t.request('/index.html');
      expectDocumentPolicy(shell, { appPage: false, trackingHashes: hashes });
      expect(await shell.text()).not.toContain('data-tracking');
      // API answers never need the tag hosts.
      expect(csp(await t.request('/api/chains'))).toEqual(BASE_POLICY);
      // The API reference: the tag hosts and nothing else from other sites.
      const reference = csp(await t.request('/docs/api'));
      expect(reference.get('img-src')).toEqual(["'self'", 'data:', ...TAG_BEACONS]);
      expect(reference.get('frame-src')).toEqual([TAG_HOST]);
      expect(reference.get('script-src')).toEqual(["'self'", APP_LOADER_HASH, TAG_HOST, ...hashes]);
    } finally {
      await admin.json('POST', '/api/admin/tracking-settings', { googleAnalyticsId: '', googleTagManagerId: '' });
    }
    expectDocumentPolicy(await t.request('/'), { appPage: true });
    expect(csp(await t.request('/index.html'))).toEqual(BASE_POLICY);
  });
});

describe('uploaded SVGs keep their own, stricter policy', () => {
  it('/objects/{id} of an SVG: nothing may load or run', async () => {
    const form = new FormData();
    form.append('folder', 'logos');
    form.append(
      'file',
      new Blob([
        '<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:red}</style><rect width="1" height="1"/></svg>',
      ]),
      'x.svg',
    );
    const up = await admin.fetch('/api/objects/upload', { method: 'POST', body: form });
    expect(up.status).toBe(201);
    const { uploadURL } = await up.json();
    const res = await t.request(uploadURL);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('under https', () => {
  it('adds HSTS (this host only) and upgrade-insecure-requests', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://atlas.example' });
    try {
      for (const path of ['/api/chains', '/']) {
        const res = await https.request(path, { headers: { 'X-Forwarded-Proto': 'https' } });
        expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
        expect(csp(res).get('upgrade-insecure-requests')).toEqual([]);
        await res.arrayBuffer();
      }
    } finally {
      await https.close();
    }
  });
});
