// Browser tests of /search: results from GET /api/search in two sections, a new search from the box,
// the no-result message and the error text; the header's search entry on each screen width.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startBrowserTest, type BrowserTest } from './harness.ts';

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e?.close();
});

const main = (page: Page) => page.locator('main');
const plural = (n: number) => `Found ${n} ${n === 1 ? 'result' : 'results'}`;

describe('/search', () => {
  it('shows providers and chains matching the term, and searches again from the box', async () => {
    const api = (await e.server.get('/api/search?q=ethereum')).body as {
      providers: { name: string }[];
      chains: { name: string }[];
    };
    expect(api.providers.length + api.chains.length).toBeGreaterThan(1);
    const page = await e.newPage();
    await page.goto('/search?q=ethereum');
    await main(page)
      .getByText(plural(api.providers.length + api.chains.length))
      .waitFor();
    await main(page)
      .getByRole('heading', { name: `RPC Providers (${api.providers.length})` })
      .waitFor();
    await main(page)
      .getByRole('heading', { name: `Blockchain Networks (${api.chains.length})` })
      .waitFor();
    expect(await main(page).getByTestId('provider-card').count()).toBe(api.providers.length);
    expect(await main(page).getByTestId('chain-card').locator('h3').allInnerTexts()).toEqual(
      api.chains.map((c) => c.name),
    );
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');

    const other = (await e.server.get('/api/search?q=ankr')).body as {
      providers: { name: string }[];
      chains: unknown[];
    };
    const box = page.getByRole('searchbox', { name: 'Search term' });
    await box.fill('ankr');
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === 'ankr');
    await main(page)
      .getByText(plural(other.providers.length + other.chains.length))
      .waitFor();
    expect(await main(page).getByTestId('provider-card').locator('h3').allTextContents()).toEqual(
      other.providers.map((p) => p.name),
    );
    await page.goBack();
    await main(page)
      .getByRole('heading', { name: `Blockchain Networks (${api.chains.length})` })
      .waitFor();
  });

  it('a chain found by name links to its providers: "base" finds the chain, and the spec\'s counts stay', async () => {
    const api = (await e.server.get('/api/search?q=base')).body as {
      providers: unknown[];
      chains: { name: string; slug: string }[];
    };
    const base = api.chains.find((c) => c.slug === 'base')!;
    const page = await e.newPage(PHONE);
    await page.goto('/search?q=base');
    await main(page)
      .getByRole('heading', { name: `RPC Providers (${api.providers.length})` })
      .waitFor();
    await main(page)
      .getByRole('heading', { name: `Blockchain Networks (${api.chains.length})` })
      .waitFor();
    const link = main(page).getByRole('link', { name: `Providers on ${base.name}`, exact: true });
    expect(await link.getAttribute('href')).toBe(`/chains/${base.slug}#chain-providers`);
    expect(
      await main(page)
        .getByRole('link', { name: /^Providers on / })
        .count(),
    ).toBe(api.chains.length);
    await link.click();
    await page.waitForURL((u) => u.pathname === `/chains/${base.slug}`);
    await page.getByRole('heading', { name: new RegExp(`^${base.name} RPC Providers`) }).waitFor();
  });

  it('says so when nothing matches, with links to providers and chains', async () => {
    const page = await e.newPage();
    await page.goto('/search?q=zzzz-nothing-like-this');
    await main(page).getByText('Found 0 results').waitFor();
    await main(page).getByText('No results found for “zzzz-nothing-like-this”.').waitFor();
    expect(await main(page).getByRole('link', { name: 'all RPC providers' }).getAttribute('href')).toBe('/providers');
    expect(await main(page).getByRole('link', { name: 'all blockchain networks' }).getAttribute('href')).toBe(
      '/chains',
    );
  });

  it('shows the error text when the search fails', async () => {
    const page = await e.newPage();
    // The server renders the first page's results itself: the failing search is the one typed in the browser.
    await page.goto('/search', { waitUntil: 'networkidle' }); // hydrated: the form searches in the page
    await page.route('**/api/search?**', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('searchbox', { name: 'Search term' }).fill('ethereum');
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await main(page).getByText('An error occurred while searching. Please try again.').waitFor();
    expect(await main(page).innerText()).not.toMatch(/Found \d+ results?/);
  });

  it('invites a search when there is no term', async () => {
    const page = await e.newPage();
    await page.goto('/search');
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    expect(await main(page).innerText()).not.toContain('Found');
  });

  it('the header search opens the results, by keyboard on a desktop and from the phone menu', async () => {
    const api = (await e.server.get('/api/search?q=arbitrum')).body as { providers: unknown[]; chains: unknown[] };
    const page = await e.newPage(DESKTOP);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Keyboard only: Tab reaches the field after the menus; Enter searches.
    const field = page.getByRole('banner').getByRole('searchbox', { name: 'Search chains and providers' });
    for (let i = 0; i < 10 && !(await field.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('arbitrum');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'arbitrum');
    await main(page)
      .getByText(plural(api.providers.length + api.chains.length))
      .waitFor();
    expect(await field.inputValue()).toBe('');

    const phone = await e.newPage(PHONE);
    await phone.goto('/');
    expect(await phone.getByRole('banner').getByRole('searchbox').isVisible()).toBe(false);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('searchbox', { name: 'Search chains and providers' }).fill('arbitrum');
    await menu.getByRole('button', { name: 'Search', exact: true }).click();
    await phone.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'arbitrum');
    await main(phone)
      .getByText(plural(api.providers.length + api.chains.length))
      .waitFor();
    expect(await menu.isVisible()).toBe(false);
    // Searching again from the menu on the results page closes the menu too.
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('searchbox', { name: 'Search chains and providers' }).fill('base');
    await phone.keyboard.press('Enter');
    await phone.waitForURL((u) => u.searchParams.get('q') === 'base');
    expect(await menu.isVisible()).toBe(false);
  });

  it('between phone and wide desktop the header has a search link to the page, whose box takes the typing', async () => {
    const page = await e.newPage({ width: 1024, height: 800 });
    await page.goto('/about');
    const header = page.getByRole('banner');
    expect(await header.getByRole('searchbox').isVisible()).toBe(false);
    await header.getByRole('link', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/search' && !u.search);
    const box = main(page).getByRole('searchbox', { name: 'Search term' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('ankr');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === 'ankr');
  });

  it('captures the search screen on phone and desktop', async () => {
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await e.newPage(viewport);
      await page.goto('/search?q=arbitrum');
      await main(page)
        .getByText(/^Found \d+ results?$/)
        .waitFor();
      await e.screenshot(page, `search-${label}`);
    }
  });
});
