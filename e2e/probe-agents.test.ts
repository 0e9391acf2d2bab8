// Browser tests of probe agents: the admin's "Probe agents" part of Health checks in the Chains tab (create one for a
// region, its token shown once and copied, last seen once it called, revoked after asking, its token then refused),
// and the chain page's latency per region under an endpoint measured from more than one region, a stopped region
// marked stale. Screenshots at 390 and 1440 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

const WIDE = { width: 1440, height: 900 } as const;

let e: BrowserTest;

beforeAll(async () => {
  e = await startBrowserTest({ PROBE_REGION: 'Frankfurt' });
});
afterAll(async () => {
  await e?.close();
});

const agentCall = (token: string) =>
  fetch(`${e.url}/api/agent/jobs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });

describe('probe agents in the admin panel', () => {
  it('creates one for a region (its token shown once), shows when it was last seen, and revokes it after asking', async () => {
    const page = await e.newPage(WIDE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await e.signIn(page, 'admin@example.com', '/admin');
    await page.getByRole('tab', { name: 'Chains', exact: true }).click();
    const section = page.getByRole('region', { name: 'Probe agents' });
    await expect.poll(() => section.getByText('No probe agent yet.').count(), { timeout: 30_000 }).toBe(1);

    // The site's own region is refused, with the server's reason.
    await section.getByLabel('Region').fill('Frankfurt');
    await section.getByRole('button', { name: 'Create agent' }).click();
    await expect.poll(() => page.getByText(/is the site's own region/).count()).toBeGreaterThan(0);

    await section.getByLabel('Region').fill('Singapore');
    await section.getByRole('button', { name: 'Create agent' }).click();
    const token = (await section.getByTestId('agent-token').innerText()).trim();
    expect(token).toMatch(/^atlas_agent_[\w-]{43}$/);
    await section.getByRole('button', { name: 'Copy probe agent token' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    expect(await section.getByText(`npm run probe-agent -- --server ${e.url} --token ${token}`).count()).toBe(1);
    const row = section.getByRole('listitem', { name: /^Probe agent Singapore/ });
    await row.getByText('Never seen').waitFor();
    await e.screenshot(page, 'probe-agents-created-desktop');

    // Once dismissed, the token is nowhere on the page, nor after a reload.
    await section.getByRole('button', { name: 'Done' }).click();
    await section.getByTestId('agent-token').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(token);

    // The agent calls with its token: the list says when.
    expect((await agentCall(token)).status).toBe(200);
    await page.reload();
    await whenSettled(page);
    await page.getByRole('tab', { name: 'Chains', exact: true }).click();
    await row.getByText(/^Last seen/).waitFor({ timeout: 30_000 });
    expect(await page.content()).not.toContain(token);

    // Revoke asks first; cancelled, nothing changes.
    await row.getByRole('button', { name: /^Revoke the Singapore agent/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke probe agent' });
    await dialog.getByText('Revoke the Singapore agent?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await agentCall(token)).status).toBe(200);
    await row.getByRole('button', { name: /^Revoke the Singapore agent/ }).click();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    const refused = await agentCall(token);
    expect([refused.status, await refused.json()]).toEqual([401, { message: 'Unknown or revoked probe agent token' }]);
    await e.screenshot(page, 'probe-agents-revoked-desktop');

    const phone = await e.newPage(PHONE);
    await e.signIn(phone, 'admin@example.com', '/admin');
    await phone.getByRole('tab', { name: 'Chains', exact: true }).click();
    await phone.getByRole('region', { name: 'Probe agents' }).getByText('Revoked', { exact: true }).waitFor();
    await phone.getByRole('region', { name: 'Probe agents' }).scrollIntoViewIfNeeded();
    await e.screenshot(phone, 'probe-agents-phone');
  });
});

describe('latency per region on the chain page', () => {
  it('shows each region under an endpoint measured from more than one, a stopped region stale', async () => {
    // Measurements as the site's prober (Frankfurt, its PROBE_REGION) and two agents would have stored them: this
    // machine has no network (api/health/agents.test.ts runs the agents themselves against loopback servers).
    const [measured, single] = await e.server.sql<{ id: number; url: string }[]>`
      SELECT e.id, e.url FROM chain_rpc_endpoints e JOIN chains c ON c.id = e.chain_id
      WHERE c.slug = 'ethereum' AND e.removed_at IS NULL AND NOT e.needs_api_key AND e.url LIKE 'https://%'
      ORDER BY e.position, e.id LIMIT 2`;
    for (const { id } of [measured, single]) {
      await e.server.sql`
        INSERT INTO endpoint_health (endpoint_id, next_probe_at, status, checked_at, latency_ms, block_lag, uptime_24h,
          uptime_7d)
        VALUES (${id}, now() + interval '1 hour', 'ok', now() - interval '1 minute', 118, 0, 1, 0.99)`;
      await e.server.sql`
        INSERT INTO endpoint_region_health (endpoint_id, region, status, latency_ms, checked_at, fresh_until)
        VALUES (${id}, 'Frankfurt', 'ok', 118, now() - interval '1 minute', now() + interval '29 minutes')`;
    }
    await e.server.sql`
      INSERT INTO endpoint_region_health (endpoint_id, region, status, latency_ms, checked_at, fresh_until) VALUES
        (${measured.id}, 'Singapore', 'ok', 342, now() - interval '2 hours', now() - interval '90 minutes'),
        (${measured.id}, 'Sydney', 'ok', 207, now() - interval '1 minute', now() + interval '29 minutes')`;
    await e.server.db.publishInvalidation();

    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', WIDE],
    ] as const) {
      const page = await e.newPage(viewport);
      await page.goto('/chains/ethereum');
      await whenSettled(page);
      const row = page.locator('#rpc-endpoints tbody tr').filter({ hasText: measured.url });
      const line = row.getByTestId('region-latencies');
      await expect
        .poll(() => line.textContent())
        .toBe('Latency by region: Frankfurt 118 ms · Singapore 342 ms (stale) · Sydney 207 ms');
      expect(await line.getByTitle('Singapore: no result in three probe intervals').count()).toBe(1);
      // Measured from one region only: its figures say it all, no line.
      const other = page.locator('#rpc-endpoints tbody tr').filter({ hasText: single.url });
      expect(await other.getByTestId('region-latencies').count()).toBe(0);
      // The endpoint's own status is the site's region's.
      expect(await row.locator('[data-health]').first().getAttribute('data-health')).toBe('ok');
      await row.scrollIntoViewIfNeeded();
      await e.screenshot(page, `probe-agents-chain-${name}`);
    }
  });
});
