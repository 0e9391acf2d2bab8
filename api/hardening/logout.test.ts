// Logout is honoured only when it is the visitor's own: a top-level navigation from this site or typed
// (Fetch Metadata), the app's form POST behind the CSRF check, or — from clients that send no Fetch Metadata —
// a request whose Referer, if any, is this site. Anything else (an <img src="/api/logout">, a frame, another
// site's link) leaves the visitor signed in and lands on the home page.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const fetchMetadata = (site: string, mode: string, dest: string) => ({
  'Sec-Fetch-Site': site,
  'Sec-Fetch-Mode': mode,
  'Sec-Fetch-Dest': dest,
});

/** Sends exactly these headers (fetch() would set Sec-Fetch-Mode itself). */
function send(method: string, headers: Record<string, string>, body = '') {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = request(
      `${t.url}/api/logout`,
      { method, headers: { ...headers, 'Content-Length': String(body.length) } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode!, location: res.headers.location });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Signs someone in, sends the logout as a browser would in the case described, and tells what happened. */
async function logoutWith({ method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> }) {
  const user = await signIn(t, 'leaving@example.com');
  const { status, location } = await send(method, { ...headers, Cookie: user.cookie });
  const { body } = await user.json('GET', '/api/auth/user');
  return { status, location, signedIn: body.authenticated as boolean };
}

describe('refused: the visitor stays signed in and lands home', () => {
  it.each([
    [
      'an <img src="/api/logout"> on this site (e.g. an admin-set logo)',
      fetchMetadata('same-origin', 'no-cors', 'image'),
    ],
    ['an <img> on another site', fetchMetadata('cross-site', 'no-cors', 'image')],
    ['a link on another site', fetchMetadata('cross-site', 'navigate', 'document')],
    ['a link on a sibling subdomain', fetchMetadata('same-site', 'navigate', 'document')],
    ['a frame of this site', fetchMetadata('same-origin', 'navigate', 'iframe')],
    ['a frame on another site', fetchMetadata('cross-site', 'navigate', 'iframe')],
    ['a fetch() from this site', fetchMetadata('same-origin', 'cors', 'empty')],
    ["an old browser following another site's link", { Referer: 'https://evil.example/page' }],
  ])('%s', async (_name, headers) => {
    expect(await logoutWith({ headers })).toEqual({ status: 302, location: '/', signedIn: true });
  });

  it('a form POST from another site (refused by the Origin check, 403)', async () => {
    const res = await logoutWith({
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
        ...fetchMetadata('cross-site', 'navigate', 'document'),
      },
    });
    expect(res).toMatchObject({ status: 403, signedIn: true });
  });
});

describe('honoured: signed out, home', () => {
  it.each([
    ["the app's own link (full-page navigation)", fetchMetadata('same-origin', 'navigate', 'document')],
    ['typed into the address bar or a bookmark', fetchMetadata('none', 'navigate', 'document')],
    ["an old browser from this site's page", { Referer: 'SITE/providers' }],
    ['curl (no Fetch Metadata, no Referer)', {}],
  ])('%s', async (_name, headers: Record<string, string>) => {
    const sent = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('SITE', t.url)]));
    expect(await logoutWith({ headers: sent })).toEqual({ status: 302, location: '/', signedIn: false });
  });

  it("the app's form POST (a navigation, past the CSRF check)", async () => {
    const res = await logoutWith({
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: t.url,
        ...fetchMetadata('same-origin', 'navigate', 'document'),
      },
    });
    expect(res).toEqual({ status: 302, location: '/', signedIn: false });
  });
});

it('the form content type is let through for logout only', async () => {
  const res = await t.request('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url },
    body: 'name=A',
  });
  expect(res.status).toBe(415);
});

describe('the shared response cache', () => {
  /** Fills the cache with a public answer, sends the logout, and tells whether the answer was still kept. */
  async function cacheKeptAcross(method: string, cookie?: string) {
    await t.get('/api/chains');
    const before = t.app.context.cache.stats().entries;
    const headers = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: t.url,
      ...fetchMetadata('same-origin', 'navigate', 'document'),
      ...(cookie ? { Cookie: cookie } : {}),
    };
    expect((await send(method, headers)).status).toBe(302);
    return before > 0 && t.app.context.cache.stats().entries === before;
  }

  // Signing out changes no public answer: the cache stays, whoever asks and however often.
  it.each(['POST', 'GET'])('is kept across a %s logout without a session', async (method) => {
    expect(await cacheKeptAcross(method)).toBe(true);
  });

  it('is kept across a real logout too', async () => {
    const user = await signIn(t, 'leaving@example.com');
    expect(await cacheKeptAcross('POST', user.cookie)).toBe(true);
  });
});
