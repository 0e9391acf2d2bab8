// Browser tests of what makes the directory look like the real thing: chain icons (and the letter tile when an
// image fails), and "Add to wallet" without a wallet, with several EIP-6963 wallets and per endpoint row.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainDetail } from '../contract/chains.ts';
import { DESKTOP, holdAppScripts, PHONE, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

let e: BrowserTest;
let base: ChainDetail;

beforeAll(async () => {
  e = await startBrowserTest();
  base = (await e.server.get('/api/chains/base')).body;
});
afterAll(async () => {
  await e?.close();
});

const main = (page: Page) => page.locator('main');
/** The page's own logo (its header comes first in main). */
const pageLogo = (page: Page, name: string) =>
  main(page)
    .getByRole('img', { name: `${name} logo` })
    .first();

/** Whether every <img> shown on the page drew its picture (none is a broken image). */
const brokenImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((i) => i.complete && i.naturalWidth === 0 && i.getClientRects().length > 0)
      .map((i) => i.src),
  );

/**
 * Wallets announced the EIP-6963 way by an init script (as wallet extensions do at document start): each records
 * the requests it receives in window.__walletCalls[name].
 */
async function withWallets(context: BrowserContext, names: string[], icons: string[] = []) {
  await context.addInitScript(
    ([walletNames, walletIcons]: string[][]) => {
      const calls: Record<string, unknown[]> = {};
      (window as unknown as { __walletCalls: typeof calls }).__walletCalls = calls;
      const details = walletNames.map((name, i) => {
        calls[name] = [];
        const icon =
          walletIcons[i] ??
          `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="hsl(${i * 120} 70% 50%)"/></svg>`)}`;
        return Object.freeze({
          info: Object.freeze({
            uuid: `00000000-0000-4000-8000-00000000000${i}`,
            name,
            icon,
            rdns: `example.wallet${i}`,
          }),
          provider: {
            request: async (args: unknown) => {
              calls[name].push(args);
              return null;
            },
          },
        });
      });
      const announce = () =>
        details.forEach((detail) => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    [names, icons],
  );
}

type WalletCall = { method: string; params: { chainId: string; rpcUrls: string[] }[] };
const walletCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __walletCalls: Record<string, WalletCall[]> }).__walletCalls);

/** Base's endpoints a wallet can use: keyless https ones, by privacy (none, limited, unspecified, tracking), else in dataset order. */
function rankedKeylessHttps(chain: ChainDetail): string[] {
  const privacy = ['none', 'limited', 'unspecified', 'yes'];
  return chain.rpcEndpoints
    .filter((x) => !x.needsApiKey && !x.url.includes('${') && x.url.startsWith('https://'))
    .map((x, i) => ({ url: x.url, rank: privacy.indexOf(x.tracking) * 10_000 + i }))
    .sort((a, b) => a.rank - b.rank)
    .map((x) => x.url);
}

describe('chain icons', () => {
  it("a mapped chain's page shows its icon, and it loads", async () => {
    expect(base.iconUrl).toBe('/chain-icons/base.svg');
    const page = await e.newPage();
    await page.goto('/chains/base');
    const icon = pageLogo(page, 'Base').locator('img');
    await expect
      .poll(() => icon.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await icon.getAttribute('src')).toBe('/chain-icons/base.svg');
    expect(await icon.getAttribute('width')).toBe('64');
    await whenSettled(page);
    expect(await brokenImages(page)).toEqual([]);
  });

  it('a logo that fails to load, even before the app has hydrated, shows the letter tile', async () => {
    const page = await e.newPage();
    await page.route('**/chain-icons/base.svg', (route) => route.fulfill({ status: 404, body: 'gone' }));
    const release = await holdAppScripts(page);
    await page.goto('/chains/base', { waitUntil: 'domcontentloaded' });
    // The server's page: the icon fails while no script listens, and draws no broken-image icon (empty alt).
    const img = page.locator('main img[src="/chain-icons/base.svg"]').first();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete)).toBe(true);
    expect(await img.getAttribute('alt')).toBe('');
    release();
    await whenSettled(page);
    const tile = pageLogo(page, 'Base');
    expect(await tile.innerText()).toBe('B');
    expect(await tile.locator('img').count()).toBe(0);
    expect(await brokenImages(page)).toEqual([]);
  });
});

describe('add to wallet', () => {
  it('without a wallet, the button is there and says how to get one', async () => {
    const page = await e.newPage();
    await page.goto('/chains/base');
    await whenSettled(page);
    await page.getByRole('button', { name: 'Add to wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Base to a wallet' });
    expect(await dialog.innerText()).toContain('Install a browser wallet such as MetaMask to add Base.');
  });

  it('with two EIP-6963 wallets, the visitor picks one, which alone gets the ranked keyless https endpoints', async () => {
    const context = await e.newContext();
    await withWallets(context, ['First Wallet', 'Second Wallet']);
    const page = await context.newPage();
    await page.goto('/chains/base');
    await whenSettled(page);
    await page.getByRole('button', { name: 'Add to wallet' }).click();
    const picker = page.getByRole('dialog', { name: 'Add Base to a wallet' });
    await picker.getByRole('list', { name: 'Your wallets' }).waitFor(); // the chooser's code loads as it opens
    expect(await picker.getByRole('list', { name: 'Your wallets' }).getByRole('button').allInnerTexts()).toEqual([
      'First Wallet',
      'Second Wallet',
    ]);
    // Each wallet's own (data:) icon is drawn.
    await expect
      .poll(() => picker.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.map((i) => i.naturalWidth > 0)))
      .toEqual([true, true]);
    await picker.getByRole('button', { name: 'Second Wallet' }).click();
    await page.locator('li.toast', { hasText: 'Network added' }).waitFor();

    const calls = await walletCalls(page);
    expect(calls['First Wallet']).toEqual([]);
    expect(calls['Second Wallet']).toHaveLength(1);
    const [call] = calls['Second Wallet'];
    expect(call.method).toBe('wallet_addEthereumChain');
    expect(call.params[0].chainId).toBe('0x2105');
    const expected = rankedKeylessHttps(base);
    expect(expected.length).toBeGreaterThan(5);
    expect(call.params[0].rpcUrls).toEqual(expected);
  });

  it('an endpoint row adds that endpoint alone; rows a wallet cannot use have no add', async () => {
    const context = await e.newContext();
    await withWallets(context, ['Only Wallet']);
    const page = await context.newPage();
    await page.goto('/chains/base');
    await whenSettled(page);
    const table = page.getByRole('table', { name: 'Public RPC endpoints of Base' });
    await main(page)
      .getByRole('button', { name: /^Show all \d+ endpoints$/ })
      .click();
    const url = rankedKeylessHttps(base)[1];
    // One wallet: no picker, it is asked at once.
    await table.getByRole('button', { name: `Add Base to a wallet with ${url}` }).click();
    await page.locator('li.toast', { hasText: 'Network added' }).waitFor();
    const [call] = (await walletCalls(page))['Only Wallet'];
    expect(call.params[0].rpcUrls).toEqual([url]);

    const unusable = base.rpcEndpoints.filter((x) => x.needsApiKey || !x.url.startsWith('https://'));
    expect(unusable.length).toBeGreaterThan(0);
    for (const x of unusable)
      expect(await table.getByRole('button', { name: `Add Base to a wallet with ${x.url}` }).count()).toBe(0);
  });

  it("a wallet's announced name and icon are shown as text and an <img> only: nothing in them runs or is fetched", async () => {
    const context = await e.newContext();
    const hostile = '<img src=x onerror="window.pwned=1">';
    const svgWithScript = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" onload="window.pwned=2"><script>window.pwned=3</script><rect width="8" height="8"/></svg>')}`;
    await withWallets(context, [hostile, 'Tracker'], [svgWithScript, 'https://tracker.example/pixel.png']);
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(e.url) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    await page.goto('/chains/base');
    await whenSettled(page);
    await page.getByRole('button', { name: 'Add to wallet' }).click();
    const wallets = page
      .getByRole('dialog', { name: 'Add Base to a wallet' })
      .getByRole('list', { name: 'Your wallets' });
    await wallets.waitFor();
    expect((await wallets.getByRole('button').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
      hostile,
      'T Tracker',
    ]); // T: its letter tile
    // Every image has loaded or failed: an onload or onerror in the icon or the name would have run by now.
    await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(outside).toEqual([]);
  });
});

describe('screenshots', () => {
  it('the home page and a chain page with icons, on a phone and a wide screen', async () => {
    for (const [label, viewport] of [
      ['390', PHONE],
      ['1440', { ...DESKTOP, width: 1440 }],
    ] as const) {
      const page = await e.newPage(viewport);
      for (const [name, path] of [
        ['home', '/'],
        ['chain-base', '/chains/base'],
        ['chains', '/chains'],
      ] as const) {
        await page.goto(path);
        await whenSettled(page);
        await page.evaluate(async () => {
          for (const img of document.images) img.loading = 'eager';
          await Promise.all([...document.images].map((img) => img.decode().catch(() => {})));
        });
        expect(await brokenImages(page)).toEqual([]);
        await e.screenshot(page, `looks-${name}-${label}`);
      }
    }
  });
});
