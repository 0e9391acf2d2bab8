// Browser tests of the shell and the provider screens (home hotlist, /providers, provider page, review
// form, profile dialog, header, footer, not-found) against the built app and the real dataset.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, showAll, startBrowserTest, watchToasts, type BrowserTest } from './harness.ts';

let e: BrowserTest;
let providerCount: number;
let chains: { id: number; name: string; slug: string }[];
let providers: { id: number; name: string; slug: string; chainIds: number[]; website: string | null }[];

beforeAll(async () => {
  e = await startBrowserTest();
  providers = (await e.server.get('/api/providers')).body;
  chains = (await e.server.get('/api/chains')).body;
  providerCount = providers.length;
});
afterAll(async () => {
  await e?.close();
});

// Each page's offline sync keeps fetching the whole directory: close a test's pages when it ends so the
// next test does not queue behind them on the embedded database.
const openPages: Page[] = [];
afterEach(async () => {
  for (const p of openPages.splice(0))
    await p
      .context()
      .close()
      .catch(() => {});
});

type Viewport = { width: number; height: number };

async function newPage(viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await e.newPage(viewport);
  // Every fresh profile copies the whole directory for offline use (a few parts of ≈ 256 KB) on one embedded
  // database that other tests' admin writes keep invalidating: allow slow answers under that load.
  page.setDefaultTimeout(60_000);
  openPages.push(page);
  return page;
}

/** A page signed in through the local identity provider, on `path`. */
async function signedInPage(email: string, path: string, viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await newPage(viewport);
  await e.signIn(page, email, path);
  return page;
}

/** Calls the admin API with the admin's session cookie (the same calls the admin panel makes). */
async function asAdmin<T = any>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(path, { method, data: data === undefined ? undefined : (data as object) });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<T>;
}

const text = (page: Page, s: string | RegExp) => page.getByText(s).first();

/** Chooses `option` in the select labelled `selectLabel`. */
async function chooseOption(page: Page, selectLabel: string, option: string) {
  await page.getByRole('combobox', { name: selectLabel }).selectOption({ label: option });
}

async function toastText(page: Page) {
  const region = page.getByRole('region', { name: /Notifications/ });
  await region.locator('li').first().waitFor();
  return region.innerText();
}

