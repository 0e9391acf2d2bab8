import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBrowserTest, type BrowserTest } from './harness.ts';

let e: BrowserTest;
beforeAll(async () => { e = await startBrowserTest(); });
afterAll(async () => { await e.close(); });

it('serves the app shell to a real browser', async () => {
  const page = await e.newPage();
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  expect(await page.locator('#root').count()).toBe(1);
});
