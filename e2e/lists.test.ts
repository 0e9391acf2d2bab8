// Browser tests of the full lists (home hotlist, /providers, /chains, a chain's providers, search results): every
// item is in the page right after load — in `document.body.innerText` and for the browser's find — in the order
// shown; and a chain page's provider cards are about that chain (its endpoints, ties ordered by usefulness).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChainDetail, ChainWithStats } from '../contract/chains.ts';
import type { Provider } from '../contract/providers.ts';
import { rankEndpoints } from '../contract/endpoint-rank.ts';
import { sortProviders } from '../pwa/lib/provider-list.ts';
import { startBrowserTest, type BrowserTest } from './harness.ts';

let e: BrowserTest;
let providers: Provider[];
let chains: ChainWithStats[];

beforeAll(async () => {
  e = await startBrowserTest();
  providers = (await e.server.get('/api/providers')).body;
  chains = (await e.server.get('/api/chains/with-stats')).body;
});
afterAll(async () => {
  await e?.close();
});

const openPages: Page[] = [];
afterEach(async () => {
  for (const p of openPages.splice(0))
    await p
      .context()
      .close()
      .catch(() => {});
});

/** `path` loaded (the load event), nothing scrolled or pressed. */
async function loaded(path: string): Promise<Page> {
  const page = await e.newPage();
  page.setDefaultTimeout(60_000);
  openPages.push(page);
  await page.goto(path);
  return page;
}

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
/** What the browser's find (Ctrl+F) finds: Chromium's window.find (non-standard, untyped) searches the page as it does. */
const findable = (page: Page, text: string) =>
  page.evaluate((t) => {
    getSelection()?.removeAllRanges();
    return (
      window as unknown as { find(text: string, caseSensitive: boolean, backwards: boolean, wrap: boolean): boolean }
    ).find(t, true, false, true);
  }, text);

/** Each name's first position in `text`, which must be in the order given. */
function expectInOrder(text: string, names: readonly string[]) {
  let from = 0;
  for (const name of names) {
    const at = text.indexOf(name, from);
    expect(at, `"${name}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + name.length;
  }
}

describe('lists are whole on first load', () => {
  it('the home hotlist and /providers carry every provider, in the order shown', async () => {
    for (const path of ['/', '/providers']) {
      const page = await loaded(path);
      const text = await bodyText(page);
      for (const p of providers) expect(text, `${path}: ${p.name}`).toContain(p.name);
      // Both lists sort by rating by default.
      const order = sortProviders(providers, 'rating').map((p) => p.name);
      expect(await page.getByTestId('provider-card').locator('h2').allInnerTexts()).toEqual(order);
      expectInOrder(text, order);
      expect(await findable(page, providers.at(-1)!.name)).toBe(true);
      expect(await page.getByRole('button', { name: 'Show more providers' }).count()).toBe(0);
    }
  });

  it('/chains carries every network it lists (mainnets by default), findable', async () => {
    const page = await loaded('/chains');
    const mainnets = chains.filter((c) => !c.isTestnet);
    const text = await bodyText(page);
    for (const c of mainnets) expect(text, c.name).toContain(c.name);
    expect(await page.getByTestId('chain-card').count()).toBe(mainnets.length);
    const last = (await page.getByTestId('chain-card').locator('h2').allInnerTexts()).at(-1)!;
    expect(await findable(page, last)).toBe(true);
  });

  it('search results carry every match', async () => {
    const { body } = await e.server.get('/api/search?q=a');
    const page = await loaded('/search?q=a');
    await page.getByText(/^Found \d+ results$/).waitFor();
    const text = await bodyText(page);
    for (const item of [...body.providers, ...body.chains]) expect(text, item.name).toContain(item.name);
    expect((await page.getByTestId('provider-card').count()) + (await page.getByTestId('chain-card').count())).toBe(
      body.providers.length + body.chains.length,
    );
  });
});

describe("a chain page's provider list", () => {
  /** The chain with the most providers: some with a keyless endpoint without tracking there, some without. */
  async function busiestChain(): Promise<{ chain: ChainDetail; byChain: Provider[] }> {
    const busiest = [...chains].sort((a, b) => b.providerCount - a.providerCount)[0]!;
    const chain: ChainDetail = (await e.server.get(`/api/chains/${busiest.slug}`)).body;
    const byChain: Provider[] = (await e.server.get(`/api/providers/by-chain/${chain.id}`)).body;
    return { chain, byChain };
  }
  const ownEndpoints = (chain: ChainDetail, p: Provider) =>
    rankEndpoints(chain.rpcEndpoints.filter((x) => x.provider?.id === p.id));
  const isUseful = (chain: ChainDetail, p: Provider) =>
    ownEndpoints(chain, p).some((x) => !x.needsApiKey && x.tracking === 'none');

  it('carries every provider, each card with its endpoints on this chain', async () => {
    const { chain, byChain } = await busiestChain();
    const page = await loaded(`/chains/${chain.slug}`);
    const text = await bodyText(page);
    for (const p of byChain) expect(text, p.name).toContain(p.name);

    const served =
      byChain.find((p) => ownEndpoints(chain, p).some((x) => x.needsApiKey)) ??
      byChain.find((p) => ownEndpoints(chain, p).length > 0)!;
    const card = page
      .locator('section[aria-labelledby="chain-providers"]')
      .getByTestId('provider-card')
      .filter({ has: page.getByRole('heading', { name: served.name, exact: true }) });
    const cardText = await card.innerText();
    for (const endpoint of ownEndpoints(chain, served)) {
      expect(cardText).toContain(endpoint.url);
      expect(await card.getByRole('button', { name: `Copy ${chain.name} endpoint ${endpoint.url}` }).count()).toBe(1);
    }
    expect(cardText).toMatch(/No tracking|Limited tracking|Tracks usage|Tracking unknown/);
    expect(cardText).toMatch(/API key|No key/);
  });

  it('sorts by review count, ties with a keyless endpoint without tracking here first, and says so', async () => {
    const { chain, byChain } = await busiestChain();
    // Today's data: nobody has reviews, so the whole list is one tie.
    expect(byChain.every((p) => p.totalReviews === 0)).toBe(true);
    const useful = byChain.filter((p) => isUseful(chain, p)).map((p) => p.name);
    const rest = byChain.filter((p) => !isUseful(chain, p)).map((p) => p.name);
    expect(useful.length).toBeGreaterThan(0);
    expect(rest.length).toBeGreaterThan(0);

    const page = await loaded(`/chains/${chain.slug}`);
    const section = page.locator('section[aria-labelledby="chain-providers"]');
    const shown = await section.getByTestId('provider-card').locator('h3').allInnerTexts();
    expect(shown.slice(0, useful.length).sort()).toEqual([...useful].sort());
    expect(shown.slice(useful.length).sort()).toEqual([...rest].sort());
    expect(await section.innerText()).toContain(
      `Sorted by review count, then by the endpoints each offers on ${chain.name}: without an API key and without tracking first.`,
    );
  });
});