describe('home hotlist', () => {
  it('lists every provider with search, chain filter and the four sorts', async () => {
    const page = await newPage();
    await page.goto('/');
    expect(await page.title()).toBe('RPC Atlas Hotlist');
    await page.getByRole('heading', { level: 1, name: 'RPC Atlas Hotlist' }).waitFor();
    await text(page, `Showing ${providerCount} providers`).waitFor();
    expect(await page.getByTestId('provider-card').count()).toBe(providerCount);

    // Signed-out visitors are invited to the landing page and to sign in.
    expect(await page.getByRole('link', { name: 'How RPC Atlas works' }).getAttribute('href')).toBe('/landing');

    const search = page.getByPlaceholder('Search providers...');
    await search.fill('ANKR');
    await text(page, 'Showing 1 provider').waitFor();
    expect(await page.locator('main').innerText()).toContain('matching “ANKR”');
    await search.fill('zzzz-no-such-provider');
    await text(page, 'No providers found').waitFor();
    await search.fill('');

    const eth = chains.find((c) => c.slug === 'ethereum')!;
    const onEth = providers.filter((p) => p.chainIds.includes(eth.id));
    await chooseOption(page, 'Filter by chain', eth.name);
    await text(page, `Showing ${onEth.length} provider${onEth.length === 1 ? '' : 's'} on ${eth.name}`).waitFor();
    expect(page.url()).toContain(`chain=${eth.id}`);

    await chooseOption(page, 'Sort providers', 'Name A-Z');
    const names = await page.getByTestId('provider-card').locator('h2').allTextContents();
    expect(names).toEqual(
      [...onEth.map((p) => p.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );

    await chooseOption(page, 'Sort providers', 'Most Popular');
    expect(await page.getByRole('link', { name: /How is “Most Popular” ranked\?/ }).getAttribute('href')).toBe(
      '/about#most-popular',
    );
    for (const label of ['Highest Rated', 'Most Reviews']) await chooseOption(page, 'Sort providers', label);
    await chooseOption(page, 'Filter by chain', 'All Chains');
    await text(page, `Showing ${providerCount} providers`).waitFor();
    await e.screenshot(page, 'home-desktop');
  });

  it('shows the header ad, intro and SEO texts, and inline ads after every Nth card but the last', async () => {
    const admin = await signedInPage('admin@example.com', '/');
    await asAdmin(admin, 'POST', '/api/admin/ads', {
      name: 'Inline sponsor',
      position: 'hotlist-inline',
      frequency: '7',
      isActive: true,
      adCode: '<p>Inline sponsor block</p><script>window.__adScriptRan = true</script>',
    });
    await asAdmin(admin, 'POST', '/api/admin/ads', {
      name: 'Header',
      position: 'header',
      isActive: true,
      adCode: '<p>Header sponsor</p>',
    });
    await asAdmin(admin, 'PUT', '/api/admin/homepage', {
      introText: '<p>Intro before the hotlist</p>',
      seoText: '<p>SEO text after the hotlist</p>',
    });

    const page = await newPage(PHONE);
    await page.goto('/');
    await text(page, `Showing ${providerCount} providers`).waitFor();
    await text(page, 'Header sponsor').waitFor();
    const inline = page.locator('main ul > li aside[aria-label="Sponsored"]');
    expect(await inline.count()).toBe(Math.floor((providerCount - 1) / 7));
    expect(await page.evaluate(() => (window as unknown as { __adScriptRan?: boolean }).__adScriptRan)).toBeUndefined();
    // The last list item is a provider card, never an ad.
    expect(await page.locator('main ul.space-y-4 > li').last().getByTestId('provider-card').count()).toBe(1);
    const main = await page.locator('main').innerText();
    expect(main.indexOf('Intro before the hotlist')).toBeLessThan(main.indexOf('RPC Atlas Hotlist'));
    expect(main.indexOf('SEO text after the hotlist')).toBeGreaterThan(main.lastIndexOf('View Details'));
    await e.screenshot(page, 'home-phone-ads');
  });
});

describe('header, footer and menus', () => {
  it('desktop menus: 16 chains and 15 popular providers, keyboard operable', async () => {
    const page = await newPage();
    await page.goto('/providers');
    await page.getByRole('heading', { name: 'All RPC Providers' }).waitFor();

    // Keyboard only: skip link, wordmark, then the Chains trigger.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Chains');
    await page.keyboard.press('Enter');
    const chainsMenu = page.locator('nav[aria-label="Main"] ul.grid').first();
    await page.getByRole('link', { name: 'View all chains', exact: true }).waitFor();
    expect(await chainsMenu.locator('a').count()).toBe(16);
    await page.keyboard.press('Tab');
    // The link's text is the letter tile (hidden from assistive tech) then the name.
    const first = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(first?.endsWith(chains[0].name)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/chains/${chains[0].slug}`);

    await page.getByRole('button', { name: 'Providers', exact: true }).click();
    await page.getByRole('link', { name: 'View all providers' }).waitFor();
    const providerLinks = page.locator('nav[aria-label="Main"] ul.grid').first().locator('a');
    await expect.poll(() => providerLinks.count()).toBe(15); // the menu's list may still be loading
    expect(await providerLinks.first().innerText()).toMatch(/\d\.\d \(\d+ reviews?\)/);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View all providers' }).waitFor({ state: 'hidden' });
  });

  it('phone: the toggle menu has All Chains, All Providers and About', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    expect(await page.getByRole('button', { name: 'Chains', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['All Chains', 'All Providers', 'About']);
    await e.screenshot(page, 'mobile-menu');
    await menu.getByRole('link', { name: 'All Providers' }).click();
    await page.waitForURL('**/providers');
    await page.getByRole('heading', { name: 'All RPC Providers' }).waitFor();
    expect(await menu.isVisible()).toBe(false);
  });

  it('nothing overflows the page width from 360 px up: signed out, signed in, admin, menu open', async () => {
    const widths = [360, 390, 768, 1024, 1280];
    const visitor = await newPage({ width: 360, height: 800 });
    await visitor.goto('/');
    await visitor.getByRole('link', { name: 'Sign Up' }).waitFor();
    // A long e-mail is the name shown when the profile has none.
    const user = await signedInPage('a-rather-long-address.for-the-header@example.com', '/', {
      width: 360,
      height: 800,
    });
    const admin = await signedInPage('admin@example.com', '/', { width: 360, height: 800 });
    for (const [who, page] of [
      ['signed out', visitor],
      ['user', user],
      ['admin', admin],
    ] as const) {
      await page
        .getByRole('banner')
        .getByRole(who === 'signed out' ? 'link' : 'button', {
          name: who === 'signed out' ? 'Sign Up' : /Account menu/,
        })
        .waitFor();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
        const sizes = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(sizes.scroll, `${who} at ${width} px`).toBeLessThanOrEqual(sizes.inner);
        if (width < 768) await page.getByRole('button', { name: 'Close menu' }).click();
      }
    }
    // Below desktop width the admin reaches the Admin Panel through the account menu.
    await admin.setViewportSize({ width: 390, height: 800 });
    await admin.getByRole('button', { name: /Account menu/ }).click();
    expect(await admin.getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
  });

  it('footer: links, 10 networks, featured providers and partners', async () => {
    const admin = await signedInPage('admin@example.com', '/');
    await asAdmin(admin, 'POST', '/api/admin/partner-links', {
      name: 'Partner One',
      url: 'https://partner.example/',
      order: 0,
    });

    const page = await newPage();
    await page.goto('/about');
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'View all chains →' }).waitFor();
    const networks = footer
      .locator('div', { has: page.getByRole('heading', { name: 'Popular Blockchain Networks' }) })
      .last()
      .getByRole('link');
    await networks.nth(10).waitFor();
    expect(await networks.count()).toBe(11);
    for (const [name, href] of [
      ['All Providers', '/providers'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Home', '/'],
      ['All Chains', '/chains'],
      ['Compare', '/compare'],
      ['Status', '/status'],
      ['API', '/docs/api'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await footer.getByRole('heading', { name: 'Featured RPC Providers' }).waitFor();
    const partner = footer.getByRole('link', { name: /Partner One/ });
    await partner.waitFor();
    expect(await partner.getAttribute('target')).toBe('_blank');
    expect(await partner.getAttribute('rel')).toContain('noopener');
  });

  it('a server-rendered page shows Login and Sign Up at once; the offline shell shows a placeholder while the user loads', async () => {
    const rendered = await (await fetch(`${e.url}/`)).text();
    expect(rendered).not.toContain('data-testid="auth-loading"');
    expect(rendered).toContain('>Sign Up<');

    // The shell the service worker serves offline has no rendered body: the browser asks who is signed in.
    const page = await newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/index.html');
    await page.getByTestId('auth-loading').waitFor();
    release();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/login');
  });
});

describe('/providers', () => {
  it('shows the title, counters, category content, Browse by Blockchain and the empty texts', async () => {
    const admin = await signedInPage('admin@example.com', '/');
    await asAdmin(admin, 'PUT', '/api/admin/category/providers', {
      title: 'Choosing an RPC provider',
      contentHtml: '<p>Category intro text</p>',
    });

    const page = await newPage();
    await page.goto('/providers');
    await page.getByRole('heading', { level: 1, name: 'All RPC Providers' }).waitFor();
    await text(page, 'Category intro text').waitFor();
    await page.getByRole('heading', { name: 'Choosing an RPC provider' }).waitFor();
    const totals = page.locator('main').getByText('Total Providers').locator('..');
    expect(await totals.innerText()).toContain(String(providerCount));
    const rated = providers.filter((p) => (p as unknown as { averageRating: number }).averageRating > 0).length;
    expect(await page.locator('main').getByText('Rated Providers').locator('..').innerText()).toContain(String(rated));
    const browse = page.getByRole('complementary', { name: 'Sidebar' });
    await browse.getByRole('heading', { name: 'Browse by Blockchain' }).waitFor();
    await showAll(browse);
    expect(await browse.getByRole('link').count()).toBe(chains.length);
    expect(await browse.getByRole('link').first().getAttribute('href')).toBe(`/chains/${chains[0].slug}`);

    await page.getByPlaceholder('Search providers...').fill('nothing-like-this');
    await text(page, 'No providers match "nothing-like-this". Try a different search term.').waitFor();
    await e.screenshot(page, 'providers-empty-search');
  });
});

describe('provider page', () => {
  it('shows everything a visitor needs, with Login to Review back to this page', async () => {
    const p = providers.find((x) => x.slug === 'drpc')!;
    const page = await newPage();
    await page.goto('/providers/drpc');
    await page.getByRole('heading', { level: 1, name: p.name }).waitFor();
    expect(await page.title()).toContain(p.name);
    const visit = page.getByRole('link', { name: /Visit Official Website/ });
    expect(await visit.getAttribute('href')).toBe(p.website);
    expect(await visit.getAttribute('rel')).toContain('noopener');
    expect(await visit.getAttribute('rel')).not.toContain('nofollow');
    expect(await visit.getAttribute('target')).toBe('_blank');
    for (const heading of [
      'User Reviews (0)',
      'Supported Chains',
      'Quick Actions',
      'Statistics',
      'Public RPC Endpoints',
    ]) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    await text(page, 'Average Rating').waitFor();
    await text(page, 'Total Reviews').waitFor();
    expect(await page.getByRole('link', { name: 'Login to Review' }).getAttribute('href')).toBe(
      '/api/auth/google?returnTo=%2Fproviders%2Fdrpc',
    );
    expect(await page.getByRole('button', { name: /^Copy Ethereum Mainnet endpoint/ }).count()).toBeGreaterThan(0);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join()).toContain(p.name);
    await e.screenshot(page, 'provider-desktop');
  });

  it('cloaked links go through /r/{id} with nofollow; socials, editorial review and its date show', async () => {
    const p = providers.find((x) => x.slug === 'ankr')!;
    const admin = await signedInPage('admin@example.com', '/');
    await asAdmin(admin, 'PUT', `/api/admin/providers/${p.id}`, {
      cloakedLinks: true,
      nofollowLinks: true,
      twitterUrl: 'https://twitter.com/ankr',
      githubUrl: 'https://github.com/ankr-network',
      detailedDescription:
        '<h2>Why Ankr</h2><p>Detailed <strong>HTML</strong> text</p><script>window.__descRan = 1</script>',
    });
    await asAdmin(admin, 'POST', `/api/admin/providers/${p.id}/editorial-review`, {
      rating: 4,
      content: '<p>Editorial verdict text</p>',
    });

    const page = await newPage(PHONE);
    await page.goto('/providers/ankr');
    const visit = page.getByRole('link', { name: /Visit Official Website/ });
    await visit.waitFor();
    expect(await visit.getAttribute('href')).toBe(`/r/${p.id}`);
    expect((await visit.getAttribute('rel'))!.split(' ')).toEqual(expect.arrayContaining(['noopener', 'nofollow']));
    expect(await page.getByRole('link', { name: /Ankr on Twitter/ }).getAttribute('href')).toBe(
      'https://twitter.com/ankr',
    );
    await page.getByRole('heading', { name: 'Why Ankr' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __descRan?: number }).__descRan)).toBeUndefined();
    await page.getByRole('heading', { name: 'Editorial Review' }).waitFor();
    await text(page, 'Editorial verdict text').waitFor();
    await text(page, /^Updated [A-Z][a-z]{2} \d{1,2}, \d{4}/).waitFor();
    await e.screenshot(page, 'provider-phone-cloaked');
  });

  it('votes: signed-out visitors are sent to sign in; a signed-in vote changes the count and a second click takes it back', async () => {
    const before = (await e.server.get('/api/providers/drpc')).body as {
      name: string;
      upvotes: number;
      downvotes: number;
    };
    const page = await newPage();
    await page.goto('/providers/drpc');
    const up = page.getByRole('button', { name: new RegExp(`^Upvote ${before.name}`) });
    await up.click();
    await page.waitForURL((u) => u.pathname.startsWith('/oidc'));
    await page.getByLabel('Email').fill('provider-voter@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/providers/drpc');

    const votes = () => e.server.sql`SELECT v.value FROM provider_votes v JOIN providers p ON p.id = v.provider_id
      JOIN users u ON u.id = v.user_id WHERE p.slug = 'drpc' AND u.email = 'provider-voter@example.com'`;
    // The button reads "Upvote dRPC: 3 upvotes": the visible count is the number in it.
    const count = async (button: typeof up) => Number((await button.textContent())?.match(/: (\d+) /)?.[1]);
    await up.waitFor();
    expect(await up.getAttribute('aria-pressed')).toBe('false');
    expect(await count(up)).toBe(before.upvotes);
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('true');
    expect(await count(up)).toBe(before.upvotes + 1);
    expect(await votes()).toEqual([{ value: 1 }]);
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('false');
    expect(await count(up)).toBe(before.upvotes);
    expect(await votes()).toEqual([]);

    // A downvote counts on its own button; pressing it again takes it back too.
    const down = page.getByRole('button', { name: new RegExp(`^Downvote ${before.name}`) });
    await down.click();
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
    expect(await count(down)).toBe(before.downvotes + 1);
    expect(await votes()).toEqual([{ value: -1 }]);
    await down.click();
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('false');
    expect(await count(down)).toBe(before.downvotes);
    expect(await votes()).toEqual([]);
  });

  it('unknown slug and unknown path show the not-found screens', async () => {
    const page = await newPage();
    expect((await page.goto('/providers/no-such-provider'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Provider Not Found' }).waitFor();
    await text(page, "The provider you're looking for doesn't exist.").waitFor();
    expect((await page.goto('/this/page/does-not-exist'))?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await text(page, 'Did you forget to add the page to the router?').waitFor();
  });
});

describe('reviews and profile', () => {
  it('submits, edits (keyboard only) and, once approved, shows a review', async () => {
    const page = await signedInPage('reviewer@example.com', '/providers/tatum');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    expect(await page.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await page.locator('label').filter({ hasText: '4 stars' }).click();
    await page.getByLabel(/Comment/).fill('  Fast and stable for our indexer.  ');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const submitted = await toastText(page);
    expect(submitted).toContain('Review submitted');
    expect(submitted).toContain('Thank you for your review! It will be visible after approval.');
    // The provider had no reviews: the one line about the user's own review stands in for the empty-list text.
    const reviews = page.locator('#reviews');
    await reviews.getByText('Your review is waiting for a moderator’s approval.').waitFor();
    expect(await reviews.getByText(/No reviews yet/).count()).toBe(0);

    // Keyboard only: open the form, pick 3 stars with the arrow key, change the comment, submit.
    const edit = page.getByRole('button', { name: 'Edit Your Review' });
    await edit.waitFor();
    await edit.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('4');
    expect(await page.getByLabel(/Comment/).inputValue()).toBe('Fast and stable for our indexer.');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Solid, with rare hiccups.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Update Review');
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Review updated')
      .waitFor();
    expect(await toastText(page)).toContain('Your review has been updated and is pending approval.');
    // F8 moves focus to the notifications.
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="region"]')))).toBe(true);

    const admin = await signedInPage('admin@example.com', '/');
    const pending = await asAdmin<{ id: number; providerSlug: string }[]>(admin, 'GET', '/api/admin/reviews/pending');
    const mine = pending.find((r) => r.providerSlug === 'tatum')!;
    await asAdmin(admin, 'PUT', `/api/admin/reviews/${mine.id}/approve`);

    const visitor = await newPage();
    await visitor.goto('/providers/tatum');
    await visitor.getByRole('heading', { name: 'User Reviews (1)' }).waitFor();
    await text(visitor, 'Solid, with rare hiccups.').waitFor();
    await text(visitor, '(1 review)').waitFor();
    expect(await visitor.getByRole('img', { name: 'Rated 3.0 out of 5' }).count()).toBeGreaterThan(0);
  });

  it('a 401 on submit says so and sends the browser to sign in', async () => {
    const page = await signedInPage('expired@example.com', '/providers/onfinality');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const toasts = await watchToasts(page);
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/providers/'));
    await page.getByLabel('Email').waitFor();
    const shown = toasts.find((t) => t.text.includes('You need to be logged in to leave a review. Redirecting...'));
    expect(shown?.text).toContain('Unauthorized');
  });

  it('edits the profile with its messages and shows the new name', async () => {
    const page = await signedInPage('profile@example.com', '/', PHONE);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByText('Update your profile information. This will be displayed when you write reviews.').waitFor();
    expect(await dialog.getByLabel('Display Name').getAttribute('placeholder')).toBe(
      'How your name appears in reviews',
    );
    await dialog.getByText('This name will be shown with your reviews and comments.').waitFor();
    await dialog.getByLabel('Display Name').fill('x'.repeat(101));
    await dialog.getByLabel('First Name').fill('y'.repeat(51));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Display name must be 100 characters or less').waitFor();
    await dialog.getByText('First name must be 50 characters or less').waitFor();
    await e.screenshot(page, 'profile-errors-phone');

    await dialog.getByLabel('Display Name').fill('Ada Lovelace');
    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const t = await toastText(page);
    expect(t).toContain('Profile Updated');
    expect(t).toContain('Your profile has been successfully updated.');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Account menu for Ada Lovelace' }).waitFor();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
  });

  it('an admin sees the Admin Panel button, and the account menu holds it too at desktop width', async () => {
    const page = await signedInPage('admin@example.com', '/providers');
    const button = page.getByRole('banner').getByRole('link', { name: 'Admin Panel' });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe('/admin');
    await page.getByRole('button', { name: /Account menu/ }).click();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Admin Panel', 'Edit Profile', 'Logout']);
    expect(await menu.getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
  });
});
