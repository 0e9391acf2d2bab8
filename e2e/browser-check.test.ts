// "Test from my browser" on a chain page, against JSON-RPC servers on loopback: one quick, one slow, one lagging
// behind the others, one refusing browser calls (CORS) that the prober already knows about and one it does not.
// They serve https (a self-signed certificate this browser context accepts): the page calls https endpoints only, as
// its policy allows on chain pages. Also the Connect section's provider selector, at a phone's and a desktop's width.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRpc, type FakeRpc } from '../api/health/test-servers.ts';
import { DESKTOP, PHONE, picture, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

let e: BrowserTest;
const servers: FakeRpc[] = [];
const urls = { quick: '', slow: '', lagging: '', refusingKnown: '', refusingUnknown: '' };
const SLOW_MS = 400;

beforeAll(async () => {
  e = await startBrowserTest();
  const dir = mkdtempSync(path.join(tmpdir(), 'browser-check-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const tls = {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
    const start = async (o: Parameters<typeof startFakeRpc>[0]) => {
      const server = await startFakeRpc({ ...o, tls });
      servers.push(server);
      return server.url;
    };
    urls.quick = await start({ head: () => ({ block: 1000, ageS: 1 }) });
    urls.slow = await start({ head: () => ({ block: 1000, ageS: 1 }), delayMs: SLOW_MS });
    urls.lagging = await start({ head: () => ({ block: 990, ageS: 1 }) });
    const refusing = await start({ cors: false });
    urls.refusingKnown = `${refusing}known`;
    urls.refusingUnknown = `${refusing}unknown`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Base's endpoints become these five; the prober's summary says which refuse browser calls when it knows.
  const { sql } = e.server;
  const [{ id: chainId }] = await sql<{ id: number }[]>`SELECT id FROM chains WHERE slug = 'base'`;
  await sql`DELETE FROM chain_rpc_endpoints WHERE chain_id = ${chainId}`;
  for (const [url, browserCallable] of [
    [urls.quick, true],
    [urls.slow, true],
    [urls.lagging, true],
    [urls.refusingKnown, false],
    [urls.refusingUnknown, null],
  ] as const) {
    const [{ id }] = await sql<{ id: number }[]>`
      INSERT INTO chain_rpc_endpoints (chain_id, url) VALUES (${chainId}, ${url}) RETURNING id`;
    await sql`INSERT INTO endpoint_health (endpoint_id, next_probe_at, browser_callable)
              VALUES (${id}, now() + interval '1 day', ${browserCallable})`;
  }
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await e?.close();
});

async function openChainPage(viewport: { width: number; height: number }) {
  const context = await e.browser.newContext({ viewport, baseURL: e.url, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto('/chains/base');
  await whenSettled(page);
  return page;
}
const browserResult = (page: Page, url: string) =>
  page.locator('#rpc-endpoints tbody tr', { has: page.getByText(url, { exact: true }) }).getByTestId('browser-result');

describe('Test from my browser', () => {
  it('measures the endpoints web pages may call, says which refuse, and sends nothing to our server', async () => {
    const page = await openChainPage(DESKTOP);
    // Nothing of the results reaches our server: from the click on, no request to it sends anything (the app's own
    // background reads, such as the offline directory's, are GETs of its usual paths) or names an endpoint.
    const ours: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== e.url) return;
      const named = Object.values(urls).some((u) =>
        [new URL(u).host, encodeURIComponent(new URL(u).host)].some((h) => request.url().includes(h)),
      );
      if (request.method() !== 'GET' || request.postData() || named) ours.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole('button', { name: 'Test from my browser' }).click();
    await page.getByRole('button', { name: 'Test from my browser' }).waitFor(); // "Testing…" while it runs
    await expect
      .poll(() => browserResult(page, urls.quick).innerText())
      .toMatch(/^This browser: \d+ ms · at the head$/);
    const latency = async (url: string) => Number(/(\d+) ms/.exec(await browserResult(page, url).innerText())![1]);
    expect(await latency(urls.slow)).toBeGreaterThanOrEqual(SLOW_MS);
    expect(await latency(urls.quick)).toBeLessThan(await latency(urls.slow));
    expect(await browserResult(page, urls.lagging).innerText()).toMatch(/^This browser: \d+ ms · 10 blocks behind$/);
    expect(await browserResult(page, urls.refusingKnown).innerText()).toBe(
      'This browser: Refuses calls from web pages (CORS): not measured here, not down',
    );
    expect(await browserResult(page, urls.refusingUnknown).innerText()).toBe(
      'This browser: No answer here: blocked for web pages (CORS) or unreachable',
    );
    expect(await page.getByTestId('browser-check-note').innerText()).toContain(
      'Measured from this browser now: latency is the median of 3 calls after a warm-up',
    );
    // The server's own figures stand beside them, unchanged: the refusing endpoint is not called down.
    const refusingRow = page.locator('#rpc-endpoints tbody tr', { has: page.getByText(urls.refusingUnknown) });
    expect(await refusingRow.locator('[data-health]').getAttribute('data-health')).toBe('unverified');
    expect(ours, ours.join('\n')).toEqual([]);
    await page.context().close();
  });
});

describe("the Connect section's provider selector", () => {
  it("shows a provider's own config, its key read from the environment, at a phone's and a desktop's width", async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', { width: 1440, height: 900 }],
    ] as const) {
      const page = await openChainPage(viewport);
      const connect = page.locator('#connect');
      await connect.getByLabel('Endpoints of').selectOption('alchemy');
      await expect.poll(() => connect.getByTestId('connect-provider').innerText()).toContain('Alchemy');
      await expect
        .poll(() => connect.locator('pre code').innerText())
        .toContain('`https://base-mainnet.g.alchemy.com/v2/${ALCHEMY_API_KEY}`');
      await page.getByRole('button', { name: 'Test from my browser' }).click();
      await expect.poll(() => browserResult(page, urls.quick).innerText()).toContain('at the head');
      // The two sections this changes, to look at (not compared).
      for (const section of ['rpc-endpoints', 'connect']) {
        await picture(page.locator(`#${section}`), `${section}-${name}`);
      }
      await page.context().close();
    }
  });
});
