import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';
import { EARLY_CLICKS_GLOBAL } from '../pwa/lib/early-clicks.ts';

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e.close();
});

it('serves the app shell to a real browser', async () => {
  const page = await e.newPage();
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  expect(await page.locator('#root').count()).toBe(1);
});

// Lighthouse lost its trace's navigation now and then (NO_NAVSTART): nothing of ours may load the document a second
// time during a first visit — not the app's start, its service worker's install and activation, the work that waits
// until 5 s after load (the offline copy, an earlier visit's outbox), nor the visitor's next page.
it('a first visit loads its document once', async () => {
  for (const path of ['/', '/providers', '/chains/ethereum']) {
    const page = await e.newPage(undefined, { serviceWorker: true });
    let documents = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
    });
    await page.goto(path);
    await whenSettled(page);
    const workerActive = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
      ]),
    );
    expect(workerActive, path).toBe(true);
    // The work that waits until after load ends with the directory copied. Its toast waits for the next page the
    // visitor opens: shown at once, it was the page's largest paint (Lighthouse's LCP on a first visit).
    await page.waitForSelector('html[data-sync="done"]', { timeout: 60_000 });
    const readyToast = page.getByText('Ready to work offline', { exact: true });
    expect(await readyToast.count(), path).toBe(0);
    await page.locator('footer a[href="/chains"]').first().click();
    await readyToast.waitFor();
    expect(documents, path).toBe(1);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length), path).toBe(1);
    await page.close();
  }
});

// What a page runs before it answers the visitor: zod's full build (the API answers' schemas) and the HTML sanitiser
// (DOMPurify) are for data fetched later, not for the server's page, which carries its data and its sanitised HTML.
// The page answers once the app has taken it over (the loader's replay of early presses runs); the directory's offline
// copy, the first data fetched later, starts after that and after the load event.
it('a first visit runs neither zod’s full build nor the sanitiser before the app is up', async () => {
  for (const path of ['/', '/chains/ethereum', '/providers/drpc']) {
    const page = await e.newPage();
    await page.addInitScript((global) => {
      const marks = window as unknown as Record<string, unknown>;
      Object.defineProperty(window, global, {
        configurable: true,
        set(replay: () => void) {
          Object.defineProperty(window, global, {
            configurable: true,
            writable: true,
            value: () => {
              marks.answeringAt = performance.now();
              replay();
            },
          });
        },
      });
      new MutationObserver((_, observer) => {
        if (!document.documentElement.dataset.sync) return;
        marks.copyStartedAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-sync'] });
    }, EARLY_CLICKS_GLOBAL);
    const texts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      // Scripts still loading when the page closes fail their text: awaited below only for those that were needed.
      const text = response.text();
      text.catch(() => {});
      texts.set(response.url(), text);
    });
    await page.goto(path);
    await whenSettled(page);
    await page.waitForFunction(() => 'copyStartedAt' in window);
    const marks = await page.evaluate(() => {
      const { answeringAt, copyStartedAt } = window as unknown as Record<string, number>;
      return {
        answeringAt,
        copyStartedAt,
        loadedAt: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
        requested: performance
          .getEntriesByType('resource')
          .filter((r) => r.startTime < answeringAt)
          .map((r) => r.name),
      };
    });
    expect(marks.copyStartedAt, `${path}: the copy starts after the load event`).toBeGreaterThan(marks.loadedAt);
    expect(marks.copyStartedAt, `${path}: the copy starts once the page answers`).toBeGreaterThan(marks.answeringAt);
    const loaded = await Promise.all(
      marks.requested.filter((url) => texts.has(url)).map(async (url) => ({ url, text: await texts.get(url)! })),
    );
    expect(loaded.length, path).toBeGreaterThan(5);
    const zodClassic = loaded.filter((s) => /[`"']ZodObject[`"']/.test(s.text)).map((s) => s.url);
    const sanitiser = loaded.filter((s) => s.text.includes('DOMPurify')).map((s) => s.url);
    expect({ path, zodClassic, sanitiser }).toEqual({ path, zodClassic: [], sanitiser: [] });
    await page.close();
  }
});
