// Browser tests: the built app (dist/) served by the real server over a private copy of the seeded
// embedded database, driven by the shared Chromium. `const e = await startBrowserTest()` in beforeAll,
// `await e.close()` in afterAll.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startTestServer } from '../api/test/harness.ts';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

/**
 * Waits until the page has loaded and its main thread has gone idle: the server-rendered HTML is on screen at
 * once, but its buttons and menus answer only once the app has hydrated (a click before that is an ordinary
 * click on inert markup). React hydrates in scheduler tasks, so an idle callback runs only after it is done.
 */
export async function whenSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
  }
}

export async function startBrowserTest(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  const browser: Browser = await chromium.connect(inject('browserWsEndpoint'));
  const contexts: BrowserContext[] = [];

  return {
    server,
    url: server.url,
    browser,
    /** A fresh, isolated browser profile (own cookies, storage and service workers). */
    async newContext(viewport: { width: number; height: number } = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: server.url });
      contexts.push(context);
      return context;
    },
    async newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
      return (await this.newContext(viewport)).newPage();
    },
    /** Signs in through the local identity provider's page, as a person would. */
    async signIn(page: Page, email: string, returnTo = '/') {
      await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.origin === server.url && u.pathname === returnTo);
      await whenSettled(page);
    },
    /** Saves a PNG under e2e/screenshots/ to look at (not compared). */
    async screenshot(page: Page, name: string) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.close();
    },
  };
}
export type BrowserTest = Awaited<ReturnType<typeof startBrowserTest>>;
