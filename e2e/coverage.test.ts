// Browser test of coverage by kind: Base's page lists Alchemy, and Infura, Chainstack and Ankr by their own
// documentation, marked "With an API key" (and the "Public endpoint only" filter leaves them out); Alchemy's page
// lists Base, with its URL template as text and the Facts card at "Unknown"; Infura's names where its Base entry was
// read and that source's date. Screenshots of the pages on a phone and a desktop.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, picture, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e?.close();
});

const card = (page: Page, name: string) =>
  page.getByTestId('provider-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('coverage by kind', () => {
  it("Base's page lists Alchemy, Infura, Chainstack and Ankr with an API key; 'Public endpoint only' leaves them out", async () => {
    const page = await e.newPage();
    await page.goto('/chains/base');
    await whenSettled(page);
    for (const name of ['Alchemy', 'Infura', 'Chainstack', 'Ankr']) {
      expect(await card(page, name).innerText(), name).toContain('With an API key');
    }
    for (const name of ['QuickNode', 'thirdweb']) expect(await card(page, name).count()).toBe(1);

    await page.getByLabel('Public endpoint only').check();
    await page.waitForURL(/public=true/);
    for (const name of ['Alchemy', 'Infura', 'Chainstack', 'Ankr'])
      expect(await card(page, name).count(), name).toBe(0);
    // Their only Base endpoints need a key: the key rule counts them as API key only.
    for (const name of ['Dwellir', 'Owlracle']) expect(await card(page, name).count()).toBe(0);
    expect(await page.getByTestId('provider-card').count()).toBeGreaterThan(0);
    // Shareable: the filter is in the address, and the server renders it.
    const shared = await e.newPage();
    await shared.goto('/chains/base?public=true');
    expect(await card(shared, 'Alchemy').count()).toBe(0);
  });

  it("Alchemy's page lists Base with an API key, its address format as text, and the facts no source gives as unknown", async () => {
    const page = await e.newPage();
    await page.goto('/providers/alchemy');
    await whenSettled(page);
    const keyed = page.getByTestId('api-key-chains');
    await keyed.getByLabel('Filter the networks served with an API key').fill('Base');
    const template = keyed.locator('code', { hasText: 'https://base-mainnet.g.alchemy.com/v2/{API_KEY}' });
    expect(await template.count()).toBe(1);
    expect(await keyed.locator('a[href*="alchemy.com"]').count()).toBe(0); // a template is never a link
    expect(await keyed.locator('a[href="/chains/base"]').innerText()).toContain('Base');
    const facts = page.getByTestId('provider-facts');
    expect(await facts.getByText('Unknown').count()).toBe(4);
  });

  it("Infura's page says where its Base entry was read and the source's date, linking the page at its commit", async () => {
    const page = await e.newPage();
    await page.goto('/providers/infura');
    await whenSettled(page);
    const keyed = page.getByTestId('api-key-chains');
    await keyed.getByLabel('Filter the networks served with an API key').fill('Base');
    const entry = keyed.locator('li', { has: page.locator('a[href="/chains/base"]') }).first();
    const source = entry.getByTestId('api-key-chain-source');
    // The words screen readers hear beside the link are left out of what is seen.
    const seen = async (l: typeof source) => (await l.innerText()).replace(/\s*\(opens in a new tab\)\s*/g, '');
    expect(await seen(source)).toBe("from Infura's documentation, 2026-02-08");
    expect(await source.getByRole('link', { name: /Infura's documentation/ }).getAttribute('href')).toBe(
      'https://github.com/MetaMask/metamask-docs/blob/09e7c74c5b3beae377abc82d26ceb033270c0e6e/services/get-started/endpoints.md',
    );
    expect(await entry.locator('code', { hasText: 'https://base-mainnet.infura.io/v3/{API_KEY}' }).count()).toBe(1);
    // Ethereum is also in the npm package it was read from before: both named, each with its date.
    await keyed.getByLabel('Filter the networks served with an API key').fill('Ethereum Mainnet');
    const ethereum = keyed.locator('li', { has: page.locator('a[href="/chains/ethereum"]') }).first();
    expect(await seen(ethereum.getByTestId('api-key-chain-source'))).toBe(
      "from Infura's documentation, 2026-02-08; also from npm package @wagmi/chains@1.8.0, 2024-12-07",
    );
  });
});

describe('facts', () => {
  it("an admin enters Alchemy's free tier in the dialog's Facts section; its page shows it with source and date", async () => {
    const page = await e.newPage();
    await e.signIn(page, 'admin@example.com', '/admin');
    await page.getByRole('tab', { name: 'Providers', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Alchemy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Provider' });
    await dialog.locator('#provider-facts-freeTier-value').selectOption('yes');
    await dialog.locator('#provider-facts-freeTier-note').fill('30M compute units a month');
    // Without a source the form refuses, naming the field.
    await dialog.locator('#provider-facts-freeTier-sourceUrl').fill('');
    await dialog.getByRole('button', { name: 'Update Provider' }).click();
    expect(await dialog.locator('#provider-facts-freeTier-sourceUrl').getAttribute('aria-invalid')).toBe('true');
    await dialog.locator('#provider-facts-freeTier-sourceUrl').fill('https://www.alchemy.com/pricing');
    await dialog.locator('#provider-facts-freeTier-asOf').fill('2026-11-20');
    await dialog.getByRole('button', { name: 'Update Provider' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/providers/alchemy');
    const facts = page.getByTestId('provider-facts');
    await facts.waitFor();
    const freeTier = facts.locator('div', { has: page.getByText('Free tier', { exact: true }) }).last();
    const text = await freeTier.innerText();
    expect(text).toContain('Yes — 30M compute units a month');
    expect(text).toContain('as of Nov 20, 2026');
    expect(await facts.getByText('Unknown').count()).toBe(4);
    expect(await freeTier.getByRole('link', { name: /Source/ }).getAttribute('href')).toBe(
      'https://www.alchemy.com/pricing',
    );
  });
});

describe('screenshots', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`Alchemy's, Base's and Infura's pages on a ${label}`, async () => {
      const page = await e.newPage(viewport);
      for (const [path, name] of [
        ['/providers/alchemy', 'alchemy'],
        ['/chains/base', 'base'],
      ]) {
        await page.goto(path);
        await whenSettled(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} scrolls sideways`).toBeLessThanOrEqual(viewport.width);
        await e.screenshot(page, `coverage-${name}-${label}`);
      }
      // The parts this work added, close up (the whole pages are long).
      const shot = (name: string) => `coverage-${name}-${label}-part`;
      await picture(page.locator('#chain-providers').locator('xpath=..'), shot('base-filter'));
      await picture(card(page, 'Alchemy'), shot('base-alchemy-card'));
      await page.goto('/providers/alchemy');
      await whenSettled(page);
      await page.getByTestId('provider-facts').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await picture(page, shot('alchemy-top'), { fullPage: false });
      await picture(page.getByTestId('provider-facts'), shot('alchemy-facts'));
      await page.goto('/providers/infura');
      await whenSettled(page);
      const keyed = page.getByTestId('api-key-chains');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, '/providers/infura scrolls sideways').toBeLessThanOrEqual(viewport.width);
      await picture(keyed, shot('infura-api-key-chains'));
    });
  }
});
