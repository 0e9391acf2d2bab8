// The provider detail's measured facts come from the prober's summary rows; this machine has no network, so the
// test writes those rows itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { providerDetailSchema, providerListSchema } from '../../contract/providers.ts';
import { UNMEASURED_CAPABILITIES } from '../../contract/health-rule.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const detail = async (slug: string) => providerDetailSchema.parse((await t.get(`/api/providers/${slug}`)).body);

/** A new endpoint of the provider on the first chain, with the summary row given. */
async function endpointWithHealth(
  providerId: number,
  url: string,
  health: {
    status: string;
    checkedAt: string;
    archive?: boolean;
    traceApi?: boolean;
    debugApi?: boolean | null;
  },
) {
  const [e] = await t.sql<{ id: number }[]>`
    INSERT INTO chain_rpc_endpoints (chain_id, url, provider_id)
    VALUES ((SELECT min(id) FROM chains), ${url}, ${providerId}) RETURNING id`;
  const measured = (value: boolean | null | undefined) => ({
    value: value ?? null,
    checkedAt: value === undefined || value === null ? null : health.checkedAt,
  });
  const capabilities =
    health.archive === undefined
      ? null
      : {
          ...UNMEASURED_CAPABILITIES,
          archive: { ...measured(health.archive), historyFrom: null },
          trace: measured(health.traceApi),
          debug: measured(health.debugApi),
        };
  await t.sql`
    INSERT INTO endpoint_health (endpoint_id, next_probe_at, status, checked_at, capabilities, capabilities_checked_at)
    VALUES (${e.id}, now(), ${health.status}, ${health.checkedAt}, ${capabilities && t.sql.json(capabilities)},
            ${capabilities && health.checkedAt})`;
  await t.db.publishInvalidation(); // as the prober does after recording
}

describe('GET /api/providers/{slug} measuredFacts', () => {
  it('is empty when the prober found nothing true, never a "no"', async () => {
    const [p] = await t.sql<{ id: number; slug: string }[]>`SELECT id, slug FROM providers ORDER BY id LIMIT 1`;
    await endpointWithHealth(p.id, 'wss://down.example', { status: 'down', checkedAt: '2026-11-20T10:00:00Z' });
    await endpointWithHealth(p.id, 'https://plain.example', {
      status: 'ok',
      checkedAt: '2026-11-20T10:00:00Z',
      archive: false,
      traceApi: false,
      debugApi: false,
    });
    expect((await detail(p.slug)).measuredFacts).toEqual({});
  });

  it('carries WebSocket, archive and trace/debug findings with their times', async () => {
    const [p] = await t.sql<{ id: number; slug: string }[]>`
      SELECT id, slug FROM providers ORDER BY id OFFSET 1 LIMIT 1`;
    await endpointWithHealth(p.id, 'wss://ws.example', { status: 'degraded', checkedAt: '2026-11-24T08:00:00Z' });
    await endpointWithHealth(p.id, 'wss://wrong.example', { status: 'wrong-chain', checkedAt: '2026-11-25T08:00:00Z' });
    await endpointWithHealth(p.id, 'https://archive.example', {
      status: 'ok',
      checkedAt: '2026-11-23T06:00:00Z',
      archive: true,
      traceApi: false,
      debugApi: true,
    });
    await endpointWithHealth(p.id, 'https://full.example', {
      status: 'down',
      checkedAt: '2026-11-21T06:00:00Z',
      archive: false,
      traceApi: true,
      debugApi: null,
    });
    expect((await detail(p.slug)).measuredFacts).toEqual({
      websocket: { checkedAt: '2026-11-24T08:00:00.000Z' },
      archive: { checkedAt: '2026-11-23T06:00:00.000Z' },
      trace: { checkedAt: '2026-11-23T06:00:00.000Z', methods: ['trace', 'debug'] },
    });
  });
});

describe('GET /api/providers foundFacts', () => {
  const listed = async (slug: string) =>
    providerListSchema.parse((await t.get('/api/providers')).body).find((p) => p.slug === slug)?.foundFacts;

  it('holds what the provider page counts beside the facts entered: prober findings, and listed wss:// addresses', async () => {
    const [p] = await t.sql<{ id: number; slug: string }[]>`
      SELECT id, slug FROM providers p
      WHERE NOT EXISTS (SELECT 1 FROM chain_rpc_endpoints e WHERE e.provider_id = p.id AND e.url ILIKE 'wss://%')
        AND NOT EXISTS (SELECT 1 FROM provider_chains pc, unnest(pc.url_templates) u
                        WHERE pc.provider_id = p.id AND u ILIKE 'wss://%')
      ORDER BY id DESC LIMIT 1`;
    expect(await listed(p.slug)).toEqual([]);
    await endpointWithHealth(p.id, 'https://found-archive.example', {
      status: 'ok',
      checkedAt: '2026-11-23T06:00:00Z',
      archive: true,
      traceApi: false,
      debugApi: false,
    });
    expect(await listed(p.slug)).toEqual(['archive']);
    // Listed is enough for WebSocket, as on the provider page: an address of theirs, whatever its health.
    await endpointWithHealth(p.id, 'wss://found-down.example', { status: 'down', checkedAt: '2026-11-24T08:00:00Z' });
    expect(await listed(p.slug)).toEqual(['archive', 'websocket']);
  });

  it('counts a wss:// API-key URL format as a listed address', async () => {
    const [{ slug }] = await t.sql<{ slug: string }[]>`
      SELECT p.slug FROM providers p JOIN provider_chains pc ON pc.provider_id = p.id, unnest(pc.url_templates) u
      WHERE u ILIKE 'wss://%'
        AND NOT EXISTS (SELECT 1 FROM chain_rpc_endpoints e WHERE e.provider_id = p.id AND e.url ILIKE 'wss://%')
      LIMIT 1`;
    expect(await listed(slug)).toContain('websocket');
  });
});
