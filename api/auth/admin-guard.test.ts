// Every /api/admin route of every router in apiRouters() answers 401 signed out and 403 for a signed-in
// non-admin. Read from the route table, so a route added later is checked without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../app.ts';
import { cached } from '../middleware/response-cache.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';

type Route = { method: string; path: string };

const adminRoutes: Route[] = apiRouters().flatMap((router) =>
  router.stack
    .filter(
      (layer) => typeof layer.path === 'string' && layer.path.startsWith('/api/admin') && layer.methods.length > 0,
    )
    .flatMap((layer) =>
      layer.methods
        .filter((m) => m !== 'HEAD')
        .map((method) => ({
          method,
          // Any value will do for parameters: the guard must answer before anything looks at them.
          path: (layer.path as string).replace(/:[A-Za-z_]+/g, '1'),
        })),
    ),
);

let t: TestServer;
let member: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  member = await signIn(t, 'member@example.com');
});
afterAll(async () => {
  await t.close();
});

const send = (route: Route, headers: Record<string, string> = {}) =>
  t.request(route.path, {
    method: route.method,
    headers: route.method === 'GET' ? headers : { ...headers, 'Content-Type': 'application/json', Origin: t.url },
    body: route.method === 'GET' ? undefined : '{}',
  });

it('finds the admin routes in the route table', () => {
  expect(adminRoutes.length).toBeGreaterThanOrEqual(3);
  expect(adminRoutes).toContainEqual({ method: 'GET', path: '/api/admin/reviews/pending' });
  expect(adminRoutes).toContainEqual({ method: 'PUT', path: '/api/admin/reviews/1/approve' });
});

it('serves no admin, account or "mine" route from the shared response cache (hits are answered before sign-in is known)', () => {
  const layers = apiRouters().flatMap((router) => router.stack);
  const cachedPaths = layers.filter((layer) => layer.stack.includes(cached)).map((layer) => String(layer.path));
  expect(cachedPaths).toContain('/api/providers/:slug');
  expect(cachedPaths.filter((p) => /^\/api\/(admin|auth)|\/mine$/.test(p))).toEqual([]);
});

describe.each(adminRoutes)('$method $path', (route) => {
  it('answers 401 signed out', async () => {
    const res = await send(route);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 403 to a signed-in non-admin', async () => {
    const res = await send(route, { Cookie: member.cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Forbidden' });
  });
});
