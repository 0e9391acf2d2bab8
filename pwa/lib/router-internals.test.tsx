// The router's undocumented parts that server rendering relies on (router-internals.ts), checked against the router
// itself: an upgrade that renames or changes one fails here, not as a wrong page in production.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  notFound,
  Outlet,
  redirect,
  RouterProvider,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isNotFoundMatch, markHydrating, serverRedirect } from './router-internals.ts';

function testRouter(url: string, { isServer }: { isServer: boolean }) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> }),
    createRoute({
      getParentRoute: () => root,
      path: '/old',
      beforeLoad: () => {
        throw redirect({ to: '/' });
      },
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/gone',
      loader: () => {
        throw notFound();
      },
    }),
  ]);
  return createRouter({ routeTree, isServer, history: createMemoryHistory({ initialEntries: [url] }) });
}

describe('the router internals server rendering uses', () => {
  it('a server load that meets a redirect says where to, and one that renders says nothing', async () => {
    const moved = testRouter('/old', { isServer: true });
    await moved.load();
    expect(serverRedirect(moved)).toBe('/');
    const rendered = testRouter('/', { isServer: true });
    await rendered.load();
    expect(serverRedirect(rendered)).toBeUndefined();
  });

  it('tells a not-found match, thrown by a loader or for a path no route takes, from a found one', async () => {
    for (const [url, notFoundAt] of [
      ['/gone', true],
      ['/no-such-path', true],
      ['/', false],
    ] as const) {
      const router = testRouter(url, { isServer: true });
      await router.load();
      expect(router.state.matches.some(isNotFoundMatch), url).toBe(notFoundAt);
    }
  });

  it('a router marked as hydrating renders its matches without the client-only <Suspense>, as the server did', async () => {
    const html = async (hydrating: boolean) => {
      const router = testRouter('/', { isServer: false });
      if (hydrating) markHydrating(router);
      await router.load();
      return renderToString(<RouterProvider router={router} />);
    };
    const server = testRouter('/', { isServer: true });
    await server.load();
    const serverHtml = renderToString(<RouterProvider router={server} />);
    expect(await html(true)).toBe(serverHtml);
    expect(await html(false)).not.toBe(serverHtml);
  });
});
