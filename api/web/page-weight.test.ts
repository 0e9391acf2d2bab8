// What a server-rendered page weighs: the data it carries for hydration (pwa/lib/page-state.ts) is at most a quarter
// of its HTML on each of the four page types the bench measures, and the browser gets back from it exactly what the
// API answers for each query.
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { expandPageState, type CarriedPageState } from '../../pwa/lib/page-state.ts';
import { SSR_STATE_ID } from '../../pwa/lib/site.ts';

let t: TestServer;

beforeAll(async () => {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-weight-'));
  copyFileSync('index.html', path.join(distDir, 'index.html'));
  t = await startTestServer({}, { distDir });
});
afterAll(() => t?.close());

/** The bench's four pages: the home page, the provider list, the provider and the chain with the most links. */
async function pages() {
  const providers = (await t.get('/api/providers')).body as { slug: string; chainIds: number[] }[];
  const chains = (await t.get('/api/chains/with-stats')).body as { slug: string; providerCount: number }[];
  const provider = [...providers].sort((a, b) => b.chainIds.length - a.chainIds.length)[0];
  const chain = [...chains].sort((a, b) => b.providerCount - a.providerCount)[0];
  return ['/', '/providers', `/providers/${provider.slug}`, `/chains/${chain.slug}`];
}

const STATE = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">([\\s\\S]*?)</script>`);

it('each page type carries at most a quarter of its HTML as data, and that data is what the API answers', async () => {
  for (const pathname of await pages()) {
    const html = await (await t.request(pathname)).text();
    const state = STATE.exec(html)?.[1];
    expect(state, pathname).toBeDefined();
    const share = Buffer.byteLength(state!) / Buffer.byteLength(html);
    expect(share, `${pathname}: ${Math.round(share * 100)} % of the HTML is its data`).toBeLessThanOrEqual(0.25);
    const expanded = expandPageState(JSON.parse(state!) as CarriedPageState);
    expect(expanded.queries.length, pathname).toBeGreaterThan(3);
    for (const query of expanded.queries) {
      const read = query.queryKey.map(String).join('/');
      expect(query.state.data, `${pathname}: ${read}`).toEqual((await t.get(read)).body);
    }
  }
}, 120_000);
