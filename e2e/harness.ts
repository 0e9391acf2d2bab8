// Browser tests: the built app (dist/) served by the real server over a private copy of the seeded
// embedded database, driven by the shared Chromium. `const e = await startBrowserTest()` in beforeAll,
// `await e.close()` in afterAll.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { startTestServer } from '../api/test/harness.ts';
import { EARLY_CLICKS_GLOBAL } from '../pwa/lib/early-clicks.ts';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

/**
 * Waits until the page has hydrated and its main thread has gone idle: the server-rendered HTML is on screen at
 * once, but its scripts load after the first paint and its buttons and menus answer only once the app has
 * hydrated (which removes the loader's EARLY_CLICKS_GLOBAL). Then idle callbacks: the effects are done.
 */
export async function whenSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction((global) => !(global in window), EARLY_CLICKS_GLOBAL, { timeout: 60_000 });
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
  }
}

/**
 * Holds the app's scripts back until `release()`: the page stays the server's inert markup, for a test of what a
 * visitor does before the app takes over.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Draws the whole of each sidebar link list in `scope`: they arrive a batch at a time (pwa/components/show-more.tsx). */
export async function showAll(scope: Page | Locator): Promise<void> {
  const more = scope.getByRole('button', { name: /^Show more / });
  // A press before the page has hydrated does nothing: the loop presses again until every list is whole, and
  // gives up (failing the test rather than hanging it) if a button stays.
  const deadline = Date.now() + 60_000;
  while (await more.count()) {
    if (Date.now() > deadline)
      throw new Error(`"${await more.first().innerText()}" is still there after 60 s of pressing it`);
    await more
      .first()
      .click({ timeout: 5000 })
      .catch(() => {});
  }
}

/**
 * Every toast the page shows from now on, with when it appeared, in this and later documents: one shows at a time,
 * and one that leads to another page (a sign-in redirect) may be gone before a locator reads it.
 */
export async function watchToasts(page: Page): Promise<{ text: string; at: number }[]> {
  const seen: { text: string; at: number }[] = [];
  await page.exposeBinding('__reportToast', (_source, text: string) => {
    seen.push({ text, at: Date.now() });
  });
  const observe = () => {
    const reported = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.toast')) {
        if (reported.has(el) || !el.textContent) continue;
        reported.add(el);
        (window as unknown as { __reportToast: (t: string) => void }).__reportToast(el.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  };
  await page.addInitScript(observe);
  if (page.url() !== 'about:blank') await page.evaluate(observe);
  return seen;
}

/**
 * With E2E_SCREENSHOTS=1, saves a PNG under e2e/screenshots/ to look at: a page (whole, or what its viewport shows)
 * or one part of it. The picture is never compared, and drawing a whole page of up to 12,000 px is most of a test's
 * browser time, so a plain run draws none.
 */
export async function picture(target: Page | Locator, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}

/**
 * What went wrong around a test, printed when it fails: the pages' console errors, uncaught exceptions, failed
 * requests and 5xx answers, and the server's errors. A timeout on a shared, loaded CI machine then says why.
 */
const trouble: string[] = [];
let serverLogs: (() => string[]) | undefined;
let serverLogStart = 0;
const note = (page: Page, what: string) =>
  trouble.push(`${new Date().toISOString()} ${new URL(page.url() || 'about:blank').pathname} ${what}`);

beforeEach(() => {
  trouble.length = 0;
  serverLogStart = serverLogs?.().length ?? 0;
});
const openPages = new Set<Page>();

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const page of openPages) {
    // Whether the app took over the server-rendered page: its loader's global goes once it has hydrated.
    const waiting = await page.evaluate((global) => global in window, EARLY_CLICKS_GLOBAL).catch(() => undefined);
    if (waiting !== undefined) note(page, waiting ? 'still not hydrated' : 'hydrated');
  }
  const seen = [...trouble, ...(serverLogs?.().slice(serverLogStart) ?? []).map((line) => `server: ${line}`)];
  const report = `What the pages and the server reported during the failed test:\n${seen.join('\n')}`;
  // Thrown, so it is listed with the test's own error in the summary at the end of the run.
  if (seen.length) throw new Error(report);
});

function watchForTrouble(context: BrowserContext) {
  context.on('page', (page) => {
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
    page.on('console', (message) => {
      if (message.type() === 'error') note(page, `console: ${message.text()}`);
    });
    page.on('pageerror', (error) => note(page, `uncaught: ${error.stack ?? error.message}`));
    page.on('requestfailed', (request) =>
      note(page, `failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 500)
        note(page, `${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  });
}

export async function startBrowserTest(env: Record<string, string> = {}) {
  // The server logs its errors: a browser test that sees "Operation failed" then shows why.
  const server = await startTestServer({ LOG_LEVEL: 'error', ...env });
  serverLogs = server.recentLog;
  const browser: Browser = await chromium.connect(inject('browserWsEndpoint'));
  const contexts: BrowserContext[] = [];

  return {
    server,
    url: server.url,
    browser,
    /**
     * A fresh, isolated browser profile (own cookies and storage). Its pages register no service worker unless
     * `serviceWorker` is set: a test of the offline shell or of what the worker does asks for it; for the rest, the
     * worker's install (precaching the whole app in every fresh profile) would only add browser work.
     */
    async newContext(viewport: { width: number; height: number } = DESKTOP, { serviceWorker = false } = {}) {
      // Every page reloads hard (Cache-Control: no-cache), as the server's test client reads (api/test/harness.ts):
      // the test is the writer of every change it makes and checks what follows it, where another visitor may get a
      // kept page from before the write for a few seconds (api/web/page-cache.test.ts).
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        serviceWorkers: serviceWorker ? 'allow' : 'block',
        extraHTTPHeaders: { 'Cache-Control': 'no-cache' },
      });
      // A file's first page is its server's first render (route code loaded, caches cold): on a loaded 2-core
      // machine that alone can pass Playwright's 30 s default.
      context.setDefaultNavigationTimeout(60_000);
      watchForTrouble(context);
      contexts.push(context);
      return context;
    },
    async newPage(viewport: { width: number; height: number } = DESKTOP, options?: { serviceWorker?: boolean }) {
      return (await this.newContext(viewport, options)).newPage();
    },
    /** Signs in through the local identity provider's page, as a person would. */
    async signIn(page: Page, email: string, returnTo = '/') {
      await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.origin === server.url && u.pathname === returnTo);
      await whenSettled(page);
    },
    /**
     * Checks the page for what a picture would show at a glance: it fits its viewport's width (nothing scrolls
     * sideways); then `picture` of the whole page.
     */
    async screenshot(page: Page, name: string) {
      const { scroll, viewport } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      expect(scroll, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(viewport);
      await picture(page, name);
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.close();
    },
  };
}
export type BrowserTest = Awaited<ReturnType<typeof startBrowserTest>>;
