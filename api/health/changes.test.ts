// The change log: an admin adds an endpoint, probes it (unverified → working), it breaks (working → down) and is
// removed; each is an entry in GET /api/changes (paged, filtered by chain and provider) and in /changes.atom.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import type { SignedIn } from '../test/sign-in.ts';
import { signInAdmin } from '../admin/test-support.ts';
import { changePageSchema } from '../../contract/health.ts';
import { startFakeRpc, type FakeRpc } from './test-servers.ts';
import { shippedSnapshot } from '../refresh/test-support.ts';
import type { RefreshDiff } from '../../contract/refresh.ts';

const EVM_ID = 515151;
let t: TestServer;
let admin: SignedIn;
let rpc: FakeRpc;
let broken = false;

beforeAll(async () => {
  t = await startTestServer({ PROBE_ALLOW_PRIVATE: '1' });
  admin = await signInAdmin(t);
  // Capabilities are not this test's: eth_getBalance answers so that their check stays short.
  rpc = await startFakeRpc({
    chainId: EVM_ID,
    handle: (method) =>
      broken
        ? { error: { code: -32000, message: 'internal error' } }
        : method === 'eth_getBalance'
          ? { result: '0x0' }
          : undefined,
  });
  await admin.json('POST', '/api/admin/chains', { name: 'Change & Co', slug: 'change-chain', evmChainId: EVM_ID });
});
afterAll(async () => {
  await rpc.close();
  await t.close();
});

const changes = async (query = '') => {
  const res = await t.get(`/api/changes${query}`);
  expect(res.status).toBe(200);
  return changePageSchema.parse(res.body);
};

describe('the change log', () => {
  it('has an entry for each endpoint added, each status change and each removal, newest first', async () => {
    const [{ id: chainId }] = await t.sql<{ id: number }[]>`SELECT id FROM chains WHERE slug = 'change-chain'`;
    // The shipped dataset's endpoints were loaded, not added: the log starts empty.
    expect((await changes()).items).toEqual([]);
    const added = await admin.json('POST', '/api/admin/endpoints', { chainId, url: rpc.url });
    const id = added.body.id as number;
    expect((await admin.json('POST', `/api/admin/endpoints/${id}/probe`)).status).toBe(200);
    broken = true;
    expect((await admin.json('POST', `/api/admin/endpoints/${id}/probe`)).body.health.status).toBe('down');
    expect((await admin.json('DELETE', `/api/admin/endpoints/${id}`)).status).toBe(200);

    const { items, next } = await changes('?chain=change-chain');
    expect(next).toBeNull();
    expect(items.map((c) => [c.kind, c.from, c.to])).toEqual([
      ['removed', null, null],
      ['status', 'ok', 'down'],
      ['status', 'unverified', 'ok'],
      ['added', null, null],
    ]);
    expect(items[0]).toMatchObject({
      endpoint: { id, url: rpc.url },
      chain: { slug: 'change-chain', name: 'Change & Co' },
      provider: null,
    });
    expect((await changes('?chain=ethereum')).items).toEqual([]);
    expect((await changes('?provider=no-such-provider')).items).toEqual([]);

    // Paged by id: two at a time, `next` naming the older page with the same filter.
    const first = await changes('?chain=change-chain&limit=2');
    expect(first.items.map((c) => c.kind)).toEqual(['removed', 'status']);
    expect(first.next).toBe(`/api/changes?chain=change-chain&limit=2&before=${first.items[1].id}`);
    const second = changePageSchema.parse((await t.get(first.next!)).body);
    expect(second.items.map((c) => c.to)).toEqual(['ok', null]);
    expect(second.next).toBeNull();

    for (const bad of ['?limit=201', '?limit=0', '?before=x']) {
      const res = await t.get(`/api/changes${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('names the refresh from upstream that listed or took off an endpoint; an admin taking one off is a removal', async () => {
    const chains = shippedSnapshot();
    const ethereum = chains.find((c) => c.chainId === 1)!;
    const removedUrl = ethereum.rpc.shift()!.url;
    ethereum.rpc.push({ url: 'https://fresh.refresh.example/', tracking: 'none' });
    const body = new FormData();
    body.append('lastModified', String(Date.parse('2026-11-20T00:00:00Z')));
    body.append('file', new Blob([JSON.stringify(chains)], { type: 'application/json' }), 'rpcs.json');
    const diff = (await (
      await admin.fetch('/api/admin/refresh/preview', { method: 'POST', body })
    ).json()) as RefreshDiff;
    const accept = diff.items.filter((i) => i.evmChainId === 1).map((i) => i.key);
    expect(accept).toHaveLength(2);
    expect((await admin.json('POST', '/api/admin/refresh/apply', { sha256: diff.source.sha256, accept })).status).toBe(
      200,
    );
    const refresh = {
      source: 'chainlist rpcs.json',
      location: 'rpcs.json',
      sourceDate: '2026-11-20T00:00:00.000Z',
      appliedAt: expect.any(String),
    };
    const byRefresh = (await changes('?chain=ethereum')).items;
    expect(byRefresh.map((c) => [c.kind, c.endpoint.url, c.refresh])).toEqual([
      ['removed', removedUrl, refresh],
      ['added', 'https://fresh.refresh.example', refresh],
    ]);

    // An upstream endpoint an admin takes off the list keeps its row (and history), and is a removal of theirs.
    const [kept] = await t.sql<{ id: number; url: string }[]>`
      SELECT e.id, e.url FROM chain_rpc_endpoints e JOIN chains c ON c.id = e.chain_id
      WHERE c.slug = 'ethereum' AND e.removed_at IS NULL AND e.source IS DISTINCT FROM 'admin' ORDER BY e.id LIMIT 1`;
    expect((await admin.json('DELETE', `/api/admin/endpoints/${kept.id}`)).status).toBe(200);
    const [latest] = (await changes('?chain=ethereum&limit=1')).items;
    expect(latest).toMatchObject({ kind: 'removed', endpoint: { id: kept.id, url: kept.url }, refresh: null });
    const xml = await (await t.request('/changes.atom?chain=ethereum')).text();
    const where = [byRefresh[0].chain?.name, byRefresh[0].provider?.name].filter(Boolean).join(', ');
    expect(xml).toContain(`${removedUrl} (${where}): removed from chainlist rpcs.json (rpcs.json)]]>`);
  });

  it('/changes.atom: the latest changes as Atom, escaped, per chain', async () => {
    const res = await t.request('/changes.atom?chain=change-chain');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml.match(/<entry>/g)).toHaveLength(4);
    // Titles go as CDATA; attribute and element text are escaped.
    expect(xml).toContain('(Change & Co): working → down]]></title>');
    expect(xml).toMatch(/<id>http:\/\/[^<]+\/api\/changes\?before=\d+&amp;limit=1<\/id>/);
    expect((await t.request('/changes.atom?chain=')).status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/changes');
  });
});
