// Provider-chain links by kind and source (public endpoint, with an API key), and provider facts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signInAdmin } from '../admin/test-support.ts';
import type { SignedIn } from '../test/sign-in.ts';
import { providerDetailSchema, providerListSchema } from '../../contract/providers.ts';
import { chainWithStatsListSchema } from '../../contract/chains.ts';
import { chainKindFromEndpoints } from '../../contract/key-rule.ts';
import { readDataset } from '../db/seed.ts';

let t: TestServer;
let admin: SignedIn;
let base: { id: number };
beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAdmin(t);
  [base] = await t.sql<{ id: number }[]>`SELECT id FROM chains WHERE slug = 'base'`;
});
afterAll(async () => {
  await t.close();
});

// The documentation commits data/sources/ holds (each SOURCE.json).
const INFURA = '09e7c74c5b3beae377abc82d26ceb033270c0e6e';
const CHAINSTACK = 'b9b6cba29f60d19cac087accc6c4a2d034f79f06';
const ANKR = 'de295ab04d9ad58620a80f647f23827f39d7b5e6';
const GETBLOCK = '2225e4c710cdeaadc8f66fd167ab436e2bd1a519';

const providerId = async (slug: string) =>
  (await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = ${slug}`)[0].id;

describe('the loaded links', () => {
  it('counts the sourced links of data/provider-coverage.json and data/provider-docs-coverage.json by provider and source', async () => {
    const rows = await t.sql<{ slug: string; source: string; n: number }[]>`
      SELECT p.slug, pc.source, count(*)::int AS n FROM provider_chains pc JOIN providers p ON p.id = pc.provider_id
      WHERE pc.kind = 'api-key' GROUP BY p.slug, pc.source ORDER BY p.slug, pc.source`;
    expect(rows).toEqual(
      [
        { slug: 'alchemy', source: 'alchemy-sdk@3.6.5', n: 58 },
        { slug: 'alchemy', source: '@account-kit/infra@4.88.5', n: 3 },
        { slug: 'ankr', source: `Ankr-network/ankr-docs@${ANKR}:pages/rpc-service/chains/chains-list.mdx`, n: 45 },
        { slug: 'chainstack', source: `chainstack/dev-portal@${CHAINSTACK}:node-options-master-list.json`, n: 38 },
        { slug: 'getblock', source: `GetBlock-io/getblock-docs@${GETBLOCK}:api-reference`, n: 31 },
        { slug: 'infura', source: '@wagmi/chains@1.8.0', n: 8 },
        { slug: 'infura', source: `MetaMask/metamask-docs@${INFURA}:services/get-started/endpoints.md`, n: 28 },
        { slug: 'quicknode', source: '@quicknode/sdk@2.6.0', n: 45 },
        { slug: 'thirdweb', source: '@thirdweb-dev/chains@0.1.120', n: 107 },
      ].sort((a, b) => a.slug.localeCompare(b.slug) || a.source.localeCompare(b.source)),
    );
    const [{ n }] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM provider_chains WHERE kind = 'public-endpoint' AND source = 'dataset'`;
    expect(n).toBe(983);
  });
});

describe('the key rule over the whole shipped dataset', () => {
  it("marks a chain 'public-endpoint' exactly where the provider lists a keyless endpoint on it", async () => {
    const { chains } = readDataset();
    const listed = new Map<string, { needsApiKey: boolean }[]>();
    for (const c of chains) {
      for (const e of c.publicRpcs.filter((r) => r.provider)) {
        const key = `${e.provider} ${c.slug}`;
        listed.set(key, [...(listed.get(key) ?? []), e]);
      }
    }
    const providers = providerListSchema.parse((await t.get('/api/providers')).body);
    const keyOnlyTags = new Map<string, string[]>();
    for (const p of providers) {
      for (const c of p.chains ?? []) {
        expect({ provider: p.slug, chain: c.slug, kind: c.kind }).toEqual({
          provider: p.slug,
          chain: c.slug,
          kind: chainKindFromEndpoints(listed.get(`${p.slug} ${c.slug}`) ?? []),
        });
        const endpoints = listed.get(`${p.slug} ${c.slug}`);
        if (endpoints?.every((e) => e.needsApiKey))
          keyOnlyTags.set(p.slug, [...(keyOnlyTags.get(p.slug) ?? []), c.slug]);
      }
    }
    // The tags where every listed endpoint needs a key, which a link's stored kind had marked public.
    expect(keyOnlyTags.get('dwellir')).toContain('base');
    expect(keyOnlyTags.get('owlracle')).toContain('base');
    expect(keyOnlyTags.get('alchemy')).toContain('ethereum');
    expect(keyOnlyTags.size).toBe(14);
    expect([...keyOnlyTags.values()].flat().length).toBe(91);
    const onBase = providerListSchema.parse((await t.get(`/api/providers/by-chain/${base.id}`)).body);
    expect(
      onBase
        .filter((p) => ['dwellir', 'owlracle'].includes(p.slug))
        .map((p) => p.chains?.find((c) => c.id === base.id)?.kind),
    ).toEqual(['api-key', 'api-key']);
  });
});

