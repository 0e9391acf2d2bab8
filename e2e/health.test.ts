// Browser tests of endpoint health on this machine, which has no network: the real prober runs over the shipped
// dataset, pauses for lack of network and records nothing, so the chain page says so honestly and every endpoint
// stays unverified; the table's columns and filters work; /status renders the prober's state and the rule.
import pino from 'pino';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProber, type Prober } from '../api/health/prober.ts';
import { DESKTOP, PHONE, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

let e: BrowserTest;
let prober: Prober;

beforeAll(async () => {
  e = await startBrowserTest();
  const { config } = e.server;
  // A short interval so the first claims hold enough endpoints on distinct hosts to notice there is no network.
  prober = await startProber({
    db: e.server.db,
    config: { ...config, probes: { ...config.probes, intervalS: 60 } },
    log: pino({ level: 'silent' }),
  });
  for (const deadline = Date.now() + 90_000; ;) {
    const [{ state }] = await e.server.sql<{ state: string }[]>`SELECT state FROM prober_state`;
    if (state === 'paused') break;
    if (Date.now() > deadline) throw new Error('the prober did not pause without a network');
    await new Promise((r) => setTimeout(r, 500));
  }
}, 120_000);
afterAll(async () => {
  await prober?.stop({ graceful: false });
  await e?.close();
});

const endpointRows = (page: Page) => page.locator('#rpc-endpoints tbody tr');

describe('the chain page without a network', () => {
  it('says health checks are paused, keeps every endpoint unverified, and its filters work', async () => {
    const page = await e.newPage();
    await page.goto('/chains/ethereum');
    await whenSettled(page);
    await expect.poll(() => page.getByTestId('health-note').innerText()).toContain('Health checks paused: no network');
    const statuses = await page
      .locator('#rpc-endpoints [data-health]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-health')));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['unverified']));
    const [{ down }] = await e.server.sql<{ down: number }[]>`
      SELECT count(*)::int AS down FROM endpoint_health WHERE status <> 'unverified'`;
    expect(down).toBe(0);
    for (const header of ['Status', 'Lag', 'Latency', 'Uptime 7d']) {
      await expect.poll(() => page.locator('#rpc-endpoints th', { hasText: header }).count()).toBe(1);
    }

    await page.getByLabel('No API key').check();
    await expect.poll(() => page.locator('#rpc-endpoints tbody').getByText('API key', { exact: true }).count()).toBe(0);
    await page.getByLabel('HTTPS / WSS').check();
    const urls = await page.locator('#rpc-endpoints tbody code').allInnerTexts();
    expect(urls.every((u) => /^(https|wss):\/\//.test(u))).toBe(true);
    // Nothing checked is nothing known to work, said as such: never "no endpoint matches".
    await page.getByLabel('Working only').check();
    await expect
      .poll(() => page.getByText(/^None known to work: \d+ of these endpoints are not checked yet/).innerText())
      .toMatch(/ are not checked yet — health checks paused: no network\.$/);
    expect(await page.getByText('No endpoint matches these filters.').count()).toBe(0);
    await page.getByLabel('Working only').uncheck();
    await expect.poll(() => endpointRows(page).count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'How endpoints are checked' }).click();
    await page.waitForURL((u) => u.pathname === '/status');
  });

  it('on a phone and a desktop (screenshots to look at)', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await e.newPage(viewport);
      await page.goto('/chains/ethereum');
      await whenSettled(page);
      await page.getByTestId('health-note').filter({ hasText: 'paused' }).waitFor();
      await e.screenshot(page, `health-chain-${name}`);
      await page.goto('/status');
      await whenSettled(page);
      await e.screenshot(page, `health-status-${name}`);
    }
  });
});

describe('the provider page and the chain list without a network', () => {
  it('say the public endpoints are not checked yet, as health checks are paused — never "0 healthy"', async () => {
    const [{ slug, open }] = await e.server.sql<{ slug: string; open: number }[]>`
      SELECT p.slug, count(*)::int AS open FROM providers p JOIN chain_rpc_endpoints r ON r.provider_id = p.id
      WHERE NOT r.needs_api_key AND strpos(r.url, '$' || '{') = 0
      GROUP BY p.slug ORDER BY count(*) DESC LIMIT 1`;
    const page = await e.newPage(PHONE);
    await page.goto(`/providers/${slug}`);
    await whenSettled(page);
    await expect
      .poll(() => page.getByTestId('provider-healthy').innerText())
      .toBe(`${open} public endpoints: not checked yet — health checks paused: no network.`);
    await expect.poll(() => page.getByTestId('health-note').innerText()).toContain('Health checks paused: no network');
    await e.screenshot(page, 'health-provider-phone');
    await page.goto('/chains');
    await whenSettled(page);
    const paused = page.getByText(/^\d+ endpoints: not checked yet — health checks paused: no network$/);
    await expect.poll(() => paused.count()).toBeGreaterThan(0);
    expect(await page.getByText(/endpoints healthy$/).count()).toBe(0);
    await e.screenshot(page, 'health-chains-phone');
  });

  it('say a provider whose endpoints all need a key has none health-checked — not "0 of 0 healthy"', async () => {
    const [{ slug }] = await e.server.sql<{ slug: string }[]>`
      SELECT p.slug FROM providers p JOIN chain_rpc_endpoints r ON r.provider_id = p.id
      GROUP BY p.slug HAVING bool_and(r.needs_api_key) ORDER BY count(*) DESC LIMIT 1`;
    const page = await e.newPage(PHONE);
    await page.goto(`/providers/${slug}`);
    await whenSettled(page);
    await expect
      .poll(() => page.getByTestId('provider-healthy').innerText())
      .toBe('Every one needs an API key, so none is health-checked.');
    expect(await page.getByTestId('health-note').count()).toBe(0);
    const list = page.locator('.card').filter({ has: page.getByTestId('provider-healthy') });
    expect(await list.getByText('Unverified').count()).toBe(0);
    // On a phone each row's labels wrap so its copy button stays inside the card.
    const card = await list.boundingBox();
    const copy = await list
      .getByRole('button', { name: /endpoint/ })
      .first()
      .boundingBox();
    expect(copy!.x + copy!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await e.screenshot(page, 'health-provider-keys-phone');
  });
});

describe('/status', () => {
  it('shows the prober paused, the endpoints per status and the rule', async () => {
    const page = await e.newPage();
    const res = await page.goto('/status');
    expect(res?.status()).toBe(200);
    await whenSettled(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Endpoint Health Status');
    expect(await page.getByTestId('prober-state').innerText()).toBe('Paused');
    expect(await page.getByRole('status').innerText()).toContain('Health checks paused: no network');
    const main = await page.locator('main').innerText();
    expect(main).toContain('at most 3 blocks behind the head');
    expect(main).toContain('No endpoint has been verified yet');
    expect(await page.title()).toContain('Endpoint Health Status');
  });
});
