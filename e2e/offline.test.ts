// The installable offline PWA in a real Chromium: after one online visit (the service worker controlling
// the page and the directory copied into IndexedDB), the whole directory browses and searches offline;
// reviews written offline wait in the outbox and reach the server exactly once; a new build offers a
// reload; and Chromium finds the app installable.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChainWithStats } from '../contract/chains.ts';
import type { Provider } from '../contract/providers.ts';
import { OFFLINE } from '../pwa/offline/keys.ts';
import { searchDirectory } from '../pwa/offline/search.ts';
import { DIRECTORY_PATH } from '../pwa/offline/sync.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './global-setup.ts';
import { PHONE, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

let e: BrowserTest;
let providers: Provider[];
let chains: ChainWithStats[];

beforeAll(async () => {
  e = await startBrowserTest();
  providers = (await e.server.get('/api/providers')).body;
  chains = (await e.server.get('/api/chains/with-stats')).body;
});
afterAll(async () => {
  await e?.close();
});

// A context per test, closed when it ends: its service worker and sync stop with it.
const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => {});
});

async function newContext(): Promise<BrowserContext> {
  const context = await e.newContext(undefined, { serviceWorker: true });
  contexts.push(context);
  return context;
}

/**
 * Waits for the worker to install (precaching the shell) and activate, then reloads once so it controls
 * the page (registerType 'prompt' never claims a page itself). Time-limited: a worker that cannot
 * install fails here rather than hanging the test.
 */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no service worker became active within 60 s')), 60_000),
      ),
    ]),
  );
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * The first online visit, as a person makes it: open the site, the directory is copied, the worker takes
 * over. The copy is awaited before the reload so that every part is asked for once.
 */
async function visitOnce(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForSelector('html[data-sync="done"]', { timeout: 90_000 });
  await controlledByWorker(page);
  // After the reload the sync finds the copy fresh and asks nothing.
  await page.waitForSelector('html[data-sync="done"]', { timeout: 30_000 });
}

