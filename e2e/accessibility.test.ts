// Browser test of accessibility: axe-core's WCAG 2.1 A/AA and best-practice rules over every public page type,
// signed out, on a phone and a wide screen, and over the signed-in pages and every admin tab, against the built app.
// /docs/api is left out: Redoc draws it with its own heading levels and colours.
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

/** axe's violations on the page as it stands: each rule with the first elements it found. */
async function violations(page: Page) {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: {
            run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }>;
          };
        }
      ).axe.run(document, { runOnly: tags }),
    RULE_TAGS,
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
      expect(found).toEqual([]);
    });
  }

  it('finds no violation signed in: the profile, a provider page, every admin tab', async () => {
    const page = await e.newPage(DESKTOP);
    await e.signIn(page, 'admin@example.com', '/admin');
    await page.getByRole('tab', { name: 'Chains', selected: true }).waitFor();
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