describe('the shipped facts', () => {
  it('loads every fact of data/provider-facts.json, each with its source and date, and no other', async () => {
    const { facts } = readDataset();
    const rows = await t.sql<{ slug: string; fact: string; sourceUrl: string; asOf: string }[]>`
      SELECT p.slug, f.fact, f.source_url, to_char(f.as_of, 'YYYY-MM-DD') AS as_of
      FROM provider_facts f JOIN providers p ON p.id = f.provider_id ORDER BY p.slug, f.fact`;
    const shipped = Object.entries(facts)
      .flatMap(([slug, named]) =>
        Object.entries(named).map(([fact, f]) => ({ slug, fact, sourceUrl: f!.sourceUrl, asOf: f!.asOf })),
      )
      .sort((a, b) => a.slug.localeCompare(b.slug) || a.fact.localeCompare(b.fact));
    expect(rows).toEqual(shipped);
    expect(rows.length).toBe(89);
  });
});

describe('answers', () => {
  it("Alchemy's detail lists Base as api-key, with its URL template", async () => {
    const res = await t.get('/api/providers/alchemy');
    const alchemy = providerDetailSchema.parse(res.body);
    expect(alchemy.chains.find((c) => c.slug === 'base')).toMatchObject({ id: base.id, kind: 'api-key' });
    expect(alchemy.chains.length).toBeGreaterThanOrEqual(61);
    expect(alchemy.apiKeyChains?.find((l) => l.chain.slug === 'base')).toEqual({
      chain: expect.objectContaining({ slug: 'base' }),
      source: 'alchemy-sdk@3.6.5',
      sourceUrl: 'https://www.npmjs.com/package/alchemy-sdk/v/3.6.5',
      asOf: '2025-10-04',
      urlTemplates: [
        'https://base-mainnet.g.alchemy.com/v2/{API_KEY}',
        'wss://base-mainnet.g.alchemy.com/v2/{API_KEY}',
      ],
      alsoListedBy: [],
    });
    // Stated by Chain.Love's plan list at its commit, dated by the commit (data/provider-facts.json).
    expect(alchemy.facts?.freeTier).toEqual({
      value: true,
      note: '25 reqs/sec, 30M CU/mo',
      sourceUrl:
        'https://github.com/Chain-Love/chain-love/blob/0d8d7f4052a977df95f3449b988a3a1db1bf9fdc/references/offers/apis.csv',
      asOf: '2026-08-21',
    });
  });

  it('Infura, Chainstack and Ankr serve Base with an API key by their own documentation, dated; Alchemy and QuickNode stay', async () => {
    const onBase = providerListSchema.parse((await t.get(`/api/providers/by-chain/${base.id}`)).body);
    const kinds = Object.fromEntries(onBase.map((p) => [p.slug, p.chains?.find((c) => c.id === base.id)?.kind]));
    expect(kinds).toMatchObject({
      infura: 'api-key',
      chainstack: 'api-key',
      ankr: 'api-key',
      alchemy: 'api-key',
      quicknode: 'api-key',
    });
    const docs = {
      infura: {
        source: `MetaMask/metamask-docs@${INFURA}:services/get-started/endpoints.md`,
        sourceUrl: `https://github.com/MetaMask/metamask-docs/blob/${INFURA}/services/get-started/endpoints.md`,
        asOf: '2026-02-08',
        urlTemplates: ['https://base-mainnet.infura.io/v3/{API_KEY}', 'wss://base-mainnet.infura.io/ws/v3/{API_KEY}'],
      },
      chainstack: {
        source: `chainstack/dev-portal@${CHAINSTACK}:node-options-master-list.json`,
        sourceUrl: `https://github.com/chainstack/dev-portal/blob/${CHAINSTACK}/node-options-master-list.json`,
        asOf: '2026-08-22',
        urlTemplates: [],
      },
      ankr: {
        source: `Ankr-network/ankr-docs@${ANKR}:pages/rpc-service/chains/chains-list.mdx`,
        sourceUrl: `https://github.com/Ankr-network/ankr-docs/blob/${ANKR}/pages/rpc-service/chains/chains-list.mdx`,
        asOf: '2026-05-11',
        urlTemplates: ['https://rpc.ankr.com/base/{API_KEY}'],
      },
    };
    for (const [slug, cited] of Object.entries(docs)) {
      const detail = providerDetailSchema.parse((await t.get(`/api/providers/${slug}`)).body);
      expect(detail.apiKeyChains?.find((l) => l.chain.id === base.id)).toMatchObject(cited);
    }
  });

  it('every sourced API-key entry of every provider names its source, its page and its date; one entry per chain', async () => {
    const providers = providerListSchema.parse((await t.get('/api/providers')).body);
    const keyed = providers.filter((p) => p.chains?.some((c) => c.kind === 'api-key'));
    let entries = 0;
    for (const p of keyed) {
      const detail = providerDetailSchema.parse((await t.get(`/api/providers/${p.slug}`)).body);
      const links = detail.apiKeyChains ?? [];
      expect(new Set(links.map((l) => l.chain.id)).size).toBe(links.length);
      for (const l of links.filter((link) => link.source !== 'admin')) {
        expect(l.sourceUrl).toMatch(/^https:\/\/(github\.com|www\.npmjs\.com)\//);
        expect(l.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        for (const also of l.alsoListedBy ?? []) expect(also.asOf! <= l.asOf!).toBe(true);
        entries++;
      }
    }
    expect(entries).toBeGreaterThan(300);
    // Infura's Ethereum: its documentation (newer) is the entry's source, the npm package it was read from before is kept.
    const infura = providerDetailSchema.parse((await t.get('/api/providers/infura')).body);
    expect(infura.apiKeyChains?.find((l) => l.chain.slug === 'ethereum')).toMatchObject({
      asOf: '2026-02-08',
      alsoListedBy: [{ source: '@wagmi/chains@1.8.0', asOf: '2024-12-07' }],
    });
  });

  it("a chain served both ways, with a keyless endpoint listed, is 'public-endpoint', once", async () => {
    const [both] = await t.sql<{ slug: string; chainId: number }[]>`
      SELECT p.slug, pc.chain_id FROM provider_chains pc JOIN providers p ON p.id = pc.provider_id
      WHERE EXISTS (SELECT 1 FROM chain_rpc_endpoints e
                    WHERE e.provider_id = p.id AND e.chain_id = pc.chain_id AND NOT e.needs_api_key)
      GROUP BY p.slug, pc.chain_id HAVING count(DISTINCT pc.kind) = 2 LIMIT 1`;
    const provider = providerDetailSchema.parse((await t.get(`/api/providers/${both.slug}`)).body);
    const entries = provider.chains.filter((c) => c.id === both.chainId);
    expect(entries).toEqual([expect.objectContaining({ kind: 'public-endpoint' })]);
  });

  it("Base's provider list and provider count include the api-key providers, each once", async () => {
    const providers = providerListSchema.parse((await t.get(`/api/providers/by-chain/${base.id}`)).body);
    const slugs = providers.map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['alchemy', 'quicknode', 'thirdweb']));
    expect(new Set(slugs).size).toBe(slugs.length);
    const paged = providerListSchema.parse((await t.get(`/api/providers/by-chain/${base.id}?limit=1000`)).body);
    expect(paged.map((p) => p.slug)).toEqual(slugs);
    const chains = chainWithStatsListSchema.parse((await t.get('/api/chains/with-stats')).body);
    expect(chains.find((c) => c.id === base.id)?.providerCount).toBe(slugs.length);
  });
});