/** Requests of a context to `pathname`, as they are made. */
function requestsTo(context: BrowserContext, pathname: string): string[] {
  const seen: string[] = [];
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === pathname) seen.push(r.url());
  });
  return seen;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Providers and chains the first visit never opened (the home page shows neither's detail). */
const lastProvider = () => [...providers].sort((a, b) => b.id - a.id)[0];
const lastChainWithProviders = () => [...chains].filter((c) => c.providerCount > 0).sort((a, b) => b.id - a.id)[0];

async function pendingReviews(email: string) {
  return e.server.sql<{ slug: string; rating: number; comment: string | null }[]>`
    SELECT p.slug, r.rating, r.comment FROM user_reviews r
    JOIN users u ON u.id = r.user_id JOIN providers p ON p.id = r.provider_id
    WHERE u.email = ${email} AND r.status = 'pending' ORDER BY p.slug`;
}

/**
 * A visitor who does not linger: three full page loads, each left as soon as it has kept the data it was drawn
 * with (`<html data-page-saved>`, at the first idle moment after its load).
 */
async function briefVisit(page: Page): Promise<void> {
  for (const path of ['/', '/providers/alchemy', '/chains/ethereum']) {
    await page.goto(path);
    await page.waitForSelector('html[data-page-saved]', { timeout: 30_000 });
  }
}

/** The never-opened pages of these tests (the brief visit opens neither). */
const unopenedProvider = () => providers.find((p) => p.slug === 'chainstack')!;
const unopenedChain = () => chains.find((c) => c.slug === 'arbitrum-one')!;

/** The image inside a logo tile drew (a tile whose image failed shows the name's first letter instead). */
const logoDrawn = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('img', { name: `${name} logo` })
    .first()
    .locator('img')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    .catch(() => false);

describe('offline from the first page', () => {
  for (const signedIn of [false, true]) {
    it(`after three quick page loads ${signedIn ? 'signed in' : 'signed out'}, home, the list, a provider and a chain never opened show their data offline`, async () => {
      const context = await newContext();
      const page = await context.newPage();
      if (signedIn) await e.signIn(page, 'brief-visitor@example.com', '/about');
      const started = Date.now();
      await briefVisit(page);
      // The copy's own end: the directory saved and the worker ready to answer navigations.
      await page.waitForSelector('html[data-sync="done"]', { timeout: 60_000 });
      await page.evaluate(() => navigator.serviceWorker.ready);
      console.log(
        `[offline] three page loads to the directory saved and the worker active: ${Date.now() - started} ms`,
      );
      await context.setOffline(true);

      await page.goto('/');
      await page.getByText(`Showing ${providers.length} providers`).waitFor();
      await page.getByRole('heading', { name: 'Popular Providers' }).waitFor();
      await expect
        .poll(() => page.getByTestId('offline-banner').innerText())
        .toMatch(/^You're offline — showing data saved (just now|1 minute ago)$/);
      if (signedIn) await page.getByRole('button', { name: /^Account menu for brief-visitor/ }).waitFor();

      await page.goto('/providers');
      await heading(page, 'All RPC Providers').waitFor();
      await page.getByRole('link', { name: providers[0].name }).first().waitFor();

      const provider = unopenedProvider();
      await page.goto(`/providers/${provider.slug}`);
      await heading(page, provider.name).waitFor();

      const chain = unopenedChain();
      const chainProviders = (await e.server.get<Provider[]>(`/api/providers/by-chain/${chain.id}`)).body;
      await page.goto(`/chains/${chain.slug}`);
      await heading(page, chain.name).waitFor();
      await page.getByRole('link', { name: chainProviders[0].name }).first().waitFor();
      // The shipped chain icons are part of the offline copy: this one was never shown online.
      await expect.poll(() => logoDrawn(page, chain.name)).toBe(true);
      if (!signedIn) {
        await e.screenshot(page, 'offline-unopened-chain-desktop');
        await page.setViewportSize(PHONE);
        await e.screenshot(page, 'offline-unopened-chain-phone');
        await page.goto('/');
        await page.getByText(`Showing ${providers.length} providers`).waitFor();
        await e.screenshot(page, 'offline-home-phone');
      }
    });
  }

  it('a copy cut short: the pages shown and the parts stored work offline, the rest says so in the frame; then it resumes', async () => {
    const context = await newContext();
    const directoryRequests = requestsTo(context, DIRECTORY_PATH);
    // The connection gives out after the directory's first part (the lists).
    const cut = (url: URL) => url.pathname === DIRECTORY_PATH && url.searchParams.get('part') !== '0';
    await context.route(cut, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await briefVisit(page);
    await page.waitForSelector('html[data-sync="paused"][data-sync-progress^="1/"]', { timeout: 60_000 });
    const parts = Number((await page.getAttribute('html', 'data-sync-progress'))!.split('/')[1]);
    expect(parts).toBeGreaterThan(2);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);

    // Shown online: drawn from what those pages kept.
    await page.goto('/');
    await page.getByText(`Showing ${providers.length} providers`).waitFor();
    // How far the copy got, where the offline state shows.
    await expect
      .poll(() => page.getByTestId('offline-banner').innerText())
      .toBe(
        `You're offline — showing data saved just now; ${Math.floor(100 / parts)}% of the directory is saved, the rest once you are back online`,
      );
    for (const path of ['/providers/alchemy', '/chains/ethereum']) {
      const slug = path.split('/')[2];
      await page.goto(path);
      await heading(page, [...providers, ...chains].find((x) => x.slug === slug)!.name).waitFor();
    }
    // The lists came in the first part: the provider list works though never opened.
    await page.goto('/providers');
    await heading(page, 'All RPC Providers').waitFor();

    // Never opened and not copied yet: said in the site's frame, with a way back.
    const provider = unopenedProvider();
    await page.goto(`/providers/${provider.slug}`);
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: 'This page is not saved on this device' }).waitFor();
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await page.getByRole('banner').waitFor();
    await page.getByTestId('offline-banner').waitFor();
    await e.screenshot(page, 'offline-unsaved-page-desktop');
    await alert.getByRole('link', { name: 'Back to the Hotlist' }).click();
    await page.getByText(`Showing ${providers.length} providers`).waitFor();

    // A reload (still offline), then the connection is back: the copy resumes at the second part, the first is
    // never asked for again.
    await page.reload();
    await page.getByText(`Showing ${providers.length} providers`).waitFor();
    await context.unroute(cut);
    const before = directoryRequests.length;
    await context.setOffline(false);
    await page.waitForSelector('html[data-sync="done"]', { timeout: 60_000 });
    const resumed = directoryRequests.slice(before).map((url) => new URL(url).searchParams.get('part'));
    expect(resumed).toEqual(Array.from({ length: parts - 1 }, (_, i) => String(i + 1)));
  });
});

