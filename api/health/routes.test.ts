// The health API: every endpoint object's id and health, an endpoint's history, the prober's state, and the admin's
// endpoint writes (add, edit in place, remove, probe now) against small JSON-RPC servers on loopback.
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { signInAdmin } from '../admin/test-support.ts';
import { chainDetailSchema, chainWithStatsListSchema } from '../../contract/chains.ts';
import { providerDetailSchema } from '../../contract/providers.ts';
import { adminEndpointListSchema, adminEndpointSchema } from '../../contract/admin.ts';
import { endpointHistorySchema, probeNowSchema, proberStateSchema } from '../../contract/health.ts';
import { UNVERIFIED_HEALTH } from '../../contract/health-rule.ts';
import { PROBER_STALLED_REASON } from './routes.ts';
import { closedPort, startFakeRpc, type FakeRpc } from './test-servers.ts';

const EVM_ID = 424242;
let t: TestServer;
let admin: SignedIn;
let rpc: FakeRpc;
let chainId: number;

beforeAll(async () => {
  t = await startTestServer({ PROBE_ALLOW_PRIVATE: '1' });
  admin = await signInAdmin(t);
  rpc = await startFakeRpc({
    chainId: EVM_ID,
    maxBatch: 10,
    handle: (method) => (method === 'eth_getBalance' ? { result: '0x0' } : undefined),
  });
  const res = await admin.json('POST', '/api/admin/chains', {
    name: 'Health Chain',
    slug: 'health-chain',
    evmChainId: EVM_ID,
  });
  chainId = res.body.id;
});
afterAll(async () => {
  await rpc.close();
  await t.close();
});

const addEndpoint = async (body: Record<string, unknown>) => {
  const res = await admin.json('POST', '/api/admin/endpoints', { chainId, ...body });
  expect(res.status).toBe(201);
  return adminEndpointSchema.parse(res.body);
};
const chainEndpoints = async () => chainDetailSchema.parse((await t.get('/api/chains/health-chain')).body).rpcEndpoints;

describe('endpoint objects', () => {
  it('carry an id and health on chain and provider details (unverified until probed)', async () => {
    const eth = chainDetailSchema.parse((await t.get('/api/chains/ethereum')).body);
    expect(eth.rpcEndpoints.length).toBeGreaterThan(0);
    for (const e of eth.rpcEndpoints) {
      expect(e.id).toBeGreaterThan(0);
      expect(e.health).toEqual(UNVERIFIED_HEALTH);
    }
    const [{ slug }] = await t.sql<{ slug: string }[]>`
      SELECT p.slug FROM providers p JOIN chain_rpc_endpoints e ON e.provider_id = p.id LIMIT 1`;
    const provider = providerDetailSchema.parse((await t.get(`/api/providers/${slug}`)).body);
    expect(provider.rpcEndpoints[0]).toMatchObject({ id: expect.any(Number), health: UNVERIFIED_HEALTH });
  });

  it('parse from an offline copy saved before they existed: no id, health unverified', () => {
    const saved = { url: 'https://rpc.example', provider: null, tracking: 'none', needsApiKey: false };
    const [parsed] = chainDetailSchema.shape.rpcEndpoints.parse([saved]);
    expect(parsed.id).toBeUndefined();
    expect(parsed.health).toEqual(UNVERIFIED_HEALTH);
  });
});

