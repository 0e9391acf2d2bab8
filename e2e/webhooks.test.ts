// Browser test of the Webhooks part of "Health checks" in the admin panel's Chains tab: the admin adds a loopback
// receiver, its secret is shown once (and copied), a change reaches the receiver signed with it and is listed as
// delivered, and the webhook is removed after asking. Screenshots on a phone and a desktop.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookDeliverer, type Deliverer } from '../api/webhooks/deliverer.ts';
import type { Page } from 'playwright-core';
import { PHONE, startBrowserTest, type BrowserTest } from './harness.ts';

const WIDE = { width: 1440, height: 900 } as const;

let e: BrowserTest;
let deliverer: Deliverer;
let receiver: http.Server;
let receiverUrl: string;
const received: { body: string; signature: string | undefined }[] = [];

/** Closes the open toasts (one shows at a time, over the panel's foot on a phone). */
async function closeToasts(page: Page) {
  for (const close of await page.locator('.toast button[aria-label="Close"]').all())
    await close.click({ timeout: 2000 }).catch(() => {});
}

beforeAll(async () => {
  e = await startBrowserTest({ PROBE_ALLOW_PRIVATE: '1' });
  deliverer = await startWebhookDeliverer({
    db: e.server.db,
    config: e.server.config,
    log: pino({ level: 'silent' }),
    queue: { tickMs: 200 },
  });
  receiver = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({
      body: Buffer.concat(chunks).toString('utf8'),
      signature: req.headers['x-atlas-signature'] as string,
    });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/atlas-hook`;
});
afterAll(async () => {
  await deliverer?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await e?.close();
});

describe('webhooks in the admin panel', () => {
  it('adds one (its secret shown once), lists its delivery, and removes it after asking', async () => {
    const page = await e.newPage(WIDE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await e.signIn(page, 'admin@example.com', '/admin');
    await page.getByRole('tab', { name: 'Chains', exact: true }).click();
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect.poll(() => section.getByText('No webhook yet.').count(), { timeout: 30_000 }).toBe(1);

    await section.getByLabel('Webhook URL').fill(receiverUrl);
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await section.getByTestId('secret').innerText()).trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await section.getByRole('button', { name: 'Copy webhook secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const item = section.getByRole('listitem', { name: `Webhook ${receiverUrl}` });
    await item.getByText('No delivery yet: the next change is sent here.').waitFor();

    // Once dismissed, the secret is nowhere on the page, nor after a reload.
    await section.getByRole('button', { name: 'Done' }).click();
    await section.getByTestId('secret').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);

    // A change: an endpoint added (the change log's trigger logs it, the deliverer sends it).
    const [chain] = await e.server.sql<{ id: number }[]>`SELECT id FROM chains WHERE slug = 'ethereum'`;
    await e.server
      .sql`INSERT INTO chain_rpc_endpoints (chain_id, url) VALUES (${chain.id}, 'https://hook-e2e.example/')`;
    const [{ id: changeId }] = await e.server.sql<{ id: number }[]>`
      SELECT max(id)::float8 AS id FROM endpoint_changes`;
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received[0].signature).toBe(`sha256=${createHmac('sha256', secret).update(received[0].body).digest('hex')}`);
    expect(JSON.parse(received[0].body)).toMatchObject({ id: changeId, kind: 'added' });

    const delivery = item.getByRole('listitem', { name: `Delivery of change ${changeId}` });
    await delivery.getByText('Delivered').waitFor({ timeout: 30_000 });
    expect(await delivery.innerText()).toMatch(/Added\s+https:\/\/hook-e2e\.example\/[\s\S]*1 attempt\s+HTTP 204/);

    await page.reload();
    await page.getByRole('tab', { name: 'Chains', exact: true }).click();
    await delivery.getByText('Delivered').waitFor({ timeout: 30_000 });
    expect(await page.content()).not.toContain(secret);
    await closeToasts(page);
    await section.scrollIntoViewIfNeeded();
    await e.screenshot(page, 'webhooks-desktop');
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    await e.screenshot(page, 'webhooks-phone');
    await page.setViewportSize(WIDE);

    await item.getByRole('button', { name: `Remove ${receiverUrl}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Are you sure you want to delete "${receiverUrl}"?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Webhook removed').waitFor();
    await item.waitFor({ state: 'detached' });
    await section.getByText('No webhook yet.').waitFor();
    const [{ n }] = await e.server.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM webhooks`;
    expect(n).toBe(0);
  });
});