describe('offline directory', () => {
  it('after one online visit, every page renders its data offline: home, lists, a provider and a chain never opened', async () => {
    const context = await newContext();
    const directoryRequests = requestsTo(context, DIRECTORY_PATH);
    const provider = lastProvider();
    const providerRequests = requestsTo(context, `/api/providers/${provider.slug}`);
    const chain = lastChainWithProviders();
    const chainProvidersRequests = requestsTo(context, `/api/providers/by-chain/${chain.id}`);
    const page = await context.newPage();
    const started = Date.now();
    await visitOnce(page);
    const syncMs = Date.now() - started;
    // The whole directory came in its parts, each asked for once; no provider was fetched on its own.
    const parts = (await e.server.get<{ parts: number }>(`${DIRECTORY_PATH}?part=0`)).body.parts;
    expect(directoryRequests).toEqual(Array.from({ length: parts }, (_, i) => `${e.url}${DIRECTORY_PATH}?part=${i}`));
    expect(providerRequests).toEqual([]);
    expect(chainProvidersRequests).toEqual([]);
    // Said once per device, at the next page opened once the copy is complete and a worker is active: not on a page
    // load that finds the copy made, where the router's first resolve of the page comes.
    const readyToast = page.getByText('Ready to work offline', { exact: true });
    await page.goto('/chains/ethereum');
    await page.waitForSelector('html[data-sync="done"]');
    await whenSettled(page);
    expect(await readyToast.count()).toBe(0);
    await page.locator('footer a[href="/chains"]').first().click();
    await readyToast.waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), OFFLINE.offlineReadyAnnouncedKey)).not.toBeNull();

    await context.setOffline(true);
    await page.goto('/');
    await expect.poll(() => page.getByTestId('offline-indicator').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('offline-banner').innerText())
      .toMatch(/^You're offline — showing data saved (just now|1 minute ago)$/);
    await expect.poll(() => page.getByText(`Showing ${providers.length} providers`).isVisible()).toBe(true);

    await page.goto('/providers');
    await heading(page, 'All RPC Providers').waitFor();
    await page.getByRole('link', { name: providers[0].name }).first().waitFor();

    await page.goto('/chains');
    await heading(page, 'All Blockchain Networks').waitFor();
    await page.getByRole('link', { name: chains[0].name }).first().waitFor();

    await page.goto(`/providers/${provider.slug}`);
    await heading(page, provider.name).waitFor();
    await page.getByText(provider.description).first().waitFor();

    // The chain's providers are not in the copy: derived from the saved provider list.
    const chainProviders = (await e.server.get<Provider[]>(`/api/providers/by-chain/${chain.id}`)).body;
    await page.goto(`/chains/${chain.slug}`);
    await heading(page, chain.name).waitFor();
    for (const p of [chainProviders[0], chainProviders.at(-1)!])
      await page.getByRole('link', { name: p.name }).first().waitFor();
    console.log(`[offline] first visit to a controlled page with the directory copied: ${syncMs} ms`);
  });

  it('copies in one tab at a time: a tab finding the sync lock taken leaves the copy to the tab holding it', async () => {
    const context = await newContext();
    const directoryRequests = requestsTo(context, DIRECTORY_PATH);
    // Another tab of the site holds the lock (as a tab copying the directory does).
    const other = await context.newPage();
    await other.goto('/robots.txt');
    await other.evaluate(
      (name) =>
        new Promise<void>((granted) => {
          void navigator.locks.request(name, () => {
            granted();
            return new Promise<void>((release) => {
              (window as unknown as { releaseLock: () => void }).releaseLock = release;
            });
          });
        }),
      OFFLINE.syncLockName,
    );

    const page = await context.newPage();
    await page.goto('/');
    await page.waitForSelector('html[data-sync="other-tab"]', { timeout: 30_000 });
    expect(directoryRequests).toEqual([]);

    // The lock is free again: the next start copies the directory.
    await other.evaluate(() => (window as unknown as { releaseLock: () => void }).releaseLock());
    await page.reload();
    await page.waitForSelector('html[data-sync="done"]', { timeout: 90_000 });
    const parts = (await e.server.get<{ parts: number }>(`${DIRECTORY_PATH}?part=0`)).body.parts;
    expect(directoryRequests).toHaveLength(parts);
  });

  it('search, the chain filter and the sorts work offline with the same results as online', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await visitOnce(page);
    await context.setOffline(true);

    // The hotlist's chain filter and search (client-side over the saved provider list).
    const chain = lastChainWithProviders();
    const onChain = providers.filter((p) => p.chainIds.includes(chain.id));
    await page.goto(`/?chain=${chain.id}`);
    await page
      .getByText(`Showing ${onChain.length === 1 ? '1 provider' : `${onChain.length} providers`}`)
      .first()
      .waitFor();
    const term = providers[1].name.slice(0, 4).toLowerCase();
    await page.getByRole('searchbox', { name: 'Search providers' }).fill(term);
    await expect.poll(() => page.locator('[aria-live="polite"]').first().innerText()).toContain(`matching “${term}”`);

    // /search answers from the local search: the same results, in the same order, as the server's answer.
    for (const q of ['eth', 'node']) {
      const online = (await e.server.get(`/api/search?q=${q}`)).body as {
        providers: Provider[];
        chains: ChainWithStats[];
      };
      const total = online.providers.length + online.chains.length;
      await page.goto(`/search?q=${q}`);
      await page.getByText(`Found ${total} results`).waitFor();
      expect(await page.locator('section[aria-labelledby="search-providers"] h3').allTextContents()).toEqual(
        online.providers.map((p) => p.name),
      );
      expect(await page.locator('section[aria-labelledby="search-chains"] h3').allInnerTexts()).toEqual(
        online.chains.map((c) => c.name),
      );
    }
  });

  it("the local search gives the server's results for many terms (same matching, same order)", async () => {
    const terms = [
      '',
      ' ',
      'a',
      'E',
      'eth',
      'ETH',
      'node',
      'rpc',
      'main',
      'test',
      'polygon',
      'chain',
      'l2',
      '%',
      '_',
      'zz-none',
      'Base',
      'api',
      'free',
      'x',
    ];
    for (const q of terms) {
      const online = (await e.server.get(`/api/search?q=${encodeURIComponent(q)}`)).body as {
        providers: Provider[];
        chains: ChainWithStats[];
      };
      const offline = searchDirectory(providers, chains, q);
      expect(
        offline.providers.map((p) => p.slug),
        `providers for "${q}"`,
      ).toEqual(online.providers.map((p) => p.slug));
      expect(
        offline.chains.map((c) => c.slug),
        `chains for "${q}"`,
      ).toEqual(online.chains.map((c) => c.slug));
    }
  });
});

