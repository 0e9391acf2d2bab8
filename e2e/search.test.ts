// Browser tests of /search: results from GET /api/search in two sections, a new search from the box,
// the no-result message and the error text.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startBrowserTest, type BrowserTest } from './harness.ts';

let e: BrowserTest;
beforeAll(async () => { e = await startBrowserTest(); });
afterAll(async () => { await e?.close(); });

const main = (page: Page) => page.locator('main');
const plural = (n: number) => `Found ${n} ${n === 1 ? 'result' : 'results'}`;

describe('/search', () => {
  it('shows providers and chains matching the term, and searches again from the box', async () => {
    const api = (await e.server.get('/api/search?q=ethereum')).body as { providers: { name: string }[]; chains: { name: string }[] };
    expect(api.providers.length + api.chains.length).toBeGreaterThan(1);
    const page = await e.newPage();
    await page.goto('/search?q=ethereum');
    await main(page).getByText(plural(api.providers.length + api.chains.length)).waitFor();
    await main(page).getByRole('heading', { name: `RPC Providers (${api.providers.length})` }).waitFor();
    await main(page).getByRole('heading', { name: `Blockchain Networks (${api.chains.length})` }).waitFor();
    expect(await main(page).getByTestId('provider-card').count()).toBe(api.providers.length);
    expect(await main(page).getByTestId('chain-card').locator('h3').allInnerTexts()).toEqual(api.chains.map((c) => c.name));
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');

    const other = (await e.server.get('/api/search?q=ankr')).body as { providers: { name: string }[]; chains: unknown[] };
    const box = page.getByRole('searchbox', { name: 'Search term' });
    await box.fill('ankr');
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === 'ankr');
    await main(page).getByText(plural(other.providers.length + other.chains.length)).waitFor();
    expect(await main(page).getByTestId('provider-card').locator('h3').allInnerTexts()).toEqual(other.providers.map((p) => p.name));
    await page.goBack();
    await main(page).getByRole('heading', { name: `Blockchain Networks (${api.chains.length})` }).waitFor();
  });

  it('says so when nothing matches, with links to providers and chains', async () => {
    const page = await e.newPage();
    await page.goto('/search?q=zzzz-nothing-like-this');
    await main(page).getByText('Found 0 results').waitFor();
    await main(page).getByText('No results found for “zzzz-nothing-like-this”.').waitFor();
    expect(await main(page).getByRole('link', { name: 'all RPC providers' }).getAttribute('href')).toBe('/providers');
    expect(await main(page).getByRole('link', { name: 'all blockchain networks' }).getAttribute('href')).toBe('/chains');
  });

  it('shows the error text when the search fails', async () => {
    const page = await e.newPage();
    await page.route('**/api/search?**', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/search?q=ethereum');
    await main(page).getByText('An error occurred while searching. Please try again.').waitFor();
  });

  it('invites a search when there is no term', async () => {
    const page = await e.newPage();
    await page.goto('/search');
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    expect(await main(page).innerText()).not.toContain('Found');
  });

  it('captures the search screen on phone and desktop', async () => {
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await e.newPage(viewport);
      await page.goto('/search?q=arbitrum');
      await main(page).getByText(/^Found \d+ results?$/).waitFor();
      await e.screenshot(page, `search-${label}`);
    }
  });
});
