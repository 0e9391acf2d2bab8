// Page bodies rendered on the server (api/web/ssr.ts + pwa/entry-server.tsx), read without JavaScript: the
// page's content is in the HTML, with the query data the browser hydrates from, for each visitor.
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error jsdom ships no type declarations
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCtx } from '../context.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';
import { sortProviders } from '../../pwa/lib/provider-list.ts';
import type { Provider } from '../../contract/providers.ts';
import { SSR_STATE_ID } from '../../pwa/lib/site.ts';
import { expandPageState, type CarriedPageState } from '../../pwa/lib/page-state.ts';

let t: TestServer;

beforeAll(async () => {
  // The repository's own index.html (the markers the build keeps) as the built shell.
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-ssr-'));
  copyFileSync('index.html', path.join(distDir, 'index.html'));
  t = await startTestServer({}, { distDir });
});
afterAll(() => t?.close());

type State = { queries: { queryKey: readonly unknown[]; state: { data: unknown } }[] };

async function render(pathname: string, headers: Record<string, string> = {}) {
  const res = await t.request(pathname, { headers });
  const html = await res.text();
  // A part the server failed to draw is marked for the browser to draw instead (React's "<!--$!-->"): none may be.
  expect(html).not.toContain('<!--$!-->');
  const doc: Document = new JSDOM(html).window.document;
  const root = doc.getElementById('root')!;
  const stateText = doc.getElementById(SSR_STATE_ID)?.textContent;
  // What the page carries, and the queries the browser hydrates from it.
  const carried = stateText ? (JSON.parse(stateText) as CarriedPageState) : undefined;
  const state: State | undefined = carried && expandPageState(structuredClone(carried));
  return {
    status: res.status,
    html,
    doc,
    root,
    cacheControl: res.headers.get('Cache-Control'),
    text: root.textContent!.replace(/\s+/g, ' '),
    carried,
    state,
    keys: state ? state.queries.map((q) => q.queryKey.join('/')) : [],
  };
}