async function writeReview(page: Page, slug: string, stars: number, comment: string) {
  await page.goto(`/providers/${slug}`);
  await page.getByRole('button', { name: 'Write a Review' }).click();
  await page
    .locator('label')
    .filter({ hasText: `${stars} stars` })
    .click();
  await page.getByLabel(/^Comment/).fill(comment);
  await page.getByRole('button', { name: 'Submit Review' }).click();
}

async function lastToast(page: Page): Promise<string> {
  const region = page.getByRole('region', { name: /Notifications/ });
  await region.locator('li').first().waitFor();
  return region.locator('li').first().innerText();
}

const pendingCard = (page: Page) => page.getByRole('region', { name: 'Your review waiting to be sent' });

async function idempotencyKeys(email: string): Promise<number> {
  const [row] = await e.server.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM idempotency_keys k JOIN users u ON u.id = k.user_id WHERE u.email = ${email}`;
  return row.n;
}

describe('review outbox', () => {
  it('a review written offline is queued, shown as pending, survives a reload offline and arrives once when back online', async () => {
    const email = 'offline-reviewer@example.com';
    const provider = lastProvider();
    const context = await newContext();
    const page = await context.newPage();
    await e.signIn(page, email, '/');
    await visitOnce(page);

    await context.setOffline(true);
    await writeReview(page, provider.slug, 3, 'Written on a plane');
    expect(await lastToast(page)).toContain('Review queued');
    await pendingCard(page).waitFor();
    expect(await pendingCard(page).getAttribute('data-outbox-state')).toBe('queued');
    expect(await pendingCard(page).innerText()).toContain('Written on a plane');
    expect(await page.getByTestId('outbox-badge').innerText()).toContain('1');

    await page.reload();
    await pendingCard(page).waitFor();
    expect(await pendingCard(page).innerText()).toContain("You're offline. It will be sent when you're back online.");
    expect(await page.getByTestId('outbox-badge').getAttribute('aria-label')).toBe('1 review waiting to be sent');
    expect(await pendingReviews(email)).toEqual([]);

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await context.setOffline(false);
    await pendingCard(page).waitFor({ state: 'detached' });
    expect(await lastToast(page)).toContain('Review sent');
    await page.getByTestId('outbox-badge').waitFor({ state: 'detached' });
    expect(await pendingReviews(email)).toEqual([{ slug: provider.slug, rating: 3, comment: 'Written on a plane' }]);
    expect(posts).toHaveLength(1);
    expect(await idempotencyKeys(email)).toBe(1);
    // The form now edits the review the server holds.
    await page.getByRole('button', { name: 'Edit Your Review' }).waitFor();
  });

  it('two reviews queued for two providers both arrive, once each', async () => {
    const email = 'two-reviews@example.com';
    const [a, b] = [...providers].sort((x, y) => y.id - x.id).slice(1, 3);
    const context = await newContext();
    const page = await context.newPage();
    await e.signIn(page, email, '/');
    await visitOnce(page);

    await context.setOffline(true);
    await writeReview(page, a.slug, 5, 'First, offline');
    await pendingCard(page).waitFor();
    await writeReview(page, b.slug, 2, 'Second, offline');
    await pendingCard(page).waitFor();
    expect(await page.getByTestId('outbox-badge').getAttribute('aria-label')).toBe('2 reviews waiting to be sent');

    await context.setOffline(false);
    await page.getByTestId('outbox-badge').waitFor({ state: 'detached' });
    expect(await pendingReviews(email)).toEqual(
      [
        { slug: a.slug, rating: 5, comment: 'First, offline' },
        { slug: b.slug, rating: 2, comment: 'Second, offline' },
      ].sort((x, y) => x.slug.localeCompare(y.slug)),
    );
    expect(await idempotencyKeys(email)).toBe(2);
  });

  it('a review whose answer is lost on the network is queued and replayed with its key: applied once', async () => {
    const email = 'lost-answer@example.com';
    const provider = [...providers].sort((x, y) => y.id - x.id)[3];
    const context = await newContext();
    const page = await context.newPage();
    await e.signIn(page, email, '/');
    await visitOnce(page);

    // The first POST reaches the server, which applies it; the answer never comes back.
    const answers: string[] = [];
    await page.route('**/api/providers/*/reviews', async (route) => {
      const res = await route.fetch();
      answers.push(`${res.status()} replayed=${res.headers()['idempotent-replayed'] ?? 'no'}`);
      if (answers.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response: res });
    });
    await writeReview(page, provider.slug, 4, 'Answer lost once');
    expect(await lastToast(page)).toContain('Review queued');
    expect(await pendingReviews(email)).toEqual([{ slug: provider.slug, rating: 4, comment: 'Answer lost once' }]);

    // The outbox retries after its backoff (5 s) with the same Idempotency-Key: the server only replays.
    await pendingCard(page).waitFor({ state: 'detached', timeout: 30_000 });
    expect(answers).toEqual(['201 replayed=no', '201 replayed=true']);
    expect(await pendingReviews(email)).toHaveLength(1);
    expect(await idempotencyKeys(email)).toBe(1);
  });
});

/** What this browser profile holds that could name a user: the saved query cache, the outbox, Cache Storage. */
/** In the saved query cache once the signed-out user's answer has been saved. */
const SIGNED_OUT = '"authenticated":false';

async function deviceData(page: Page) {
  return page.evaluate(
    async ({ queryCacheKey, databaseName }) => {
      const outbox = await new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(databaseName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve(all.result);
        };
      });
      const cached: { url: string; text: string }[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
          cached.push({ url: request.url, text: await (await cache.match(request))!.text() });
      }
      return { queryCache: localStorage.getItem(queryCacheKey) ?? '', outbox, cached };
    },
    { queryCacheKey: OFFLINE.queryCacheKey, databaseName: OFFLINE.databaseName },
  );
}

/** The provider page's upvote button (its name: "Upvote {name}: N upvotes"). */
const upvote = (page: Page, name: string) =>
  page
    .getByRole('group', { name: `Votes for ${name}` })
    .getByRole('button')
    .first();

/** The header's account button: the local sign-in names a user after their e-mail's local part. */
const accountButton = (page: Page, email: string) =>
  page.getByRole('button', { name: `Account menu for ${email.split('@')[0]}` });

async function openAccountMenu(page: Page, email: string) {
  await accountButton(page, email).click();
}

/** A signed-in visitor who has saved the directory and upvoted a provider (…/votes/mine is then in the saved cache). */
async function signInAndUpvote(email: string, provider: Provider): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await e.signIn(page, email, '/');
  await visitOnce(page);
  await page.goto(`/providers/${provider.slug}`);
  await upvote(page, provider.name).click();
  await expect.poll(() => upvote(page, provider.name).getAttribute('aria-pressed')).toBe('true');
  return page;
}

describe('private data on a shared device', () => {
  it("logout asks about unsent reviews, then deletes the user's saved cache and outbox; Cache Storage holds nothing of them; Back shows no trace", async () => {
    const email = 'shared-laptop@example.com';
    const provider = [...providers].sort((x, y) => y.id - x.id)[5];
    // A vote (…/votes/mine), the review form (…/reviews/mine) and a review whose send fails: it waits in the outbox.
    const page = await signInAndUpvote(email, provider);
    await page.route('**/api/providers/*/reviews', (route) => route.abort('internetdisconnected'));
    await writeReview(page, provider.slug, 2, 'Private words on a shared laptop');
    await pendingCard(page).waitFor();
    await expect.poll(async () => (await deviceData(page)).queryCache).toContain('/api/votes/mine');
    const before = await deviceData(page);
    expect(before.queryCache).toContain(email);
    expect(before.outbox).toHaveLength(1);

    await openAccountMenu(page, email);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: '1 review not sent yet' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(provider.name);
    // Staying keeps everything.
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    expect((await deviceData(page)).outbox).toHaveLength(1);

    await openAccountMenu(page, email);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/'),
      page
        .getByRole('dialog', { name: '1 review not sent yet' })
        .getByRole('button', { name: 'Log out and delete' })
        .click(),
    ]);
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    // Once the signed-out page's answers are saved, what is saved names no one.
    await expect.poll(async () => (await deviceData(page)).queryCache).toContain(SIGNED_OUT);
    const after = await deviceData(page);
    expect(after.queryCache).not.toContain('/mine');
    // The precached scripts name the "/mine" paths themselves; no text anywhere names the user or their review.
    for (const text of [after.queryCache, ...after.cached.map((c) => c.text)]) {
      expect(text).not.toContain(email);
      expect(text).not.toContain('Private words');
    }
    expect(after.outbox).toEqual([]);
    expect(after.cached.filter((c) => new URL(c.url).pathname.startsWith('/api/'))).toEqual([]);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: provider.name }).waitFor();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.content()).not.toContain(email);
    expect(await pendingCard(page).count()).toBe(0);
  });

  it('a session ended elsewhere: the next start online shows and keeps nothing of the previous user', async () => {
    const email = 'expired-session@example.com';
    const provider = [...providers].sort((x, y) => y.id - x.id)[6];
    const page = await signInAndUpvote(email, provider);
    await expect.poll(async () => (await deviceData(page)).queryCache).toContain('/api/votes/mine');

    // The session ends on the server (expired, or logged out on another device).
    await e.server.sql`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ${email})`;
    await page.reload();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await upvote(page, provider.name).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await deviceData(page)).queryCache).toContain(SIGNED_OUT);
    const after = await deviceData(page);
    expect(after.queryCache).not.toContain(email);
    expect(after.queryCache).not.toContain('/mine');
  });

  it('logging out in one tab signs out the other open tabs, which then save nothing of the user', async () => {
    const email = 'two-tabs@example.com';
    const context = await newContext();
    const page = await context.newPage();
    await e.signIn(page, email, '/');
    await visitOnce(page);
    const other = await context.newPage();
    await other.goto('/providers');
    await accountButton(other, email).waitFor();

    await openAccountMenu(page, email);
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/'),
      page.getByRole('menuitem', { name: 'Logout' }).click(),
    ]);
    await other.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await accountButton(other, email).count()).toBe(0);
    await expect.poll(async () => (await deviceData(other)).queryCache).toContain(SIGNED_OUT);
    expect((await deviceData(other)).queryCache).not.toContain(email);
  });
});

describe('offline, what needs the network answers in the app', () => {
  const offlineToast = async (page: Page, what: string) => {
    expect(await lastToast(page)).toContain(
      `You're offline\n${what} needs a connection. Try again when you are back online.`,
    );
  };

  it("signing in and voting (signed out), then the admin panel and logout (signed in as admin): a toast, never the browser's error page", async () => {
    const provider = lastProvider();
    const context = await newContext();
    const page = await context.newPage();
    await visitOnce(page);
    await context.setOffline(true);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await offlineToast(page, 'Signing in');
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.goto(`/providers/${provider.slug}`);
    await upvote(page, provider.name).click();
    await offlineToast(page, 'Signing in');
    expect(new URL(page.url()).pathname).toBe(`/providers/${provider.slug}`);

    await context.setOffline(false);
    await e.signIn(page, 'admin@example.com', '/');
    await page.goto('/');
    // An offline start shows the user the saved cache names: wait until it names the admin (the persister is throttled).
    await expect.poll(async () => (await deviceData(page)).queryCache).toContain('admin@example.com');
    await context.setOffline(true);
    await page.goto('/');
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await offlineToast(page, 'The admin panel');
    expect(new URL(page.url()).pathname).toBe('/');

    await openAccountMenu(page, 'admin@example.com');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await offlineToast(page, 'Logging out');
    expect(new URL(page.url()).pathname).toBe('/');
    await accountButton(page, 'admin@example.com').waitFor();
  });
});

