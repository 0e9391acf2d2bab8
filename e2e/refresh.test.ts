// Browser test of "Refresh from upstream" in the admin panel's CSV tab: the shipped snapshot previews as no change; a
// snapshot with a new chain and an Ethereum endpoint gone previews grouped, the admin rejects the removal and applies
// the rest, and the directory shows exactly that. Screenshots of the review on a phone and a desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_CHAIN, shippedSnapshot } from '../api/refresh/test-support.ts';
import { DESKTOP, PHONE, startBrowserTest, type BrowserTest } from './harness.ts';
import type { Page } from 'playwright-core';

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e?.close();
});

const snapshotFile = (chains: unknown[]) => ({
  name: 'rpcs.json',
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(chains)),
});

async function preview(page: Page, chains: unknown[]) {
  await page.getByLabel('Snapshot file').setInputFiles(snapshotFile(chains));
  await page.getByRole('button', { name: 'Preview changes' }).click();
  return page.getByTestId('refresh-diff');
}

describe('refresh from upstream in the admin panel', () => {
  it('previews the shipped snapshot as no change, then reviews and applies a changed one', async () => {
    const page = await e.newPage();
    await e.signIn(page, 'admin@example.com', '/admin');
    await page.getByRole('tab', { name: 'CSV', exact: true }).click();

    await preview(page, shippedSnapshot());
    await page.getByText('No changes: the directory matches this snapshot.').waitFor();
    expect(await page.getByRole('button', { name: /^Apply/ }).count()).toBe(0);

    const changed = shippedSnapshot();
    const ethereum = changed.find((c) => c.chainId === 1)!;
    const removedUrl = ethereum.rpc.shift()!.url;
    changed.push(NEW_CHAIN);
    const diff = await preview(page, changed);
    await diff
      .getByTestId('refresh-summary')
      .getByText('endpoints: 5 added, 1 removed, 0 changed; chains: 1 added, 0 changed')
      .waitFor();
    const group = (title: string) => diff.getByRole('region', { name: title });
    // The new chain comes with its endpoints, one item; every item is accepted until the admin says otherwise.
    expect(await group('New chains').innerText()).toContain(
      `${NEW_CHAIN.name as string} chain ID 990001 · mainnet · 5 endpoints`,
    );
    expect(await group('Removed endpoints').innerText()).toContain(removedUrl);
    expect(await diff.getByRole('checkbox', { checked: true }).count()).toBe(2);

    await e.screenshot(page, 'refresh-review-desktop');
    await page.setViewportSize(PHONE);
    await e.screenshot(page, 'refresh-review-phone');
    await page.setViewportSize(DESKTOP);

    await group('Removed endpoints').getByRole('button', { name: 'Reject all' }).click();
    await page.getByRole('button', { name: 'Apply 1 accepted' }).click();
    await page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText('1 item applied. endpoints: 5 added, 0 removed, 0 changed; chains: 1 added, 0 changed')
      .waitFor();
    await diff.waitFor({ state: 'detached' });

    const added = await e.server.get('/api/chains/refresh-lab');
    expect(added.status).toBe(200);
    expect(added.body.rpcEndpoints.map((x: { url: string }) => x.url).sort()).toEqual(
      // Stored as the directory keeps every endpoint URL: without a bare trailing slash.
      NEW_CHAIN.rpc.map((r) => r.url.replace(/\/$/, '')).sort(),
    );
    const kept = (await e.server.get('/api/chains/ethereum')).body.rpcEndpoints.map((x: { url: string }) => x.url);
    expect(kept).toContain(removedUrl);
  });
});
