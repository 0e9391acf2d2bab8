// The admin panel in a real browser against the real server and database: the guard, and an admin who signs
// in through the local identity provider and uses every tab end to end, checking the public site after each change.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, picture, startBrowserTest, watchToasts, type BrowserTest } from './harness.ts';

const ADMIN = 'admin@example.com';
// A valid 1×1 PNG: the server decides the type by the bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e?.close();
});

/** A fresh browser profile's page; actions wait up to a minute (CI machines are often loaded). */
async function newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await e.newPage(viewport);
  page.setDefaultTimeout(60_000);
  return page;
}

/**
 * Records every toast shown in `page`, across navigations (the signed-out toast is on screen only for the
 * 500 ms before the redirect, which a polling wait can miss on a busy machine).
 */
const recorded = new WeakMap<Page, { text: string; at: number }[]>();
/** Where the toasts of the current action start (set by press() and markToasts()). */
const marks = new WeakMap<Page, number>();
const markToasts = (page: Page) => marks.set(page, recorded.get(page)?.length ?? 0);

async function recordToasts(page: Page): Promise<{ text: string; at: number }[]> {
  const seen = await watchToasts(page);
  recorded.set(page, seen);
  return seen;
}

/**
 * Clicks a button after closing any open toast: a toast sits above dialogs at the bottom right, and Radix
 * pauses its timer while the window has no focus (as in a shared headless browser), so it may not go by itself.
 */
async function press(button: Locator) {
  // A toast may go by itself meanwhile: its close button is then gone, which is no reason to wait the page's minute.
  for (const close of await button.page().locator('.toast button[aria-label="Close"]').all())
    await close.click({ timeout: 2000 }).catch(() => {});
  markToasts(button.page());
  await button.click();
}