/**
 * A pass-through proxy in front of the test server that can "deploy a new build": from then on it serves
 * /sw.js changed by one comment, which is what a new build looks like to the browser (the worker script's
 * bytes differ). Playwright's routing does not see the browser's own worker-update fetches, hence a proxy.
 */
async function deployProxy(target: string) {
  let newBuild = '';
  const server = http.createServer((req, res) => {
    const swap = newBuild !== '' && req.url === '/sw.js';
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: new URL(target).host };
    // The swapped script is edited as text: ask for it uncompressed and unconditionally.
    if (swap) for (const h of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[h];
    const upstream = http.request(target + req.url, { method: req.method, headers }, (up) => {
      if (!swap) {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const { 'content-length': _length, etag: _etag, ...rest } = up.headers;
        res.writeHead(up.statusCode!, rest);
        res.end(Buffer.concat(chunks).toString('utf8') + newBuild);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deployNewBuild: () => {
      newBuild = `\n// build ${Date.now()}\n`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('updates and installability', () => {
  it('offers "Reload" when a new build is deployed, and the new worker takes over after it', async () => {
    const proxy = await deployProxy(e.url);
    try {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(`${proxy.url}/`);
      await controlledByWorker(page);
      expect(await page.getByRole('dialog', { name: 'A new version is available' }).count()).toBe(0);

      proxy.deployNewBuild();
      // The user comes back: the navigation makes the browser check the worker script and install the new one.
      await page.reload();
      const prompt = page.getByRole('dialog', { name: 'A new version is available' });
      await prompt.waitFor({ timeout: 30_000 });
      const before = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null,
      );
      expect(before).toBe(true);

      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())!.waiting === null);
      expect(await page.getByRole('dialog', { name: 'A new version is available' }).count()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it("meets Chromium's installability checks: a valid manifest, drawn icons and a controlling service worker", async () => {
    // Chromium answers "in-incognito" for any non-persistent profile (every shared-browser context is
    // one) and then checks nothing else, so this test runs its own Chromium on a throwaway profile.
    const profile = mkdtempSync(path.join(tmpdir(), 'rpc-atlas-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: e.url,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await controlledByWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { errors, data } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data!) as {
        name: string;
        short_name: string;
        display: string;
        start_url: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'RPC Atlas',
        short_name: 'RPC Atlas',
        display: 'standalone',
        start_url: '/',
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
      });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const res = await e.server.request(icon.src);
        expect(res.headers.get('content-type')).toBe('image/png');
        // PNG header: width and height as declared.
        const png = Buffer.from(await res.arrayBuffer());
        const [w, h] = icon.sizes.split('x').map(Number);
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, h]);
      }
      console.log(
        `[offline] Chromium installability errors: ${installabilityErrors.length} (Page.getInstallabilityErrors)`,
      );
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('measurements', () => {
  it('the directory copy: from the first page load to every part stored, unthrottled and at 4× CPU with fast 3G', async () => {
    const figures: string[] = [];
    for (const throttled of [false, true]) {
      const context = await newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (throttled) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        // Lighthouse's fast 3G: 150 ms, 1.6 Mbit/s down, 750 kbit/s up.
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
      }
      await page.goto('/');
      await page.waitForSelector('html[data-sync="done"]', { timeout: 180_000 });
      const ms = await page.evaluate(
        () => performance.now() - performance.timing.loadEventEnd + performance.timing.navigationStart,
      );
      const load = await page.evaluate(() => performance.timing.loadEventEnd - performance.timing.navigationStart);
      figures.push(
        `${throttled ? '4× CPU, fast 3G' : 'unthrottled'}: load event ${Math.round(load)} ms, copy stored ${Math.round(ms)} ms after it`,
      );
    }
    console.log(`[offline] directory copy: ${figures.join('; ')}`);
  });

  it('offline repeat visit: time to first content, and the size of the saved directory', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await visitOnce(page);
    await page.goto('/');
    await page.getByText(`Showing ${providers.length} providers`).waitFor();
    const onlineFcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    await context.setOffline(true);

    const started = Date.now();
    await page.goto('/');
    await page.getByText(`Showing ${providers.length} providers`).waitFor();
    const listMs = Date.now() - started;
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);

    const provider = lastProvider();
    const detailStarted = Date.now();
    await page.goto(`/providers/${provider.slug}`);
    await heading(page, provider.name).waitFor();
    const detailMs = Date.now() - detailStarted;

    const saved = await page.evaluate(
      (name) =>
        new Promise<{ paths: string[]; count: number; jsonBytes: number }>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('responses').objectStore('responses').getAll();
            all.onsuccess = () =>
              resolve({
                paths: all.result.map((r: { path: string }) => r.path),
                count: all.result.length,
                jsonBytes: JSON.stringify(all.result).length,
              });
          };
        }),
      OFFLINE.databaseName,
    );
    const estimate = await page.evaluate(async () => {
      const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: Record<string, number> };
      return { usage: e.usage ?? 0, details: e.usageDetails ?? {} };
    });

    // Every answer of the directory (every list, every provider and chain), and the parts of the chains' summary the
    // pages read (offline, a part not saved is chosen from the whole summary); nothing else.
    const directory = (await e.server.get<{ responses: Record<string, unknown> }>(DIRECTORY_PATH)).body;
    const whole = saved.paths.filter((path) => !path.startsWith('/api/chains/summary?'));
    expect(whole.sort()).toEqual(Object.keys(directory.responses).sort());
    expect(whole.length).toBe(18 + providers.length + chains.length);
    expect(listMs).toBeLessThan(5000);
    const kb = (n: number | undefined) => `${Math.round((n ?? 0) / 1024)} KB`;
    const ms = (n: number | null) => (n === null ? 'n/a' : `${Math.round(n)} ms`);
    console.log(
      [
        `[offline] repeat visit online: first contentful paint ${ms(onlineFcp)}`,
        `[offline] repeat visit offline: first contentful paint ${ms(fcp)}, hotlist with all ${providers.length} providers ${listMs} ms, unvisited provider page ${detailMs} ms`,
        `[offline] saved directory: ${saved.count} answers, ${kb(saved.jsonBytes)} of JSON`,
        `[offline] navigator.storage.estimate: total ${kb(estimate.usage)} (IndexedDB ${kb(estimate.details.indexedDB)}, Cache Storage ${kb(estimate.details.caches)}, service worker ${kb(estimate.details.serviceWorkerRegistrations)})`,
      ].join('\n'),
    );
  });
});
