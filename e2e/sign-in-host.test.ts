// Sign-in in a real browser, whose cookies belong to one host name: a visitor who typed another name for this
// server (localhost when PUBLIC_URL says 127.0.0.1) still ends signed in, and a sign-in that cannot complete
// says so on the page, in words, with nothing in the address bar.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBrowserTest, type BrowserTest } from './harness.ts';

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e.close();
});

it("a sign-in started on another host name ends signed in on PUBLIC_URL's", async () => {
  const page = await e.newPage();
  await page.goto(`${e.url.replace('127.0.0.1', 'localhost')}/api/login?returnTo=${encodeURIComponent('/about')}`);
  await page.getByLabel('Email').fill('other-host@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.origin === e.url && u.pathname === '/about');
  expect(new URL(page.url()).search).toBe('');
  const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
  expect(me).toMatchObject({ authenticated: true, email: 'other-host@example.com' });
});

it('a sign-in that cannot complete is a readable page, not an error in the URL', async () => {
  const page = await e.newPage();
  // The attempt was lost (expired, cookies blocked): the provider's answer arrives with nothing under way.
  const res = await page.goto('/connect/local/callback?code=x&state=y');
  expect(res?.status()).toBe(400);
  await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
  expect(await page.getByRole('alert').textContent()).toBe('No sign-in is under way. Please start again.');
  expect(new URL(page.url()).search).not.toContain('error');
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
});
