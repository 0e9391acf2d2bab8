// Browser test of measured facts: with the prober's summary rows written directly (this machine has no
// network), the provider page's Facts card shows "Verified {date}" beside an entered fact and alone where nobody
// entered one. Close-up screenshots of the card on a phone, a tablet and a desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, picture, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';
import { UNMEASURED_CAPABILITIES } from '../contract/health-rule.ts';

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
  const { sql } = e.server;
  const [drpc] = await sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = 'drpc'`;
  const endpoints = await sql<{ id: number }[]>`
    INSERT INTO chain_rpc_endpoints (chain_id, url, provider_id)
    VALUES ((SELECT id FROM chains WHERE slug = 'base'), 'wss://base.verified.example', ${drpc.id}),
           ((SELECT id FROM chains WHERE slug = 'base'), 'https://base.verified.example', ${drpc.id})
    RETURNING id`;
  const measuredOn = (value: boolean) => ({ value, checkedAt: '2026-11-23T06:00:00Z' });
  const capabilities = {
    ...UNMEASURED_CAPABILITIES,
    archive: { ...measuredOn(true), historyFrom: null },
    trace: measuredOn(false),
    debug: measuredOn(true),
  };
  await sql`
    INSERT INTO endpoint_health (endpoint_id, next_probe_at, status, checked_at, capabilities, capabilities_checked_at)
    VALUES (${endpoints[0].id}, now(), 'ok', '2026-11-24T08:00:00Z', NULL, NULL),
           (${endpoints[1].id}, now(), 'ok', '2026-11-24T08:00:00Z', ${sql.json(capabilities)}, '2026-11-23T06:00:00Z')`;
  await sql`
    INSERT INTO provider_facts (provider_id, fact, value, note, source_url, as_of)
    VALUES (${drpc.id}, 'websocket', 'true', NULL, 'https://drpc.org/docs', '2026-11-01')`;
});
afterAll(async () => {
  await e?.close();
});

describe('verified facts', () => {
  const TABLET = { width: 700, height: 900 };
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['tablet', TABLET],
    ['desktop', DESKTOP],
  ] as const) {
    it(`dRPC's Facts card shows the prober's findings on a ${label}`, async () => {
      const page = await e.newPage(viewport);
      await page.goto('/providers/drpc');
      await whenSettled(page);
      const facts = page.getByTestId('provider-facts');
      const row = (name: string) => facts.locator('div', { has: page.getByText(name, { exact: true }) }).last();
      const websocket = await row('WebSocket').innerText();
      expect(websocket).toContain('Yes');
      expect(websocket).toContain('Verified Nov 24, 2026');
      expect(await row('Archive data').innerText()).toContain('Verified Nov 23, 2026');
      expect(await row('Trace/debug methods').innerText()).toContain('debug_* methods answered');
      // The three kinds of evidence, each shown as such: stated by a source (linked, dated), listed in our own
      // data (its wss:// endpoints), measured by our prober (Verified, dated).
      const freeTier = row('Free tier');
      expect(await freeTier.getByTestId('fact-stated').innerText()).toMatch(
        /^Stated:\s+Source:\s+Chain-Love\/chain-love on GitHub\s+\(opens in a new tab\)\s*, as of Aug 21, 2026$/,
      );
      expect(await freeTier.getByRole('link', { name: /Source/ }).getAttribute('href')).toContain(
        'github.com/Chain-Love/chain-love/blob/',
      );
      expect(await row('WebSocket').getByTestId('fact-listed').innerText()).toMatch(
        /Listed\s+Yes: \d+ wss:\/\/ addresses of theirs listed in this directory\./,
      );
      expect(await row('WebSocket').getByTestId('fact-verified').count()).toBe(1);
      expect(await facts.getByText('Unknown').count()).toBe(4);
      for (const badge of await facts.getByTestId('fact-verified').all()) {
        const inside = await badge.evaluate(
          (b) => b.getBoundingClientRect().right <= b.closest('dd')!.getBoundingClientRect().right,
        );
        expect(inside, 'a badge sticks out of its row').toBe(true);
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(viewport.width);
      await picture(facts, `verified-facts-${label}`);
    });
  }
});

/** A provider of whose WebSocket nothing is known: no fact entered, no wss:// address of theirs listed. */
const websocketUnknown = async () => {
  const [{ slug }] = await e.server.sql<{ slug: string }[]>`
    SELECT slug FROM providers p
    WHERE NOT EXISTS (SELECT 1 FROM chain_rpc_endpoints r WHERE r.provider_id = p.id AND r.url ILIKE 'wss://%')
      AND NOT EXISTS (SELECT 1 FROM provider_chains pc, unnest(pc.url_templates) u
                      WHERE pc.provider_id = p.id AND u ILIKE 'wss://%')
      AND NOT EXISTS (SELECT 1 FROM provider_facts f WHERE f.provider_id = p.id AND f.fact = 'websocket')
    ORDER BY sort_rank LIMIT 1`;
  return slug;
};

describe('verified facts on /compare', () => {
  it("marks dRPC's measured WebSocket as verified, Alchemy's listed wss:// formats as listed, and the unknown", async () => {
    const page = await e.newPage(PHONE);
    await page.goto(`/compare?providers=drpc,alchemy,${await websocketUnknown()}`);
    await whenSettled(page);
    const row = page.getByTestId('compare-table').locator('tr', { has: page.getByText('WebSocket', { exact: true }) });
    const text = await row.innerText();
    expect(text).toContain('Verified Nov 24, 2026');
    expect(await row.getByTestId('fact-listed').count()).toBe(2);
    expect(text).toContain('Unknown');
    expect(await row.getAttribute('data-differs')).toBe('true');
    await picture(page.getByTestId('compare-table'), 'verified-compare-phone');
  });
});

describe('the fact filters of /providers', () => {
  it('count what the provider page counts: a listed wss:// address makes WebSocket known', async () => {
    const unknown = await websocketUnknown();
    const page = await e.newPage();
    await page.goto('/providers?has=websocket');
    await whenSettled(page);
    const shown = await page
      .getByTestId('provider-card')
      .locator('h2 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(shown).toContain('/providers/drpc');
    expect(shown).toContain('/providers/alchemy');
    expect(shown).not.toContain(`/providers/${unknown}`);
    const [{ without }] = await e.server.sql<{ without: number }[]>`
      SELECT count(*) FILTER (WHERE NOT EXISTS (
               SELECT 1 FROM chain_rpc_endpoints r WHERE r.provider_id = p.id AND r.url ILIKE 'wss://%' AND r.removed_at IS NULL)
             AND NOT EXISTS (SELECT 1 FROM provider_chains pc, unnest(pc.url_templates) u
                             WHERE pc.provider_id = p.id AND u ILIKE 'wss://%')
             AND NOT EXISTS (SELECT 1 FROM provider_facts f WHERE f.provider_id = p.id AND f.fact = 'websocket'))::int AS without
      FROM providers p`;
    expect(await page.getByTestId('facts-unknown').innerText()).toContain(`WebSocket: ${without} ·`);
  });
});
