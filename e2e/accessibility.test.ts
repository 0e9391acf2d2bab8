// Browser test of accessibility: axe-core's WCAG 2.1 A/AA and best-practice rules over every public page type,
// signed out, on a phone and a wide screen, and over the signed-in pages and every admin tab, against the built app.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e?.close();
});

/**
 * Rules left out on /docs/api, whose markup is Redoc's: it puts h5 section headers under h2 operations, and names its
 * menu entries by their summaries while they show the method too. Its colours are ours to set, and are checked.
 */
const REDOC_RULES = ['heading-order', 'label-content-name-mismatch'];

/** axe's violations on the page as it stands: each rule with the elements it found. */
async function violations(page: Page, skipRules: string[] = []) {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(
    ({ tags, skipRules }) =>
      (
        window as unknown as {
          axe: {
            run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }>;
          };
        }
      ).axe.run(document, {
        runOnly: tags,
        rules: Object.fromEntries(skipRules.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      }),
    { tags: RULE_TAGS, skipRules },
  );
  return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 100)).join(' | ')}`);
}

const PAGES = [
  '/',
  '/chains',
  '/chains/base',
  '/providers',
  '/providers/infura',
  '/compare?providers=drpc,alchemy',
  '/search?q=eth',
  '/status',
  '/about',
  '/contact',
  '/privacy',
];

describe('accessibility (axe-core)', () => {
  for (const [label, viewport] of [
    ['a phone', PHONE],
    ['a wide screen', DESKTOP],
  ] as const) {
    it(`finds no violation on any public page type on ${label}`, async () => {
      const page = await e.newPage(viewport);
      const found: string[] = [];
      for (const path of PAGES) {
        await page.goto(path);
        await whenSettled(page);
        for (const v of await violations(page)) found.push(`${path} ${v}`);
      }
      await page.goto('/docs/api');
      await page.locator('.redoc-wrap').waitFor({ timeout: 60_000 });
      await page.getByText('/api/providers/featured').first().waitFor({ state: 'attached' });
      for (const v of await violations(page, REDOC_RULES)) found.push(`/docs/api ${v}`);
      expect(found).toEqual([]);
    });
  }

  it('finds no violation signed in: the profile, a provider page, every admin tab', async () => {
    const page = await e.newPage(DESKTOP);
    await e.signIn(page, 'admin@example.com', '/admin');
    await page.getByRole('tab', { name: 'Chains', selected: true }).waitFor();
    // The offline directory copy would otherwise keep the page busy through the tabs' checks.
    await page.waitForSelector('html[data-sync="done"]', { timeout: 90_000 });
    const tabs = await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allTextContents();
    const found: string[] = [];
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
      await whenSettled(page);
      for (const v of await violations(page)) found.push(`admin ${tab} ${v}`);
    }
    for (const path of ['/profile', '/providers/infura']) {
      await page.goto(path);
      await whenSettled(page);
      for (const v of await violations(page)) found.push(`${path} ${v}`);
    }
    expect(tabs).toHaveLength(10);
    expect(found).toEqual([]);
  });
});
