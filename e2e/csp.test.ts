// The app really runs under its Content-Security-Policy: every page kind is opened in Chromium and no
// `securitypolicyviolation` event and no CSP console error may appear, while the page renders. A control
// proves the policy is enforced and the detector hears it (an inline script the policy does not name by its hash is refused).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../api/test/sign-in.ts';
import { startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e?.close();
});

type Violation = { directive: string; blocked: string; page: string; sample?: string };

/** A page whose CSP violations (events in every frame and console reports) are collected across navigations. */
async function watchedPage(context?: BrowserContext): Promise<{ page: Page; violations: Violation[] }> {
  const ctx = context ?? (await e.newContext());
  const violations: Violation[] = [];
  await ctx.exposeBinding('__reportCspViolation', (_source, v: Violation) => {
    violations.push(v);
  });
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (ev) => {
      (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation({
        directive: ev.effectiveDirective,
        blocked: ev.blockedURI,
        page: location.pathname,
        sample: ev.sample,
      });
    });
  });
  const page = await ctx.newPage();
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text()))
      violations.push({ directive: 'console', blocked: msg.text(), page: page.url() });
  });
  return { page, violations };
}

/** Lets late work (lazy chunks, the service worker, effects) happen before violations are read: the network quiet, the app hydrated and idle. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await whenSettled(page);
}

describe('pages under the policy', () => {
  it('the control: an inline script the policy does not name is refused and reported', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/');
    await page.getByRole('heading').first().waitFor();
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
    });
    await expect
      .poll(() => violations)
      .toContainEqual(expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }));
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  });

  it.each([
    ['/', 'RPC Atlas Hotlist'],
    ['/providers', undefined],
    ['/providers/alchemy', 'Alchemy'],
    ['/chains', undefined],
    ['/chains/ethereum', 'Ethereum'],
    ['/about', undefined],
    ['/search?q=eth', undefined],
    ['/contact', undefined],
    ['/login', undefined],
    ['/no-such-page', undefined],
  ])('%s renders with no violation', async (path, heading) => {
    const { page, violations } = await watchedPage();
    const res = await page.goto(path);
    // The page's loader is admitted by its hash (no per-response nonce): the page is the same bytes for everyone.
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    const h = heading ? page.getByRole('heading', { name: heading }).first() : page.getByRole('heading').first();
    await h.waitFor();
    await settle(page);
    expect(violations).toEqual([]);
  });

  it('the local sign-in page and the whole sign-in (form post, redirects) run with no violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/api/login?returnTo=/about');
    await page.getByRole('heading', { name: 'Local development sign-in' }).waitFor();
    await page.getByLabel('Email').fill('csp-reader@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/about');
    await page.getByRole('heading').first().waitFor();
    await settle(page);
    expect(violations).toEqual([]);
  });

  it("switching accounts: the provider's self-submitting logout form runs (its script hash is added to the policy)", async () => {
    const { page, violations } = await watchedPage();
    await e.signIn(page, 'csp-first@example.com', '/about');
    await page.goto('/api/logout');
    const submitted: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/oidc/session/end/confirm') submitted.push(r.method());
    });
    await e.signIn(page, 'csp-second@example.com', '/about');
    expect(submitted).toEqual(['POST']); // the provider's inline script ran and posted its form
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me.email).toBe('csp-second@example.com');
    await settle(page);
    expect(violations).toEqual([]);
  });

  it('the admin panel as admin: every tab and a dialog, with no violation', async () => {
    const { page, violations } = await watchedPage();
    await e.signIn(page, 'admin@example.com', '/admin');
    await page.getByRole('heading', { name: /admin/i }).first().waitFor();
    for (const tab of [
      'Chains',
      'Providers',
      'Editorial',
      'Ads',
      'Contact',
      'About',
      'Homepage',
      'Tracking',
      'Partners',
      'CSV',
    ]) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
      await settle(page);
    }
    // A Radix dialog (scroll lock injects a <style>) with its form.
    await page.getByRole('tab', { name: 'Chains', exact: true }).click();
    await page.getByRole('button', { name: 'Add Chain' }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    expect(violations).toEqual([]);
  });

  it('with tracking IDs configured: the server-rendered snippets run, and so do the ones the app inserts into the shell', async () => {
    const admin = await signIn(e.server, 'admin@example.com');
    const set = await admin.json('POST', '/api/admin/tracking-settings', {
      googleAnalyticsId: 'G-CSPTEST1',
      googleTagManagerId: 'GTM-CSPTEST',
    });
    expect(set.status).toBe(200);
    try {
      for (const path of ['/', '/providers/alchemy']) {
        const { page, violations } = await watchedPage();
        await page.goto(path);
        await page.getByRole('heading').first().waitFor();
        await settle(page);
        // The inline snippets ran (admitted by their hashes): Tag Manager's and gtag's dataLayer entries.
        const layer = await page.evaluate(() =>
          JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? null),
        );
        expect(layer).toContain('gtm.js');
        expect(layer).toContain('G-CSPTEST1');
        // Their loaders were allowed to be requested (this machine has no internet, so they fail on the network, not on the policy).
        expect(violations).toEqual([]);
      }
      // The bare shell (what the service worker serves) has no snippets: the app inserts them, admitted by their hashes.
      const { page, violations } = await watchedPage();
      await page.goto('/index.html');
      await page.getByRole('heading').first().waitFor();
      await expect
        .poll(() =>
          page.evaluate(() => JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? null)),
        )
        .toContain('gtm.js');
      expect(await page.locator('script[data-tracking]').count()).toBeGreaterThan(0);
      await settle(page);
      expect(violations).toEqual([]);
    } finally {
      await admin.json('POST', '/api/admin/tracking-settings', { googleAnalyticsId: '', googleTagManagerId: '' });
    }
  });
});