describe('admin endpoint writes', () => {
  it('are refused signed out and to a non-admin', async () => {
    const anonymous = await t.request('/api/admin/endpoints', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: t.url },
      body: JSON.stringify({ chainId, url: 'https://x.example' }),
    });
    expect(anonymous.status).toBe(401);
    const user = await signIn(t, 'visitor@example.com');
    expect((await user.json('POST', '/api/admin/endpoints', { chainId, url: 'https://x.example' })).status).toBe(403);
    expect((await user.json('POST', '/api/admin/endpoints/1/probe')).status).toBe(403);
    expect((await user.json('GET', '/api/admin/endpoints?dead=1')).status).toBe(403);
  });

  it('add one endpoint at the end of its chain, refusing duplicates, unknown chains and bad URLs', async () => {
    const first = await addEndpoint({ url: 'https://one.example', tracking: 'none' });
    const second = await addEndpoint({ url: 'https://two.example' });
    expect(second).toMatchObject({ chainId, tracking: 'unspecified', needsApiKey: false, health: UNVERIFIED_HEALTH });
    expect((await chainEndpoints()).map((e) => e.id)).toEqual([first.id, second.id]);
    const dup = await admin.json('POST', '/api/admin/endpoints', { chainId, url: 'https://one.example' });
    expect(dup).toEqual({
      status: 409,
      body: expect.objectContaining({ message: expect.stringContaining('already lists') }),
    });
    expect(
      (await admin.json('POST', '/api/admin/endpoints', { chainId: 99999999, url: 'https://a.example' })).status,
    ).toBe(400);
    expect((await admin.json('POST', '/api/admin/endpoints', { chainId, url: 'ftp://a.example' })).status).toBe(400);
    expect(
      (await admin.json('POST', '/api/admin/endpoints', { chainId, url: 'https://a.example', providerId: 99999999 }))
        .status,
    ).toBe(400);
  });

  it("an endpoint of a provider makes it serve the chain at once: counts, the provider's chains, lists and the directory", async () => {
    const provider = providerDetailSchema.parse((await t.get('/api/providers/chainstack')).body);
    expect(provider.chains.map((c) => c.id)).not.toContain(chainId);
    const seen = async () => {
      const chain = chainDetailSchema.parse((await t.get('/api/chains/health-chain')).body);
      const listed = chainWithStatsListSchema.parse((await t.get('/api/chains/with-stats')).body);
      const detail = providerDetailSchema.parse((await t.get('/api/providers/chainstack')).body);
      const list = (await t.get('/api/providers')).body as { slug: string; chainIds: number[] }[];
      const onChain = (await t.get(`/api/providers/by-chain/${chainId}`)).body as { slug: string }[];
      const directory = (await t.get('/api/directory')).body as {
        responses: Record<string, { providerCount?: number }>;
      };
      return {
        chainCount: chain.providerCount,
        listCount: listed.find((c) => c.id === chainId)!.providerCount,
        directoryCount: directory.responses['/api/chains/health-chain'].providerCount,
        kind: detail.chains.find((c) => c.id === chainId)?.kind,
        inList: list.find((p) => p.slug === 'chainstack')!.chainIds.includes(chainId),
        onChain: onChain.some((p) => p.slug === 'chainstack'),
      };
    };
    const before = await seen();
    expect(before).toMatchObject({ kind: undefined, inList: false, onChain: false });

    const endpoint = await addEndpoint({ url: 'https://chainstack.health.example', providerId: provider.id });
    const count = before.chainCount + 1;
    expect(await seen()).toEqual({
      chainCount: count,
      listCount: count,
      directoryCount: count,
      kind: 'public-endpoint',
      inList: true,
      onChain: true,
    });
    // Needing a key, it serves the chain with a key.
    expect((await admin.json('PUT', `/api/admin/endpoints/${endpoint.id}`, { needsApiKey: true })).status).toBe(200);
    expect((await seen()).kind).toBe('api-key');
    // Without the endpoint the provider no longer serves the chain.
    expect((await admin.json('DELETE', `/api/admin/endpoints/${endpoint.id}`)).status).toBe(200);
    expect(await seen()).toEqual(before);
  });

  it('endpoint URLs are parsed like every URL field: a host, no control characters; 400 with a message', async () => {
    for (const url of [
      'https://[/',
      'http://[::1%25lo]:3690/',
      'https://esc.example/\x1b[31m',
      'https://soh.example/\x01',
      'https://del.example/\x7f',
      'wss://',
    ]) {
      const res = await admin.json('POST', '/api/admin/endpoints', { chainId, url });
      expect(res.status, JSON.stringify(url)).toBe(400);
      expect(res.body.message).toBe(
        'url: Endpoint URL must be an http://, https://, ws:// or wss:// URL with a host and no control characters',
      );
    }
    const e = await addEndpoint({ url: 'https://fine.example/rpc' });
    expect((await admin.json('PUT', `/api/admin/endpoints/${e.id}`, { url: 'https://[/' })).status).toBe(400);
    // A bad URL already stored (written straight to the database): "Probe now" says what is wrong, not 500.
    await t.sql`UPDATE chain_rpc_endpoints SET url = 'https://[/' WHERE id = ${e.id}`;
    const probe = await admin.json('POST', `/api/admin/endpoints/${e.id}/probe`);
    expect(probe).toEqual({
      status: 409,
      body: { message: "This endpoint's URL is not a valid URL: correct it, then probe again" },
    });
    await t.sql`DELETE FROM chain_rpc_endpoints WHERE id = ${e.id}`;
  });

  it('probe now: records the answer; its history, the chain page and the prober state show it', async () => {
    const e = await addEndpoint({ url: rpc.url });
    const res = await admin.json('POST', `/api/admin/endpoints/${e.id}/probe`);
    expect(res.status).toBe(200);
    const answer = probeNowSchema.parse(res.body);
    expect(answer).toMatchObject({ recorded: true, probe: { answeredChainId: EVM_ID, errorClass: null } });
    expect(answer.health).toMatchObject({ status: 'ok', uptime24h: 1, browserCallable: true });
    // Its capabilities were measured too: this minimal server answers old state and batches of 10, not traces.
    expect(answer.capabilities).toMatchObject({
      archive: { value: true },
      trace: { value: false },
      batchLimit: { value: 10 },
    });
    const listed = (await chainEndpoints()).find((x) => x.id === e.id)!;
    expect(listed.health).toEqual(answer.health);
    expect(listed.capabilities).toEqual(answer.capabilities);
    // "N/M endpoints healthy": one, out of the keyless ones (one.example, two.example and this one).
    const counts = { endpointsHealthy: 1, endpointsChecked: 1, endpointsPublic: 3 };
    expect((await t.get('/api/chains/health-chain')).body).toMatchObject(counts);
    const list = chainWithStatsListSchema.parse((await t.get('/api/chains/with-stats')).body);
    expect(list.find((c) => c.id === chainId)).toMatchObject(counts);
    const [first] = chainWithStatsListSchema.parse((await t.get('/api/chains/with-stats?limit=1')).body);
    expect(first.endpointsPublic).toBeGreaterThan(0);
    expect(first).toEqual(list[0]);
    const history = endpointHistorySchema.parse((await t.get(`/api/endpoints/${e.id}/history?window=7d`)).body);
    expect(history).toEqual([expect.objectContaining({ probes: 1, ok: 1 })]);
    expect((await t.get(`/api/endpoints/${e.id}/history?window=1y`)).status).toBe(400);
    expect((await t.get('/api/endpoints/99999999/history')).status).toBe(404);
    const prober = proberStateSchema.parse((await t.get('/api/health/prober')).body);
    expect(prober.state).toBe('running');
    expect(prober.byStatus.ok).toBe(1);
    const [{ count }] = await t.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM chain_rpc_endpoints`;
    expect(prober.endpoints).toBe(count);
    expect(Object.values(prober.byStatus).reduce((a, b) => a + b)).toBe(count);
  });

  it('probe now: an unreachable address is answered but not recorded (no network is never "down")', async () => {
    const e = await addEndpoint({ url: `http://127.0.0.1:${await closedPort()}/` });
    const answer = probeNowSchema.parse((await admin.json('POST', `/api/admin/endpoints/${e.id}/probe`)).body);
    expect(answer).toMatchObject({ recorded: false, probe: { errorClass: 'connect' }, health: UNVERIFIED_HEALTH });
    const keyed = await addEndpoint({ url: 'https://keyed.example/${API_KEY}', needsApiKey: true });
    expect((await admin.json('POST', `/api/admin/endpoints/${keyed.id}/probe`)).status).toBe(409);
  });

  it('edit in place: the id and health stay; a new URL starts its health again and keeps its history', async () => {
    const e = (await chainEndpoints()).find((x) => x.url === rpc.url)!;
    const edited = await admin.json('PUT', `/api/admin/endpoints/${e.id}`, { tracking: 'limited' });
    expect(edited.body).toMatchObject({ id: e.id, tracking: 'limited', health: { status: 'ok' } });
    const moved = await admin.json('PUT', `/api/admin/endpoints/${e.id}`, { url: `${rpc.url}v2` });
    expect(moved.body).toMatchObject({ id: e.id, url: `${rpc.url}v2`, health: UNVERIFIED_HEALTH });
    expect((await t.get(`/api/endpoints/${e.id}/history`)).body).toHaveLength(1);
    expect((await admin.json('PUT', '/api/admin/endpoints/99999999', { tracking: 'none' })).status).toBe(404);
    const clash = await admin.json('PUT', `/api/admin/endpoints/${e.id}`, { url: 'https://one.example' });
    expect(clash.status).toBe(409);
  });

  it('dead endpoints (down 7 days in a row) are listed for admins and removed in one click', async () => {
    const e = (await chainEndpoints()).find((x) => x.url === 'https://two.example')!;
    await t.sql`
      INSERT INTO endpoint_health (endpoint_id, next_probe_at, status, checked_at, down_since)
      VALUES (${e.id!}, now(), 'down', now(), now() - interval '8 days')`;
    const dead = adminEndpointListSchema.parse((await admin.json('GET', '/api/admin/endpoints?dead=1')).body);
    expect(dead.map((x) => x.id)).toEqual([e.id]);
    expect(dead[0].health.downSince).not.toBeNull();
    expect(await admin.json('DELETE', `/api/admin/endpoints/${e.id}`)).toEqual({
      status: 200,
      body: { id: e.id, deleted: true },
    });
    expect((await chainEndpoints()).some((x) => x.id === e.id)).toBe(false);
    expect((await admin.json('DELETE', `/api/admin/endpoints/${e.id}`)).status).toBe(404);
  });
});

