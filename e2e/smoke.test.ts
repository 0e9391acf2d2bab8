import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

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
// time during a first visit — not the app's start, its service worker's install and activation, nor the work that
// waits until 5 s after load (the offline copy, an earlier visit's outbox).
it('a first visit loads its document once', async () => {
  for (const path of ['/', '/providers', '/chains/ethereum']) {
    const page = await e.newPage();
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
    await page.waitForTimeout(6_000);
    expect(documents, path).toBe(1);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length), path).toBe(1);
    await page.close();
  }
});