describe('admin links', () => {
  it('PUT …/chains replaces only the admin links, never the sourced ones, and answers every chain served', async () => {
    const id = await providerId('alchemy');
    const before = await t.sql`SELECT chain_id, source FROM provider_chains WHERE provider_id = ${id} ORDER BY 1, 2`;
    const served = new Set(before.map((r) => r.chainId)).size;
    const [extra] = await t.sql<{ id: number }[]>`
      SELECT id FROM chains WHERE id NOT IN (SELECT chain_id FROM provider_chains WHERE provider_id = ${id}) LIMIT 1`;

    const add = await admin.json('PUT', `/api/admin/providers/${id}/chains`, { chainIds: [base.id, extra.id] });
    expect(add.status).toBe(200);
    expect(add.body.chainIds).toContain(extra.id);
    expect(add.body.chainIds).toHaveLength(served + 1);
    const admins = await t.sql`SELECT chain_id FROM provider_chains WHERE provider_id = ${id} AND source = 'admin'`;
    expect(admins).toEqual([{ chainId: extra.id }]); // Base is sourced: no admin copy

    const cleared = await admin.json('PUT', `/api/admin/providers/${id}/chains`, { chainIds: [] });
    expect(cleared.body.chainIds).toHaveLength(served);
    const after = await t.sql`SELECT chain_id, source FROM provider_chains WHERE provider_id = ${id} ORDER BY 1, 2`;
    expect(after).toEqual(before);
  });

  it('POST …/chains/{chainId} adds an admin link only for a chain not served yet', async () => {
    const id = await providerId('alchemy');
    await admin.json('POST', `/api/admin/providers/${id}/chains/${base.id}`);
    const [{ n }] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM provider_chains WHERE provider_id = ${id} AND source = 'admin'`;
    expect(n).toBe(0);
  });
});

describe('facts', () => {
  const source = { sourceUrl: 'https://example.com/pricing', asOf: '2026-11-20' };
  const facts = {
    freeTier: { value: true, note: '30M compute units a month', ...source },
    pricingModel: { value: 'compute units', note: null, ...source },
    startingPrice: { value: 49, note: null, ...source },
  };

  it('an admin sets them; every provider answer carries them; leaving one out makes it unknown', async () => {
    const id = await providerId('infura');
    const saved = await admin.json('PUT', `/api/admin/providers/${id}/facts`, { facts });
    expect(saved.status).toBe(200);
    expect(saved.body.facts).toEqual(facts);
    expect(providerDetailSchema.parse((await t.get('/api/providers/infura')).body).facts).toEqual(facts);
    const list = providerListSchema.parse((await t.get('/api/providers')).body);
    expect(list.find((p) => p.slug === 'infura')?.facts).toEqual(facts);

    const { freeTier } = facts;
    await admin.json('PUT', `/api/admin/providers/${id}/facts`, { facts: { freeTier } });
    expect(providerDetailSchema.parse((await t.get('/api/providers/infura')).body).facts).toEqual({ freeTier });
  });

  it('refuses a fact without a source or date, an unknown fact, a wrong value, and non-admins', async () => {
    const id = await providerId('infura');
    const bad = [
      { freeTier: { value: true, note: null, sourceUrl: '', asOf: '2026-11-20' } },
      { freeTier: { value: true, note: null, sourceUrl: 'https://example.com', asOf: 'yesterday' } },
      { colour: { value: true, note: null, sourceUrl: 'https://example.com', asOf: '2026-11-20' } },
      { archive: { value: 'yes', note: null, sourceUrl: 'https://example.com', asOf: '2026-11-20' } },
    ];
    for (const body of bad) {
      expect((await admin.json('PUT', `/api/admin/providers/${id}/facts`, { facts: body })).status).toBe(400);
    }
    const anonymous = await t.request(`/api/admin/providers/${id}/facts`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: t.url },
      body: JSON.stringify({ facts }),
    });
    expect(anonymous.status).toBe(401);
    expect((await admin.json('PUT', '/api/admin/providers/999999/facts', { facts })).status).toBe(404);
  });
});