describe('GET /api/health/prober with PROBES=off', () => {
  it('says off while no prober anywhere starts rounds; a worker process elsewhere shows through', async () => {
    const off = await startTestServer({ PROBES: 'off', PROBE_INTERVAL_S: '60' });
    const prober = async () => proberStateSchema.parse((await off.get('/api/health/prober')).body);
    // As the worker's round does: write the state, then clear the cached answers (through NOTIFY on PostgreSQL,
    // so this process hears of it a moment later: the reads poll).
    const roundStarted = async (secondsAgo: number, state: 'running' | 'paused', reason: string | null) => {
      await off.sql`
        UPDATE prober_state SET state = ${state}, reason = ${reason},
          round_started_at = now() - make_interval(secs => ${secondsAgo})`;
      await off.db.publishInvalidation();
    };
    try {
      const state = await prober();
      expect(state).toMatchObject({ state: 'off', lastRoundAt: null });
      expect(state.byStatus.unverified).toBe(state.endpoints);
      await roundStarted(30, 'paused', 'No network');
      const polled = () => expect.poll(prober, { timeout: 10_000 });
      await polled().toMatchObject({ state: 'paused', reason: 'No network' });
      await roundStarted(100, 'running', null);
      await polled().toMatchObject({ state: 'running', reason: null });
      await roundStarted(130, 'running', null);
      await polled().toMatchObject({ state: 'off', reason: expect.stringContaining('PROBES=off') });
    } finally {
      await off.close();
    }
  });
});

