// Choosing and connecting in Chromium: the chain page's Connect section copies a working viem config; /compare shows
// the providers side by side; the cards' Compare toggle fills the tray, which links to the comparison.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../contract/providers.ts';
import { connectSnippets } from '../contract/snippets.ts';
import { DESKTOP, PHONE, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

let e: BrowserTest;
let providers: Provider[];
beforeAll(async () => {
  e = await startBrowserTest();
  providers = (await e.server.get('/api/providers')).body;
});
afterAll(async () => {
  await e?.close();
});

/** Three providers serving many chains, so the comparison has chains in common. */
const busiest = () => [...providers].sort((a, b) => b.chainIds.length - a.chainIds.length).slice(0, 3);

describe('Connect on a chain page', () => {
  it("copies Base's viem snippet, the one the API answers, server-rendered before any script", async () => {
    const context = await e.newContext(DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const html = await (await page.request.get('/chains/base')).text();
    expect(html).toContain('id="connect"');
    expect(html).toContain('defineChain');

    await page.goto('/chains/base');
    await whenSettled(page);
    const connect = page.locator('#connect');
    await expect.poll(() => connect.getByRole('tab', { name: 'viem' }).getAttribute('aria-selected')).toBe('true');
    await connect.getByRole('tab', { name: 'Foundry' }).click();
    await expect.poll(() => connect.getByRole('tabpanel').innerText()).toContain('[rpc_endpoints]');
    await connect.getByRole('tab', { name: 'viem' }).click();
    await connect.getByRole('button', { name: 'Copy viem configuration' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe((await e.server.get('/api/chains/base/snippets')).body.viem);
    expect(copied).toBe(connectSnippets((await e.server.get('/api/chains/base')).body)!.viem);
    await e.screenshot(page, 'connect-desktop');
    const phone = await e.newPage(PHONE);
    await phone.goto('/chains/base#connect');
    await whenSettled(phone);
    await e.screenshot(phone, 'connect-phone');
  });
});

describe('Config for one endpoint', () => {
  it("an endpoint row's Config puts that endpoint first in every snippet, as the API's ?endpoint= does", async () => {
    const page = await e.newPage(DESKTOP);
    await page.goto('/chains/base');
    await whenSettled(page);
    const second = page.getByRole('link', { name: /^Config for Base with https:/ }).nth(1);
    const url = (await second.getAttribute('aria-label'))!.replace('Config for Base with ', '');
    await second.click();
    await page.waitForURL((u) => u.searchParams.has('endpoint'));
    const connect = page.locator('#connect');
    await expect.poll(() => connect.getByTestId('connect-chosen').innerText()).toContain(url);
    await connect.getByRole('tab', { name: 'Foundry' }).click();
    await expect.poll(() => connect.getByRole('tabpanel').innerText()).toContain(`base = ${JSON.stringify(url)}`);
    const id = new URL(page.url()).searchParams.get('endpoint');
    const detail = (await e.server.get('/api/chains/base')).body;
    expect((await e.server.get(`/api/chains/base/snippets?endpoint=${id}`)).body.foundry).toBe(
      connectSnippets(detail, { chosenUrl: url })!.foundry,
    );
    await connect.getByRole('link', { name: 'Use the best endpoints' }).click();
    await connect.getByTestId('connect-chosen').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('endpoint')).toBe(false);
  });
});

describe('/compare', () => {
  it('shows the providers side by side, server-rendered, with the chains they share', async () => {
    const chosen = busiest();
    const url = `/compare?providers=${chosen.map((p) => p.slug).join(',')}`;
    const page = await e.newPage(DESKTOP);
    const html = await (await page.request.get(url)).text();
    expect(html).toContain('data-testid="compare-table"');
    expect(html).toMatch(new RegExp(`<title>Compare ${chosen[0].name}`));

    await page.goto(url);
    await whenSettled(page);
    const table = page.getByTestId('compare-table');
    for (const p of chosen) await expect.poll(() => table.locator('thead').innerText()).toContain(p.name);
    const rowText = (label: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label }) })
        .innerText();
    expect(await rowText('Chains served')).toContain(String(chosen[0].chainIds.length));
    // By kind: a public endpoint, or to API-key customers only.
    const keyedOnly = chosen[0].chains!.filter((c) => c.kind === 'api-key').length;
    expect(await rowText('With an API key only')).toContain(String(keyedOnly));
    expect(await rowText('With a public endpoint')).toContain(String(chosen[0].chainIds.length - keyedOnly));
    const common = chosen[0].chainIds.filter((id) => chosen.every((p) => p.chainIds.includes(id)));
    await expect
      .poll(() => page.getByRole('heading', { name: /Chains all 3 serve/ }).innerText())
      .toContain(`(${common.length})`);
    // Health per common chain: one row each, every cell a count or the reason there is none. This machine has no
    // network, so the prober has checked nothing: never "0 of N healthy".
    const health = page.getByTestId('compare-health');
    expect(await health.locator('tbody tr').count()).toBe(common.length);
    const cells = await health.locator('tbody td').allInnerTexts();
    expect(cells.length).toBe(common.length * 3);
    for (const cell of cells) expect(cell).toMatch(/^(\d+ not checked yet|API key only)$/);
    const keyedSomewhere = common.some((id) =>
      chosen.some((p) => p.chains!.find((c) => c.id === id)!.kind === 'api-key'),
    );
    if (keyedSomewhere) expect(cells).toContain('API key only');
    // A provider's own chains show eight at first, the rest on request, so one long list does not stretch the row.
    const only = chosen.map((p) => p.chainIds.filter((id) => chosen.every((q) => q === p || !q.chainIds.includes(id))));
    const onlyRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Only this one serves' }) });
    const links = () => onlyRow.getByRole('link').count();
    expect(await links()).toBe(only.reduce((n, ids) => n + Math.min(ids.length, 8), 0));
    const more = onlyRow.getByRole('button', { name: /^\+\d+ more$/ });
    expect(await more.count()).toBe(only.filter((ids) => ids.length > 8).length);
    while (await more.count()) await more.first().click();
    expect(await links()).toBe(only.reduce((n, ids) => n + ids.length, 0));
    await e.screenshot(page, 'compare-desktop');
    const phone = await e.newPage(PHONE);
    await phone.goto(url);
    await whenSettled(phone);
    await e.screenshot(phone, 'compare-phone');
  });

  it('says which slug names no provider, and asks for more when fewer than two are found', async () => {
    const page = await e.newPage(DESKTOP);
    await page.goto(`/compare?providers=${busiest()[0].slug},no-such-provider`);
    await whenSettled(page);
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('no-such-provider');
    expect(await page.getByText('add at least one more').count()).toBe(1);
  });
});

