// Guards before the routers (CSRF, sessions, caching) compare paths as written, so no route may answer another
// spelling of its path: every route of apiRouters() is tried in other letter cases and percent-encoded, and no
// spelling but the real one reaches its handler. Read from the route table: a route added later is covered too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../app.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';

type Route = { method: string; path: string };

const routes: Route[] = apiRouters().flatMap((router) =>
  router.stack
    .filter((layer) => typeof layer.path === 'string' && layer.methods.length > 0)
    .flatMap((layer) =>
      layer.methods
        .filter((m) => m !== 'HEAD')
        .map((method) => ({
          method,
          path: (layer.path as string).replace(/:[A-Za-z_]+/g, '1'),
        })),
    ),
);

/** Other spellings of a path: first segment upper-cased, all of it upper-cased, a letter percent-encoded. */
function spellings(path: string): string[] {
  const [, first, rest] = /^\/([^/]+)(.*)$/.exec(path)!;
  const letter = path.search(/[a-z]/);
  return [
    `/${first.toUpperCase()}${rest}`,
    path.toUpperCase(),
    path.replace(/\/([a-z])([^/]*)$/, (_m, c: string, tail: string) => `/${c.toUpperCase()}${tail}`),
    `${path.slice(0, letter)}%${path.charCodeAt(letter).toString(16)}${path.slice(letter + 1)}`,
  ].filter((p) => p !== path);
}

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signIn(t, 'admin@example.com');
});
afterAll(async () => {
  await t.close();
});

const contactCount = async () =>
  (await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM contact_submissions`)[0].n;

it('reads the routes from the route table', () => {
  expect(routes).toContainEqual({ method: 'POST', path: '/api/contact' });
  expect(routes).toContainEqual({ method: 'GET', path: '/api/logout' });
  expect(spellings('/api/contact')).toEqual(['/API/contact', '/API/CONTACT', '/api/Contact', '/%61pi/contact']);
});

it("POST /API/contact from a foreign site stores nothing (the issue's probe)", async () => {
  const before = await contactCount();
  for (const path of ['/API/contact', '/api/Contact', '/Api/Contact', '/api/%63ontact']) {
    const res = await t.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ name: 'A', email: 'a@example.com', message: 'forged' }),
    });
    expect([403, 404], path).toContain(res.status); // refused by the Origin check, or no such route
  }
  expect(await contactCount()).toBe(before);
});

describe.each(routes)('$method $path', (route) => {
  it('answers no other spelling of its path, even to a signed-in admin from this site', async () => {
    for (const path of spellings(route.path)) {
      const res = await admin.fetch(
        path,
        route.method === 'GET'
          ? { headers: { Accept: 'application/json' } }
          : { method: route.method, headers: { 'Content-Type': 'application/json' }, body: '{}' },
      );
      // Unknown paths: the API's JSON 404, or for GET the site's not-found page.
      expect(res.status, `${route.method} ${path}`).toBe(404);
    }
  });
});