describe('server-rendered pages', () => {
  it('the home page carries the hotlist, the chrome and the data it was drawn from', async () => {
    const page = await render('/');
    expect(page.status).toBe(200);
    expect(page.root.querySelector('h1')?.textContent).toBe('RPC Atlas Hotlist');
    const [{ count }] = await t.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM providers`;
    expect(page.text).toContain(`Showing ${count} providers`);
    // Every card, in the hotlist's order.
    const cards = [...page.root.querySelectorAll('[data-testid="provider-card"] h2')].map((h) => h.textContent);
    expect(page.root.querySelector('header')).not.toBeNull();
    expect(page.root.querySelector('footer')).not.toBeNull();
    // Rendered completely: no part was left for the browser because it failed on the server.
    expect(page.html).not.toContain('<!--$!-->');
    // The fallback header of the shell is replaced, not kept beside the page.
    expect(page.html).not.toContain('<!--app-html-->');
    // #root holds the page alone, not even white space beside it: the browser hydrates its children exactly.
    expect([...page.root.childNodes].map((n) => n.nodeName)).toEqual(['DIV']);
    expect(page.keys).toEqual(expect.arrayContaining(['/api/providers', '/api/chains/summary', '/api/auth/user']));
    // The frame reads the chains' summary: the whole chain list is no page's data.
    expect(page.keys).not.toContain('/api/chains');
    const providers = page.state!.queries.find((q) => q.queryKey.join('/') === '/api/providers')!.state
      .data as Provider[];
    expect(providers).toHaveLength(count);
    expect(cards).toEqual(sortProviders(providers, 'rating').map((p) => p.name));
  });

  it.each([
    ['/providers', 'All RPC Providers'],
    ['/chains', 'All Blockchain Networks'],
    ['/about', 'About'],
    ['/login', 'Welcome to RPC Atlas'],
    ['/terms', 'Terms of Service'],
  ])('%s is rendered with its content', async (pathname, heading) => {
    const page = await render(pathname);
    expect(page.status).toBe(200);
    expect(page.root.querySelector('h1')?.textContent).toContain(heading);
    expect(page.html).not.toContain('<!--$!-->');
  });

  it('a provider and a chain page carry their details; unknown ones their not-found screens with 404', async () => {
    const provider = await render('/providers/drpc');
    expect(provider.root.querySelector('h1')?.textContent).toBe('dRPC');
    expect(provider.keys).toContain('/api/providers/drpc');
    const chain = await render('/chains/ethereum');
    expect(chain.root.querySelector('h1')?.textContent).toContain('Ethereum');
    const missing = await render('/providers/no-such-provider');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Provider Not Found');
    const unknown = await render('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('404 Page Not Found');
  });

  it('search results and filters in the query string are rendered', async () => {
    const page = await render('/search?q=drpc');
    expect(page.text).toContain('dRPC');
    const filtered = await render('/?q=zzzz-nothing');
    expect(filtered.text).toContain('No providers found');
  });

  it.each(['/', '/providers/drpc'])(
    '%s carries its data compactly, and once the browser puts the chain objects back it is what the API answers',
    async (pathname) => {
      const page = await render(pathname);
      // Chain objects travel as references to the page's chain list: outside the chain answers no chain's icon is named.
      const others = page.carried!.queries.filter((q) => !('queryKey' in q) || q.queryKey[0] !== '/api/chains');
      expect(JSON.stringify(others)).not.toContain('"iconUrl":"/chain-icons/');
      expect(JSON.stringify(page.carried!.shared)).not.toContain('"iconUrl":"/chain-icons/');
      const expanded = page.state!;
      // Put back where they were (the chain list itself names icons whatever happens: left out of this check).
      const expandedOthers = expanded.queries.filter((q) => q.queryKey[0] !== '/api/chains');
      expect(JSON.stringify(expandedOthers)).toContain('"iconUrl":"/chain-icons/');
      const read = expanded.queries.filter((q) => /^\/api\/(providers|chains)/.test(String(q.queryKey[0])));
      expect(read.length).toBeGreaterThanOrEqual(2);
      for (const query of read) {
        const res = await t.request(query.queryKey.map(String).join('/'));
        expect(query.state.data, String(query.queryKey)).toEqual(await res.json());
      }
    },
  );

  it('/chains/ethereum carries what it draws: its providers as its cards show them, no more chains than it names', async () => {
    const page = await render('/chains/ethereum');
    expect(page.keys).toEqual(
      expect.arrayContaining([
        '/api/chains/ethereum',
        '/api/providers/by-chain/1/brief',
        '/api/chains/summary?first=16',
      ]),
    );
    expect(page.keys).not.toContain('/api/providers/by-chain/1');
    expect(page.keys).not.toContain('/api/chains/summary');
    for (const query of page.state!.queries.filter((q) => /^\/api\/(providers|chains)/.test(String(q.queryKey[0])))) {
      const res = await t.request(query.queryKey.map(String).join('/'));
      expect(query.state.data, String(query.queryKey)).toEqual(await res.json());
    }
  });

  it('data is escaped: a hostile provider name stays text in the body and inert in the data', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    await t.sql`UPDATE providers SET name = ${hostile} WHERE slug = 'drpc'`;
    await t.app.context.cache.invalidate();
    try {
      const page = await render('/providers/drpc');
      expect(page.html).not.toContain(hostile);
      expect(page.root.querySelector('h1')?.textContent).toBe(hostile);
      expect(page.doc.querySelectorAll('img[onerror]')).toHaveLength(0);
      const executable = Array.from(page.doc.querySelectorAll('script')).filter(
        (s) => !['application/ld+json', 'application/json'].includes(s.getAttribute('type') ?? ''),
      );
      expect(executable.every((s) => !s.textContent!.includes('alert'))).toBe(true);
      expect(JSON.stringify(page.state)).toContain(hostile);
    } finally {
      await t.sql`UPDATE providers SET name = 'dRPC' WHERE slug = 'drpc'`;
      await t.app.context.cache.invalidate();
    }
  });

  it('a signed-in visitor gets their own header; the shared signed-out page is not theirs, and a write refreshes it', async () => {
    const before = await render('/');
    expect(before.text).toContain('Login');
    const user = await signIn(t, 'ssr-reader@example.com');
    await user.json('PUT', '/api/auth/profile', { displayName: 'Render Reader' });
    const mine = await render('/', { Cookie: user.cookie });
    expect(mine.text).toContain('Render Reader');
    expect(mine.cacheControl).toBe('no-store');
    expect(before.cacheControl).toBe('no-cache');
    expect(mine.text).not.toContain('Sign Up');
    const anonymous = await render('/');
    expect(anonymous.text).not.toContain('Render Reader');
    expect(anonymous.text).toContain('Sign Up');

    // The shared page is rebuilt after a write (here an admin renaming a provider).
    const admin = await signIn(t, 'admin@example.com');
    const [drpc] = await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = 'drpc'`;
    expect((await admin.json('PUT', `/api/admin/providers/${drpc.id}`, { name: 'dRPC Renamed' })).status).toBe(200);
    expect((await render('/')).text).toContain('dRPC Renamed');
    await admin.json('PUT', `/api/admin/providers/${drpc.id}`, { name: 'dRPC' });
  }, 120_000); // two sign-ins and five renders, each write re-rendering the kept pages beside them

  it('rich text is drawn by the server, sanitised', async () => {
    await t.sql`UPDATE providers SET detailed_description = ${'<p>Archive <b>nodes</b> in 40 regions<img src="x" onerror="alert(1)"></p>'}
      WHERE slug = 'blastapi'`;
    const page = await render('/providers/blastapi');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Archive nodes in 40 regions');
    expect(page.root.querySelector('b')?.textContent).toBe('nodes');
    expect(page.root.innerHTML).not.toContain('onerror'); // (the data beside it holds the text as stored, inert)
  });

  it('a page drawn while one of its reads failed is for that request only: the next visitor gets it whole', async () => {
    // The footer's partner links fail to load (their table is briefly away, and their cached answer stale): the
    // page still renders, without them.
    await (t.app.context as AppCtx).cache.invalidate();
    await t.sql`ALTER TABLE partner_links RENAME TO partner_links_away`;
    try {
      const broken = await render('/terms');
      expect(broken.status).toBe(200);
      expect(broken.keys).not.toContain('/api/partner-links');
    } finally {
      await t.sql`ALTER TABLE partner_links_away RENAME TO partner_links`;
    }
    // Nothing was written through the API since: only an unkept render shows them now.
    expect((await render('/terms')).keys).toContain('/api/partner-links');
  });

  it('the admin panel is left to the browser: the shell keeps its own header', async () => {
    const page = await render('/admin');
    expect(page.state).toBeUndefined();
    expect(page.html).toContain('<!--app-html-->');
  });
});