describe('GET /api/health/prober with PROBES=on', () => {
  it('says stalled once no round has started for two intervals, though nothing was written since', async () => {
    // The repository's own index.html as the built shell, so that pages render (and are kept).
    const distDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-prober-'));
    copyFileSync('index.html', path.join(distDir, 'index.html'));
    const on = await startTestServer({ PROBES: 'on', PROBE_INTERVAL_S: '1' }, { distDir });
    const prober = async () => proberStateSchema.parse((await on.get('/api/health/prober')).body);
    try {
      // A round starts (the prober's write, then its notice), then the prober dies: nothing more is written.
      await on.sql`UPDATE prober_state SET state = 'running', reason = NULL, round_started_at = now()`;
      await on.db.publishInvalidation();
      await expect.poll(prober, { timeout: 10_000 }).toMatchObject({ state: 'running', reason: null });
      const page = async () => (await on.request('/status')).text();
      expect(await page()).not.toContain(PROBER_STALLED_REASON);
      // Two intervals (2 s) later the cached answer and the kept page are redone, without any write.
      await expect.poll(prober, { timeout: 10_000 }).toMatchObject({ state: 'paused', reason: PROBER_STALLED_REASON });
      expect(await page()).toContain(PROBER_STALLED_REASON);
      // Rounds start again: running.
      await on.sql`UPDATE prober_state SET round_started_at = now()`;
      await on.db.publishInvalidation();
      await expect.poll(prober, { timeout: 10_000 }).toMatchObject({ state: 'running', reason: null });
    } finally {
      await on.close();
    }
  });
});
