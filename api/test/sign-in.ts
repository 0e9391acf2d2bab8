// Signs a test user in through the REAL authorization-code flow over HTTP: /api/login → grant →
// the local OpenID Connect provider's sign-in page → its form → grant's callback → back on the site
// with a session cookie. A small cookie jar (name + path) carries the cookies the way a browser would.
// `const alice = await signIn(t, 'alice@example.com'); await alice.json('PUT', '/api/auth/profile', {...})`
import { SESSION_COOKIE } from '../middleware/session.ts';
import type { TestServer } from './harness.ts';

type Cookie = { name: string; value: string; path: string };

/** The cookies a browser would keep for one site (path-scoped; expired ones removed). */
export class CookieJar {
  private cookies: Cookie[] = [];

  store(res: Response, requestUrl: URL) {
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(key + '='))?.slice(key.length + 1);
      const defaultPath = requestUrl.pathname.replace(/\/[^/]*$/, '') || '/';
      const path = attr('path') ?? defaultPath;
      const expires = attr('expires');
      const maxAge = attr('max-age');
      const expired =
        value === '' ||
        (maxAge !== undefined && Number(maxAge) <= 0) ||
        (expires !== undefined && Date.parse(expires) <= Date.now());
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  header(url: URL) {
    return this.cookies
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : c.path + '/'))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(name: string) {
    return this.cookies.find((c) => c.name === name)?.value;
  }
}

export type BrowserStep = { url: string; status: number; location: string | null; setCookie: string[] };

/**
 * Follows a full-page navigation like a browser: every redirect by hand, cookies kept; on the local
 * provider's sign-in page, fills in the e-mail and submits the form. Returns the final response and
 * every step taken (tests inspect cookie flags on them).
 */
export async function navigate(jar: CookieJar, startUrl: string, email?: string) {
  const steps: BrowserStep[] = [];
  let url = new URL(startUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 25; hop++) {
    const headers = new Headers(init.headers);
    const cookie = jar.header(url);
    if (cookie) headers.set('Cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.store(res, url);
    const location = res.headers.get('location');
    steps.push({ url: url.toString(), status: res.status, location, setCookie: res.headers.getSetCookie() });
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      init = {};
      continue;
    }
    const body = await res.text();
    const form = /<form[^>]*method="post"[^>]*action="([^"]+)"[\s\S]*?name="email"/i.exec(body);
    if (form && email !== undefined && res.status === 200) {
      url = new URL(form[1].replace(/&amp;/g, '&'), url);
      init = {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url.origin },
        body: new URLSearchParams({ email }).toString(),
      };
      email = undefined; // submit once; a second form means the sign-in was refused
      continue;
    }
    return { url, status: res.status, body, steps };
  }
  throw new Error(`Too many redirects from ${startUrl}: ${steps.map((s) => `${s.status} ${s.url}`).join(' → ')}`);
}

export type SignedIn = {
  /** "rpc_atlas_sid=…; rpc_atlas_sid.sig=…", ready for a Cookie header. */
  cookie: string;
  /** fetch(t.url + path) with the session cookie and `Origin: t.url`; redirects are not followed. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Sends JSON (when there is a body) and parses the JSON answer. */
  json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
};

export async function signIn(t: TestServer, email: string): Promise<SignedIn> {
  const jar = new CookieJar();
  const end = await navigate(jar, `${t.url}/api/login`, email);
  const sid = jar.get(SESSION_COOKIE);
  const sig = jar.get(`${SESSION_COOKIE}.sig`);
  if (!sid || !sig || new URL(end.url).origin !== t.url) {
    throw new Error(
      `Sign-in as ${email} did not finish on the site with a session: ` +
        `${end.steps.map((s) => `${s.status} ${s.url}`).join(' → ')} → ${end.status} ${end.body.slice(0, 300)}`,
    );
  }
  const cookie = `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${sig}`;
  const send = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Cookie', cookie);
    if (!headers.has('Origin')) headers.set('Origin', t.url);
    return fetch(t.url + path, { redirect: 'manual', ...init, headers });
  };
  return {
    cookie,
    fetch: send,
    async json<T = any>(method: string, path: string, body?: unknown) {
      const res = await send(
        path,
        body === undefined
          ? { method }
          : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      );
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
  };
}