describe('The compare tray', () => {
  it('collects providers from their cards, keeps them across a reload, and links to the comparison', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/providers');
    await whenSettled(page);
    const [a, b] = busiest();
    const toggle = (p: Provider) => page.getByRole('button', { name: `Compare ${p.name}`, exact: true });
    await toggle(a).click();
    const tray = page.getByRole('complementary', { name: 'Providers to compare' });
    await expect.poll(() => tray.innerText()).toContain('Add 1 more to compare');
    await toggle(b).click();
    await expect.poll(() => toggle(b).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await whenSettled(page);
    const link = tray.getByRole('link', { name: 'Compare 2' });
    await expect.poll(() => link.getAttribute('href')).toBe(`/compare?providers=${a.slug},${b.slug}`);
    await e.screenshot(page, 'compare-tray-phone');
    await link.click();
    await page.waitForURL((u) => u.pathname === '/compare');
    await expect.poll(() => page.getByTestId('compare-table').locator('thead').innerText()).toContain(b.name);
  });
});

describe('Offline, from the saved directory', () => {
  it('compares providers and shows a chain’s Connect snippets never opened online', async () => {
    const context = await e.newContext(DESKTOP, { serviceWorker: true });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForSelector('html[data-sync="done"]', { timeout: 90_000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.waitForSelector('html[data-sync="done"]', { timeout: 30_000 });

    await context.setOffline(true);
    const [a, b] = busiest();
    await page.goto(`/compare?providers=${a.slug},${b.slug}`);
    for (const p of [a, b])
      await expect.poll(() => page.getByTestId('compare-table').locator('thead').innerText()).toContain(p.name);
    await page.goto('/chains/base');
    await expect.poll(() => page.locator('#connect').getByRole('tabpanel').innerText()).toContain('defineChain');
  });
});

describe('/docs/api', () => {
  it('draws the open API document with Redoc, loaded on that page only', async () => {
    const page = await e.newPage(DESKTOP);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await whenSettled(page);
    expect(scripts.some((s) => s.includes('redoc'))).toBe(false);
    await page.goto('/docs/api');
    await page.locator('.redoc-wrap').waitFor({ timeout: 60_000 });
    await page.getByText('/api/providers/featured').first().waitFor({ state: 'attached' });
    expect(scripts.some((s) => s.includes('redoc'))).toBe(true);
  });

  it('asks for nothing from another site, opened directly or reached from another page', async () => {
    const context = await e.newContext(DESKTOP);
    const violations: string[] = [];
    await context.exposeBinding('__reportCspViolation', (_source, v: string) => void violations.push(v));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (ev) =>
        (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation(
          `${ev.effectiveDirective} ${ev.blockedURI}`,
        ),
      );
    });
    const page = await context.newPage();
    const offOrigin: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== e.url) offOrigin.push(request.url());
    });
    const attribution = page.getByRole('link', { name: 'API docs by Redocly' });
    /** The viewer drew its side menu, and the attribution's logo came and went (its own error handler drops it). */
    const drawn = async () => {
      await attribution.waitFor({ timeout: 60_000 });
      await expect.poll(() => attribution.locator('img').count(), { timeout: 10_000 }).toBe(0);
    };

    // Opened directly: the page's own policy, which admits images from this origin only.
    await page.goto('/docs/api');
    await drawn();
    // Reached from the home page: the document keeps the home page's policy (logos from other sites), so the
    // viewer itself must ask for nothing elsewhere.
    await page.goto('/');
    await whenSettled(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'API', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/docs/api');
    await drawn();

    expect(offOrigin).toEqual([]);
    expect(violations).toEqual([]);
  });
});