/** Waits for a toast holding `text` (the Toaster marks each toast with the class "toast"). */
async function toastWith(page: Page, text: string) {
  const seen = recorded.get(page);
  if (!seen) return page.locator('.toast').filter({ hasText: text }).first().waitFor();
  // Recorded toasts: only one shows at a time, so the next press's may replace it at once.
  // Polls the texts themselves, so a failure lists the toasts that did show.
  await expect
    .poll(() => seen.slice(marks.get(page) ?? 0).map((t) => t.text), { timeout: 60_000 })
    .toContainEqual(expect.stringContaining(text));
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/** A public read as the test's own client makes it: the writer's, never answered with a copy from before its writes. */
async function json<T = any>(path: string): Promise<T> {
  const res = await e.server.request(path);
  expect(res.status, path).toBe(200);
  return res.json() as Promise<T>;
}

/** Chooses `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

describe('the guard', () => {
  it('signed out: the Unauthorized toast, then the sign-in page after 500 ms', async () => {
    const page = await newPage();
    const toasts = await recordToasts(page);
    await page.goto('/admin');
    // The local identity provider's page (the Google sign-in endpoint goes there when Google is not configured).
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/admin');
    const shown = toasts.find((t) => t.text.includes('You need to be logged in to access this page. Redirecting...'));
    expect(shown?.text).toContain('Unauthorized');
    // The 500 ms delay itself is checked with a fake clock in pwa/admin/admin.test.ts (a loaded machine's timing is not).
  });

  it('a signed-in user without admin rights sees Access Denied and no admin data is requested', async () => {
    const page = await newPage();
    const adminCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin')) adminCalls.push(r.url());
    });
    await e.signIn(page, 'reader@example.com', '/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('You need admin privileges to access this page.').waitFor();
    expect(adminCalls).toEqual([]);
  });
});

describe('the guard after a signed-out visit', () => {
  it('signing in opens the panel: the restored "signed out" copy of the user is checked again first', async () => {
    const page = await newPage();
    const toasts = await recordToasts(page);
    await page.goto('/');
    // The persisted query cache now holds the signed-out answer for the next visit.
    await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('"authenticated":false')));
    await e.signIn(page, ADMIN, '/admin');
    // The guard schedules the sign-in redirect only together with its Unauthorized toast, and shows the panel only
    // on a fresh answer: a panel on screen with no such toast before it is a panel that stays.
    await page.getByRole('tablist', { name: 'Admin sections' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(toasts.filter((t) => t.text.includes('Unauthorized'))).toEqual([]);
  });
});

describe('an admin', () => {
  let context: BrowserContext;
  let page: Page;
  let toasts: { text: string; at: number }[];
  beforeAll(async () => {
    context = await e.newContext(DESKTOP);
    context.setDefaultTimeout(60_000);
    page = await context.newPage();
    toasts = await recordToasts(page);
    await e.signIn(page, ADMIN, '/admin');
    await page.getByRole('tab', { name: 'Chains', selected: true }).waitFor();
  });
  // A test that failed with a dialog open would leave the tabs behind it hidden from the next ones.
  afterEach(async () => {
    const dialogs = page.locator('[role="dialog"], [role="alertdialog"]');
    for (let i = 0; i < 3 && (await dialogs.count()); i++) await page.keyboard.press('Escape');
  });

  it('shows the ten tabs in order and keeps the open tab in the URL', async () => {
    await page.getByText('Manage chains, providers, and editorial content').waitFor();
    const tabs = await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allTextContents();
    expect(tabs).toEqual([
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
    ]);
    await openTab(page, 'Partners');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('partners');
    await page.reload();
    await page.getByRole('tab', { name: 'Partners', selected: true }).waitFor();
    // Never indexed.
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    // The page drawn in the browser keeps one title (the server's head had one already).
    expect(await page.locator('title').count()).toBe(1);
    await openTab(page, 'Chains');
  });

  it('creates a chain with its facts', async () => {
    await press(page.getByRole('button', { name: 'Add Chain' }));
    const dialog = page.getByRole('dialog', { name: 'Add Chain' });
    await press(dialog.getByRole('button', { name: 'Create Chain' }));
    await dialog.getByText('Name is required').waitFor(); // the API's own schema, checked in the browser
    await dialog.getByLabel('Name', { exact: true }).fill('Atlas Testnet');
    expect(await dialog.getByLabel('Slug').inputValue()).toBe('atlas-testnet');
    expect(await dialog.locator('#chain-color').inputValue()).toBe('#3b82f6');
    await dialog.getByLabel('Short description').fill('A network made by the admin browser test.');
    await dialog.getByLabel('EVM chain id').fill('987654321');
    await dialog.getByLabel('Currency name').fill('Atlas Ether');
    await dialog.getByLabel('Currency symbol').fill('AETH');
    await press(dialog.getByRole('button', { name: 'Add explorer' }));
    await dialog.getByLabel('Explorer 1 name').fill('Atlasscan');
    await dialog.getByLabel('Explorer 1 URL').fill('https://scan.atlas.example');
    await dialog.getByLabel('Testnet', { exact: true }).check();
    await press(dialog.getByRole('button', { name: 'Add endpoint' }));
    await dialog.getByLabel('Endpoint 1 URL').fill('wss://rpc.atlas.example/ws');
    await dialog.getByLabel('Endpoint 1 provider').selectOption({ label: 'dRPC' });
    await dialog.getByLabel('Endpoint 1 tracking').selectOption({ label: 'No tracking' });
    await dialog.getByLabel('Needs an API key').check();
    await dialog.getByLabel('SEO title').fill('x'.repeat(70));
    expect((await dialog.getByLabel('SEO title').inputValue()).length).toBe(60); // capped at 60
    await press(dialog.getByRole('button', { name: 'Create Chain' }));
    await toastWith(page, 'Chain created successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Atlas Testnet' }).waitFor();

    const chain = await json('/api/chains/atlas-testnet');
    expect(chain).toMatchObject({
      name: 'Atlas Testnet',
      color: '#3b82f6',
      evmChainId: 987654321,
      isTestnet: true,
      nativeCurrency: { name: 'Atlas Ether', symbol: 'AETH', decimals: 18 },
      explorers: [{ name: 'Atlasscan', url: 'https://scan.atlas.example' }],
      rpcEndpoints: [
        {
          url: 'wss://rpc.atlas.example/ws',
          tracking: 'none',
          needsApiKey: true,
          provider: expect.objectContaining({ name: 'dRPC' }),
        },
      ],
    });
  });

  it('refuses a duplicate slug with the server message and changes nothing', async () => {
    await press(page.getByRole('button', { name: 'Add Chain' }));
    const dialog = page.getByRole('dialog', { name: 'Add Chain' });
    await dialog.getByLabel('Name', { exact: true }).fill('Atlas Testnet');
    await press(dialog.getByRole('button', { name: 'Create Chain' }));
    await toastWith(page, 'A chain with the slug "atlas-testnet" already exists');
    await press(dialog.getByRole('button', { name: 'Cancel' }));
    const chains = await json<{ slug: string }[]>('/api/chains');
    expect(chains.filter((c) => c.slug === 'atlas-testnet')).toHaveLength(1);
  });

  it('creates a provider with an uploaded logo and chain links', async () => {
    await openTab(page, 'Providers');
    await press(page.getByRole('button', { name: 'Add Provider' }));
    const dialog = page.getByRole('dialog', { name: 'Add Provider' });
    await dialog.getByLabel('Name', { exact: true }).fill('Atlas Nodes');
    await dialog.getByLabel('Website', { exact: true }).fill('https://atlasnodes.example');
    await dialog.getByLabel('Affiliate URL').fill('https://atlasnodes.example/?ref=atlas');

    // Refused in the browser, with its message: not an image type.
    markToasts(page);
    await dialog
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toastWith(page, 'Please upload a JPG, PNG, GIF, SVG, or WebP image.');
    markToasts(page);
    await dialog.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await toastWith(page, 'Image uploaded successfully');
    const logoUrl = await dialog.locator('#provider-logoUrl').inputValue();
    expect(logoUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    await dialog.getByRole('img', { name: 'Logo preview' }).waitFor();

    await dialog.getByLabel('Filter chains to link').fill('atlas');
    await dialog.getByRole('checkbox', { name: 'Atlas Testnet' }).check();
    await dialog.getByLabel('Filter chains to link').fill('Base');
    await dialog.getByRole('checkbox', { name: 'Base', exact: true }).check();
    await dialog.getByText('2 selected').waitFor();
    await dialog.getByLabel('Featured').check();
    await press(dialog.getByRole('button', { name: 'Create Provider' }));
    await toastWith(page, 'Provider created successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Atlas Nodes' }).waitFor();

    const provider = await json('/api/providers/atlas-nodes');
    expect(provider).toMatchObject({ logoUrl, featured: true, affiliateUrl: 'https://atlasnodes.example/?ref=atlas' });
    expect(provider.chains.map((c: { slug: string }) => c.slug).sort()).toEqual(['atlas-testnet', 'base']);
    const logo = await fetch(e.url + logoUrl);
    expect(logo.headers.get('content-type')).toBe('image/png');

    // Edit: the chain links are replaced with exactly the chosen ones.
    await press(page.getByRole('button', { name: 'Edit Atlas Nodes' }));
    const edit = page.getByRole('dialog', { name: 'Edit Provider' });
    await edit.getByText('2 selected').waitFor();
    await press(edit.getByRole('button', { name: 'Remove Base' }));
    await press(edit.getByRole('button', { name: 'Update Provider' }));
    await toastWith(page, 'Provider updated successfully');
    expect((await json('/api/providers/atlas-nodes')).chains.map((c: { slug: string }) => c.slug)).toEqual([
      'atlas-testnet',
    ]);
  });

  it("edits a chain's status and parent chain; the chain page shows them", async () => {
    await openTab(page, 'Chains');
    await press(page.getByRole('button', { name: 'Edit Atlas Testnet' }));
    const dialog = page.getByRole('dialog', { name: 'Edit Chain' });
    const parent = dialog.getByLabel('Parent chain');
    expect(await parent.inputValue()).toBe(''); // "None"
    // A chain is never offered as its own parent.
    expect(await parent.locator('option').allTextContents()).not.toContain('Atlas Testnet');
    await parent.selectOption({ label: 'Ethereum Mainnet' });
    await dialog.getByLabel('Status').selectOption({ label: 'Deprecated' });
    await press(dialog.getByRole('button', { name: 'Update Chain' }));
    await toastWith(page, 'Chain updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await json('/api/chains/atlas-testnet')).toMatchObject({
      status: 'deprecated',
      parentChain: { slug: 'ethereum' },
    });

    const visitor = await newPage();
    await visitor.goto('/chains/atlas-testnet');
    const fact = (label: string) => visitor.locator(`dt:text-is("${label}") + dd`);
    await fact('Parent chain').getByRole('link', { name: 'Ethereum Mainnet' }).waitFor();
    expect(await fact('Network type').textContent()).toContain('deprecated');
    await fact('Parent chain').getByRole('link', { name: 'Ethereum Mainnet' }).click();
    await visitor.waitForURL('**/chains/ethereum');
  });

  it("adds an endpoint from the top of a chain's list: said at once; the chain's count and the provider's page show it", async () => {
    const before = await json('/api/chains/atlas-testnet');
    await openTab(page, 'Chains');
    await press(page.getByRole('button', { name: 'Edit Atlas Testnet' }));
    const dialog = page.getByRole('dialog', { name: 'Edit Chain' });
    const add = dialog.getByRole('group', { name: 'Add an endpoint' });
    await add.getByLabel('New endpoint URL').fill('https://atlas.chainstack.example');
    await add.getByLabel('New endpoint provider').selectOption({ label: 'Chainstack' });
    await press(add.getByRole('button', { name: 'Add endpoint' }));
    await toastWith(page, 'Endpoint added');
    // Listed in the form below it, so saving the chain keeps it.
    const row = dialog.getByLabel(`Endpoint ${before.rpcEndpoints.length + 1} URL`);
    expect(await row.inputValue()).toBe('https://atlas.chainstack.example');
    expect(await add.getByLabel('New endpoint URL').inputValue()).toBe('');
    const after = await json('/api/chains/atlas-testnet');
    expect(after.providerCount).toBe(before.providerCount + 1);
    await press(dialog.getByRole('button', { name: 'Update Chain' }));
    await toastWith(page, 'Chain updated successfully');
    expect((await json('/api/chains/atlas-testnet')).rpcEndpoints.map((e: { url: string }) => e.url)).toContain(
      'https://atlas.chainstack.example',
    );

    const visitor = await newPage();
    await visitor.goto('/providers/chainstack');
    await visitor.getByRole('main').getByRole('link', { name: 'Atlas Testnet' }).first().waitFor();
    await visitor.goto('/chains/atlas-testnet');
    await visitor.getByRole('heading', { name: `Atlas Testnet RPC Providers (${before.providerCount + 1})` }).waitFor();
  });

  it("edits a provider's privacy and Open Graph fields; its page and page head show them", async () => {
    await openTab(page, 'Providers');
    await press(page.getByRole('button', { name: 'Edit Atlas Nodes' }));
    const dialog = page.getByRole('dialog', { name: 'Edit Provider' });
    await dialog.getByLabel('Tracking', { exact: true }).selectOption({ label: 'No tracking' });
    await dialog.getByLabel('Privacy policy URL').fill('https://atlasnodes.example/privacy');
    const ogTitle = dialog.getByLabel('Open Graph title');
    await ogTitle.fill('x'.repeat(70));
    expect((await ogTitle.inputValue()).length).toBe(60); // capped at 60
    await ogTitle.fill('Atlas Nodes: RPC without logs');
    await dialog.getByLabel('Open Graph description').fill('Fast nodes for every Atlas chain.');
    markToasts(page);
    await dialog
      .getByLabel('Upload open graph image')
      .setInputFiles({ name: 'share.png', mimeType: 'image/png', buffer: PNG });
    await toastWith(page, 'Image uploaded successfully');
    const ogImage = await dialog.locator('#provider-ogImage').inputValue();
    expect(ogImage).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    await press(dialog.getByRole('button', { name: 'Update Provider' }));
    await toastWith(page, 'Provider updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await json('/api/providers/atlas-nodes')).toMatchObject({
      tracking: 'none',
      privacyPolicyUrl: 'https://atlasnodes.example/privacy',
      ogTitle: 'Atlas Nodes: RPC without logs',
      ogDescription: 'Fast nodes for every Atlas chain.',
      ogImage,
    });

    // What a link preview reads: the server-rendered head, the image made absolute.
    const html = await (await e.server.request('/providers/atlas-nodes')).text();
    expect(html).toContain('<meta property="og:title" content="Atlas Nodes: RPC without logs"');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="https?://[^"]+${ogImage}"`));
    // The page itself: the tracking badge, the policy link, and the same tags once the app has started.
    const visitor = await newPage();
    await visitor.goto('/providers/atlas-nodes');
    await visitor.getByRole('heading', { name: 'Atlas Nodes', level: 1 }).waitFor();
    await visitor.getByRole('main').getByText('No tracking', { exact: true }).first().waitFor();
    expect(await visitor.getByRole('link', { name: /Privacy policy/ }).getAttribute('href')).toBe(
      'https://atlasnodes.example/privacy',
    );
    expect(await visitor.locator('meta[property="og:description"]').getAttribute('content')).toBe(
      'Fast nodes for every Atlas chain.',
    );
    expect(await visitor.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
  });

  it("adds, edits, probes and removes a provider's endpoint in its dialog, each a write of its own", async () => {
    await openTab(page, 'Providers');
    await press(page.getByRole('button', { name: 'Edit Atlas Nodes' }));
    const dialog = page.getByRole('dialog', { name: 'Edit Provider' });
    await dialog.getByText('No endpoints listed.').waitFor();
    await press(dialog.getByRole('button', { name: 'Add endpoint' }));
    await dialog.getByText('Choose a chain').waitFor(); // no chain chosen yet
    await dialog.getByLabel('New endpoint chain').selectOption({ label: 'Atlas Testnet' });
    await dialog.getByLabel('New endpoint URL').fill('https://rpc.atlasnodes.example');
    await dialog.getByLabel('Tracking of new endpoint').selectOption('none');
    await press(dialog.getByRole('button', { name: 'Add endpoint' }));
    await toastWith(page, 'Endpoint added');
    const [added] = (await json('/api/providers/atlas-nodes')).rpcEndpoints;
    expect(added).toMatchObject({
      url: 'https://rpc.atlasnodes.example',
      tracking: 'none',
      chain: { slug: 'atlas-testnet' },
    });

    // Edited in place: the same id (its health history follows it).
    // The listed endpoint's own fields (the add row below has a checkbox of the same name), once it is listed.
    const listed = dialog.getByRole('list', { name: 'Provider endpoints' });
    const url = listed.getByLabel('Atlas Testnet endpoint URL');
    await url.waitFor();
    const needsKey = listed.getByRole('checkbox', { name: 'Needs an API key' });
    await needsKey.check();
    await url.fill('https://rpc2.atlasnodes.example');
    markToasts(page);
    await url.press('Enter'); // saves this endpoint, not the provider form around it
    await toastWith(page, 'Endpoint updated');
    expect((await json('/api/providers/atlas-nodes')).rpcEndpoints).toEqual([
      expect.objectContaining({ id: added.id, url: 'https://rpc2.atlasnodes.example', needsApiKey: true }),
    ]);
    // Keyed endpoints are never probed; a keyless one unreachable from here is answered, not recorded as down.
    await needsKey.uncheck();
    await press(dialog.getByRole('button', { name: 'Save endpoint' }));
    await toastWith(page, 'Endpoint updated');
    await press(dialog.getByRole('button', { name: 'Probe now' }));
    await dialog.getByRole('status').filter({ hasText: 'Not recorded' }).waitFor();
    expect((await json('/api/providers/atlas-nodes')).rpcEndpoints[0].health.status).toBe('unverified');

    await press(dialog.getByRole('button', { name: 'Remove https://rpc2.atlasnodes.example' }));
    await toastWith(page, 'Endpoint removed');
    await dialog.getByText('No endpoints listed.').waitFor();
    expect((await json('/api/providers/atlas-nodes')).rpcEndpoints).toEqual([]);
    await press(dialog.getByRole('button', { name: 'Cancel' }));
    await dialog.waitFor({ state: 'detached' });
  });

  it('writes an editorial review', async () => {
    await openTab(page, 'Editorial');
    await press(page.getByRole('button', { name: 'Write Editorial Review' }));
    const dialog = page.getByRole('dialog', { name: 'Write Editorial Review' });
    expect(await dialog.getByRole('button', { name: 'Publish Review' }).isDisabled()).toBe(true);
    await dialog.getByText('5/5').waitFor(); // default rating
    await choose(page, 'Provider', 'Atlas Nodes');
    await dialog.getByRole('radio', { name: '4 stars' }).click();
    await dialog.getByText('4/5').waitFor();
    await dialog.getByRole('textbox', { name: 'Review' }).click();
    await page.keyboard.type('Fast and honest. ');
    await press(dialog.getByRole('button', { name: 'Bold' }));
    await page.keyboard.type('Recommended.');
    await press(dialog.getByRole('button', { name: 'Publish Review' }));
    await toastWith(page, 'Editorial review created successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Atlas Nodes' }).waitFor();

    const provider = await json('/api/providers/atlas-nodes');
    expect(provider.editorialReview).toMatchObject({ rating: 4 });
    expect(provider.editorialReview.content).toContain('<strong>Recommended.</strong>');

    // Writing another one for the same provider says it replaces the first.
    await press(page.getByRole('button', { name: 'Write Editorial Review' }));
    await choose(page, 'Provider', 'Atlas Nodes');
    await page.getByRole('dialog').getByText('Publishing replaces it.').waitFor();
    await press(page.getByRole('dialog').getByRole('button', { name: 'Cancel' }));
  });

  it('approves a user review and the public rating changes', async () => {
    const reader = await newPage();
    await e.signIn(reader, 'reviewer@example.com', '/');
    const posted = await reader.request.post('/api/providers/atlas-nodes/reviews', {
      data: { rating: 2, comment: 'Slow from Europe.' },
    });
    expect(posted.status()).toBe(201);
    expect(await json('/api/providers/atlas-nodes')).toMatchObject({ totalReviews: 0 });

    await page.goto('/admin?tab=editorial');
    const pending = page.getByRole('listitem').filter({ hasText: 'Slow from Europe.' });
    await pending.waitFor();
    await press(pending.getByRole('button', { name: /^Approve/ }));
    await toastWith(page, 'Review approved successfully');
    await page.getByText('No pending reviews to approve.').waitFor();

    expect(await json('/api/providers/atlas-nodes')).toMatchObject({ averageRating: 2, totalReviews: 1 });
    const visitor = await newPage();
    await visitor.goto('/providers/atlas-nodes');
    await visitor.getByText('Slow from Europe.').waitFor();
  });

  it('creates a hotlist-inline ad that shows between the cards on /', async () => {
    await openTab(page, 'Ads');
    await press(page.getByRole('button', { name: 'Add Ad Placement' }));
    const dialog = page.getByRole('dialog', { name: 'Add Ad Placement' });
    expect(await dialog.getByRole('combobox', { name: 'Frequency' }).count()).toBe(0); // only for hotlist-inline
    await dialog.getByLabel('Name', { exact: true }).fill('E2E inline');
    await choose(page, 'Position', 'Hotlist inline');
    expect(await dialog.getByRole('combobox', { name: 'Frequency' }).textContent()).toContain(
      'After every 5 providers',
    );
    await choose(page, 'Frequency', 'After every 3 providers');
    await dialog
      .getByLabel('Ad code')
      .fill('<div class="e2e-ad">Atlas sponsored block</div><script>window.bad = 1</script>');
    await press(dialog.getByRole('button', { name: 'Create Ad' }));
    await toastWith(page, 'Ad placement created successfully');
    const row = page.getByRole('listitem').filter({ hasText: 'E2E inline' });
    await row.waitFor();
    expect(await row.locator('pre').textContent()).not.toContain('<script>'); // stored sanitised

    const visitor = await newPage();
    await visitor.goto('/');
    const ad = visitor.locator('.e2e-ad').first();
    await ad.waitFor();
    const cards = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { level: 2 }) });
    const adY = (await ad.boundingBox())!.y;
    const firstY = (await cards.first().boundingBox())!.y;
    const lastY = (await cards.last().boundingBox())!.y;
    expect(adY).toBeGreaterThan(firstY);
    expect(adY).toBeLessThan(lastY);
    expect(await visitor.evaluate(() => (window as { bad?: number }).bad)).toBeUndefined();

    // Switched off, it disappears from the public page.
    await row.getByRole('switch').click();
    await toastWith(page, 'Ad placement updated successfully');
    await visitor.reload();
    await visitor.getByRole('heading', { level: 2 }).first().waitFor();
    expect(await visitor.locator('.e2e-ad').count()).toBe(0);
  });

  it('edits the homepage intro text and it shows on /', async () => {
    await openTab(page, 'Homepage');
    const intro = page.getByRole('textbox', { name: 'Intro text (shown before the hotlist)' });
    await intro.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Welcome to the e2e hotlist.');
    // A link on the last word, through the toolbar's link popover.
    for (let i = 0; i < 'hotlist.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    const toolbar = page.getByRole('toolbar').first();
    await press(toolbar.getByRole('button', { name: 'Link' }));
    await page.getByLabel('Link URL').fill('https://example.com/hotlist');
    await press(page.getByRole('button', { name: 'Apply' }));
    // An image from uploads, into the text.
    await intro.click();
    await page.keyboard.press('End');
    markToasts(page);
    await page
      .getByLabel('Upload an image into the text')
      .first()
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await toastWith(page, 'Image uploaded successfully');
    await intro.locator('img[src^="/objects/"]').waitFor();
    await press(page.getByRole('button', { name: 'Update Homepage Content' }));
    await toastWith(page, 'Homepage content updated successfully');

    const visitor = await newPage();
    await visitor.goto('/');
    await visitor.getByText('Welcome to the e2e').waitFor();
    expect(await visitor.getByRole('link', { name: 'hotlist.' }).getAttribute('href')).toBe(
      'https://example.com/hotlist',
    );
    await visitor.locator('main img[src^="/objects/"]').first().waitFor();
    const { introText } = await json('/api/homepage');
    expect(introText).toMatch(/<a [^>]*href="https:\/\/example.com\/hotlist"[^>]*>hotlist.<\/a>/);
    expect(introText).toMatch(/<img [^>]*src="\/objects\/[0-9a-f-]{36}"/);
  });

  it("sets a tracking ID and the tag is in the public pages' HTML", async () => {
    await openTab(page, 'Tracking');
    await page.getByLabel('Google Tag Manager container ID').fill(' gtm-e2e1234 ');
    await page.getByText('GTM-E2E1234').first().waitFor(); // the snippet preview
    await press(page.getByRole('button', { name: 'Save Settings' }));
    await toastWith(page, 'Tracking settings updated successfully. Changes will be applied site-wide.');
    const html = await (await e.server.request('/providers')).text();
    expect(html).toContain('googletagmanager.com/gtm.js');
    expect(html).toContain('GTM-E2E1234');
  });

  it('exports the CSV and imports it again', async () => {
    await openTab(page, 'CSV');
    await press(page.getByRole('button', { name: 'Import CSV' }));
    await toastWith(page, 'Please select a CSV file to import.');
    markToasts(page);
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'data.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await press(page.getByRole('button', { name: 'Import CSV' }));
    await toastWith(page, 'Please select a CSV file.');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      press(page.getByRole('button', { name: 'Export CSV' })),
    ]);
    await toastWith(page, 'CSV file has been downloaded successfully.');
    expect(download.suggestedFilename()).toMatch(/^rpc-atlas-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-')), 'Export.CSV');
    await download.saveAs(file);
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\n')[0]).toContain('Type,Name,Slug');
    expect(csv).toContain('atlas-nodes');

    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByText(/^\d+\.\d{2} KB$/).waitFor(); // the size in KB to two decimals
    await press(page.getByRole('button', { name: 'Import CSV' }));
    await toastWith(page, 'Import successful');
    const chains = (await json<unknown[]>('/api/chains')).length;
    const providers = (await json<unknown[]>('/api/providers')).length;
    await toastWith(page, `Imported: ${chains} chains, ${providers} providers`);

    // A broken file: the server's reason is shown and nothing changes.
    const broken = path.join(path.dirname(file), 'broken.csv');
    writeFileSync(broken, 'Type,Name\nprovider,Nope\n');
    await page.getByLabel('CSV file').setInputFiles(broken);
    await press(page.getByRole('button', { name: 'Import CSV' }));
    await toastWith(page, 'Import failed');
    expect((await json<unknown[]>('/api/providers')).length).toBe(providers);
  });

  it('marks a contact message read', async () => {
    const sent = await fetch(`${e.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Listing update',
        message: 'Please add our new endpoint.',
      }),
    });
    expect(sent.status).toBe(201);
    await page.goto('/admin?tab=contact');
    const item = page.getByRole('listitem').filter({ hasText: 'Please add our new endpoint.' });
    await item.getByText('New', { exact: true }).waitFor();
    await press(item.getByRole('button', { name: /^Mark as Read/ }));
    await toastWith(page, 'Marked as read');
    await item.getByRole('button', { name: /^Mark as Read/ }).waitFor({ state: 'detached' });
    expect(await item.getByText('New', { exact: true }).count()).toBe(0);
  });

  it('deletes a contact message, asking first', async () => {
    const sent = await fetch(`${e.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Grace',
        email: 'grace@example.com',
        subject: 'Old news',
        message: 'Please forget this message.',
      }),
    });
    const { id } = (await sent.json()) as { id: number };
    await page.goto('/admin?tab=contact');
    const item = page.getByRole('listitem').filter({ hasText: 'Please forget this message.' });
    await press(item.getByRole('button', { name: 'Delete message from Grace' }));
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete "message from Grace"?').waitFor();
    await press(page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }));
    await toastWith(page, 'Contact message deleted');
    await item.waitFor({ state: 'detached' });
    expect(await e.server.sql`SELECT 1 FROM contact_submissions WHERE id = ${id}`).toHaveLength(0);
  });

  it('adds and deletes a partner link, asking first', async () => {
    await openTab(page, 'Partners');
    await page.getByText('No partner links yet. Add your first partner link above.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Chainlist');
    await page.getByLabel('URL', { exact: true }).fill('https://chainlist.org');
    await page.getByLabel('Order').fill('');
    await press(page.getByRole('button', { name: 'Add Partner Link' }));
    await toastWith(page, 'Partner link created successfully');
    expect(await json('/api/partner-links')).toEqual([expect.objectContaining({ name: 'Chainlist', order: 0 })]);
    await press(page.getByRole('button', { name: 'Delete Chainlist' }));
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete "Chainlist"?').waitFor();
    await press(page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }));
    await toastWith(page, 'Partner link deleted successfully');
    await page.getByText('No partner links yet. Add your first partner link above.').waitFor();
  });

  it('takes screenshots of every tab on a desktop and a phone', async () => {
    const phone = await newPage(PHONE);
    await e.signIn(phone, ADMIN, '/admin');
    for (const [viewport, p] of [
      ['desktop', page],
      ['phone', phone],
    ] as const) {
      for (const tab of [
        'chains',
        'providers',
        'editorial',
        'ads',
        'contact',
        'about',
        'homepage',
        'tracking',
        'partners',
        'csv',
      ]) {
        await p.goto(`/admin?tab=${tab}`);
        await p.getByRole('tabpanel').first().waitFor();
        await p.waitForLoadState('networkidle');
        await e.screenshot(p, `admin-${tab}-${viewport}`);
      }
    }
    // Dialogs: what the viewport shows (a full-page picture would be the page behind).
    for (const [viewport, p] of [
      ['desktop', page],
      ['phone', phone],
    ] as const) {
      await p.goto('/admin?tab=chains');
      await press(p.getByRole('button', { name: 'Edit Atlas Testnet' }));
      const dialog = p.getByRole('dialog', { name: 'Edit Chain' });
      await dialog.getByLabel('Endpoint 1 URL').scrollIntoViewIfNeeded();
      await picture(p, `admin-chain-dialog-${viewport}`, { fullPage: false });
      await p.keyboard.press('Escape');
    }
  });

  it('edits the /providers page content in the category editor', async () => {
    await page.goto('/admin?tab=providers');
    const editor = page.getByRole('tablist', { name: 'Providers page content' });
    await page.getByLabel('Page title').fill('Every RPC provider, compared');
    await editor.getByRole('tab', { name: 'SEO Meta' }).click();
    await page.getByText('Recommended length: 150-160 characters.').waitFor();
    await page.getByLabel('Meta title').fill('RPC providers compared');
    await editor.getByRole('tab', { name: 'Social Media' }).click();
    await page.getByLabel('Open Graph title').fill('All RPC providers');
    await press(page.getByRole('button', { name: 'Save Changes' }));
    await toastWith(page, 'Providers page content updated successfully');
    expect(await json('/api/category/providers')).toMatchObject({
      title: 'Every RPC provider, compared',
      metaTitle: 'RPC providers compared',
      ogTitle: 'All RPC providers',
    });
    const visitor = await newPage();
    await visitor.goto('/providers');
    await visitor.getByRole('heading', { name: 'Every RPC provider, compared' }).waitFor();
  });

  it('deletes a chain after asking', async () => {
    await page.goto('/admin?tab=chains');
    await press(page.getByRole('button', { name: 'Delete Atlas Testnet' }));
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete "Atlas Testnet"?').waitFor();
    await press(confirm.getByRole('button', { name: 'Cancel' }));
    expect((await e.server.request('/api/chains/atlas-testnet')).status).toBe(200);
    await press(page.getByRole('button', { name: 'Delete Atlas Testnet' }));
    await press(confirm.getByRole('button', { name: 'Delete' }));
    await toastWith(page, 'Chain deleted successfully');
    await page.getByRole('heading', { name: 'Atlas Testnet' }).waitFor({ state: 'detached' });
    expect((await e.server.request('/api/chains/atlas-testnet')).status).toBe(404);
  });

  it('says the panel needs a connection while offline', async () => {
    await context.setOffline(true);
    await page.getByRole('heading', { name: 'The admin panel needs a connection' }).waitFor();
    expect(await page.getByRole('tablist', { name: 'Admin sections' }).count()).toBe(0);
    await context.setOffline(false);
    await page.getByRole('tablist', { name: 'Admin sections' }).waitFor();
    expect(await page.getByRole('heading', { name: 'The admin panel needs a connection' }).count()).toBe(0);
  });

  it('a session that expired during work: the toast, then sign-in after 500 ms', async () => {
    await page.goto('/admin?tab=about');
    await page.getByRole('button', { name: 'Update About Page' }).waitFor();
    await context.clearCookies();
    const clickedAt = Date.now();
    await press(page.getByRole('button', { name: 'Update About Page' }));
    await page.getByLabel('Email').waitFor();
    // Recorded as it appeared: on a busy machine the 500 ms before the redirect can pass between two polls.
    const shown = toasts.find((t) => t.at >= clickedAt && t.text.includes('Your session has expired. Redirecting...'));
    expect(shown?.text).toContain('Unauthorized');
  });
});
