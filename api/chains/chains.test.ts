import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import {
  chainDetailSchema,
  chainListSchema,
  chainSummaryListSchema,
  chainWithStatsListSchema,
  connectSnippetsSchema,
} from '../../contract/chains.ts';
import { connectSnippets } from '../../contract/snippets.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/chains', () => {
  it('lists the 139 chains of the dataset in dataset order', async () => {
    const res = await t.get('/api/chains');
    expect(res.status).toBe(200);
    const chains = chainListSchema.parse(res.body);
    expect(chains).toHaveLength(139);
    expect(chains[0]).toMatchObject({ slug: 'ethereum', name: 'Ethereum Mainnet', evmChainId: 1, color: '#3b82f6' });
    expect(chains.filter((c) => c.isTestnet)).toHaveLength(29);
  });

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await t.request('/api/chains');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch() adds "Cache-Control: no-cache" to conditional requests unless told otherwise,
    // and no-cache rightly forbids a 304; a browser revalidating its cache sends max-age=0.
    const again = await t.request('/api/chains', { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });

  it('gives the chains of data/chain-icons.json their shipped icon, which public/ holds, and the others none', async () => {
    const chains = chainListSchema.parse((await t.get('/api/chains')).body);
    const icon = (slug: string) => chains.find((c) => c.slug === slug)!.iconUrl;
    expect(icon('base')).toBe('/chain-icons/base.svg');
    expect(icon('ethereum-hoodi')).toBe('/chain-icons/ethereum.svg'); // a testnet with its mainnet's icon
    expect(icon('evmos')).toBeNull(); // not drawn by the icon package: the letter tile
    const withIcon = chains.filter((c) => c.iconUrl);
    expect(withIcon).toHaveLength(102);
    const publicDir = path.resolve(import.meta.dirname, '../../public');
    expect(withIcon.filter((c) => !existsSync(path.join(publicDir, c.iconUrl!)))).toEqual([]);
  });

  it('compresses large responses', async () => {
    const res = await t.request('/api/chains', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('GET /api/chains/summary', () => {
  it('gives every chain of the list, in its order, with its link, chain ID and testnet flag only', async () => {
    const chains = chainListSchema.parse((await t.get('/api/chains')).body);
    const res = await t.get('/api/chains/summary');
    expect(res.status).toBe(200);
    const summary = chainSummaryListSchema.parse(res.body);
    expect(res.body).toEqual(
      chains.map(({ id, name, slug, iconUrl, color, evmChainId, isTestnet }) => ({
        id,
        name,
        slug,
        iconUrl,
        color,
        evmChainId,
        isTestnet,
      })),
    );
    expect(summary).toHaveLength(139);
  });
});

describe('GET /api/chains/summary?testnet&first', () => {
  it('gives the first chains of the summary, of one kind or of both, in its order', async () => {
    const summary = chainSummaryListSchema.parse((await t.get('/api/chains/summary')).body);
    const testnets = summary.filter((c) => c.isTestnet);
    expect(testnets.length).toBeGreaterThan(6);
    expect((await t.get('/api/chains/summary?first=16')).body).toEqual(summary.slice(0, 16));
    expect((await t.get('/api/chains/summary?testnet=true&first=6')).body).toEqual(testnets.slice(0, 6));
    expect((await t.get('/api/chains/summary?testnet=false')).body).toEqual(summary.filter((c) => !c.isTestnet));
    expect((await t.get('/api/chains/summary?first=0')).status).toBe(400);
    expect((await t.get('/api/chains/summary?testnet=yes')).status).toBe(400);
  });
});

describe('GET /api/chains/with-stats', () => {
  it('counts providers per chain from the links of both kinds, each provider once', async () => {
    const res = await t.get('/api/chains/with-stats');
    const chains = chainWithStatsListSchema.parse(res.body);
    const [{ n }] = await t.sql<{ n: number }[]>`
      SELECT count(DISTINCT pc.provider_id)::int AS n FROM provider_chains pc JOIN chains c ON c.id = pc.chain_id
      WHERE c.slug = 'ethereum'`;
    expect(chains.find((c) => c.slug === 'ethereum')!.providerCount).toBe(n);
    expect(n).toBeGreaterThan(10);
    expect(chains.every((c) => c.averageRating === 0)).toBe(true); // no approved reviews yet
  });
});

describe('GET /api/chains/{slug}', () => {
  it('returns the chain with its facts and public endpoints', async () => {
    const res = await t.get('/api/chains/base');
    expect(res.status).toBe(200);
    const chain = chainDetailSchema.parse(res.body);
    expect(chain.evmChainId).toBe(8453);
    expect(chain.nativeCurrency?.symbol).toBe('ETH');
    expect(chain.explorers.length).toBeGreaterThan(0);
    expect(chain.rpcEndpoints.length).toBeGreaterThan(5);
    expect(chain.rpcEndpoints.some((e) => e.provider?.slug === 'publicnode')).toBe(true);
  });

  it('links an L2 to its parent chain', async () => {
    const res = await t.get('/api/chains/arbitrum-one');
    expect(chainDetailSchema.parse(res.body).parentChain?.slug).toBe('ethereum');
  });

  it('answers 404 with a message for an unknown slug', async () => {
    const res = await t.get('/api/chains/no-such-chain');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Chain not found' });
  });
});

describe('GET /api/chains/{slug}/snippets', () => {
  it("answers the contract's snippets for the chain's detail, the chain JSON included", async () => {
    const res = await t.get('/api/chains/base/snippets');
    expect(res.status).toBe(200);
    const snippets = connectSnippetsSchema.parse(res.body);
    const detail = chainDetailSchema.parse((await t.get('/api/chains/base')).body);
    expect(snippets).toEqual(connectSnippets(detail));
    expect(snippets.viem).toContain('defineChain');
    expect(snippets.eip3085!.chainId).toBe('0x2105');
    expect(snippets.ethereumLists).toMatchObject({ chainId: 8453, networkId: 8453, chain: 'ETH', shortName: 'base' });
  });

  it("puts one of the chain's keyless endpoints first with ?endpoint=, and refuses any other id", async () => {
    const detail = chainDetailSchema.parse((await t.get('/api/chains/base')).body);
    const keyless = detail.rpcEndpoints.filter((e) => !e.needsApiKey && e.url.startsWith('https:'));
    const last = keyless.at(-1)!;
    const res = await t.get(`/api/chains/base/snippets?endpoint=${last.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(connectSnippets(detail, { chosenUrl: last.url }));
    expect(res.body.eip3085.rpcUrls[0]).toBe(last.url);

    const ethereum = chainDetailSchema.parse((await t.get('/api/chains/ethereum')).body);
    const message = { message: 'No HTTPS or WebSocket endpoint of this chain without an API key has that id' };
    expect(await t.get(`/api/chains/base/snippets?endpoint=${ethereum.rpcEndpoints[0].id}`)).toMatchObject({
      status: 404,
      body: message,
    });
    const keyed = detail.rpcEndpoints.find((e) => e.needsApiKey);
    if (keyed) expect((await t.get(`/api/chains/base/snippets?endpoint=${keyed.id}`)).status).toBe(404);
    expect((await t.get('/api/chains/base/snippets?endpoint=abc')).status).toBe(400);
  });

  it("gives one provider's own config with ?provider=: its keyless endpoints, its key templates from the environment", async () => {
    const detail = chainDetailSchema.parse((await t.get('/api/chains/base')).body);
    const res = await t.get('/api/chains/base/snippets?provider=alchemy');
    expect(res.status).toBe(200);
    const snippets = connectSnippetsSchema.parse(res.body);
    expect(snippets.viem).toContain('const ALCHEMY_API_KEY = process.env.ALCHEMY_API_KEY;');
    expect(snippets.viem).toContain('`https://base-mainnet.g.alchemy.com/v2/${ALCHEMY_API_KEY}`');
    expect(snippets.foundry).toContain('base = "https://base-mainnet.g.alchemy.com/v2/${ALCHEMY_API_KEY}"');
    expect(JSON.stringify(snippets)).not.toContain('{API_KEY}');
    const others = detail.rpcEndpoints.filter((e) => e.provider?.slug !== 'alchemy');
    for (const e of others) expect(snippets.viem).not.toContain(JSON.stringify(e.url));

    // A provider with public endpoints on the chain: those, and nothing of the others.
    const owned = detail.rpcEndpoints.find((e) => e.provider && !e.needsApiKey && e.url.startsWith('https:'))!;
    const own = connectSnippetsSchema.parse(
      (await t.get(`/api/chains/base/snippets?provider=${owned.provider!.slug}`)).body,
    );
    expect(own.eip3085!.rpcUrls).toContain(owned.url);
    const ownUrls = detail.rpcEndpoints.filter((e) => e.provider?.id === owned.provider!.id).map((e) => e.url);
    for (const url of own.eip3085!.rpcUrls) expect(ownUrls).toContain(url);
  });

  it('answers 404 for a provider that does not serve the chain, 400 for provider and endpoint together', async () => {
    const [outsider] = await t.sql<{ slug: string }[]>`
      SELECT p.slug FROM providers p
      WHERE NOT EXISTS (SELECT 1 FROM provider_chains pc JOIN chains c ON c.id = pc.chain_id
                        WHERE pc.provider_id = p.id AND c.slug = 'base')
        AND NOT EXISTS (SELECT 1 FROM chain_rpc_endpoints e JOIN chains c ON c.id = e.chain_id
                        WHERE e.provider_id = p.id AND c.slug = 'base')
      ORDER BY p.id LIMIT 1`;
    expect(await t.get(`/api/chains/base/snippets?provider=${outsider.slug}`)).toMatchObject({
      status: 404,
      body: { message: 'This provider does not serve this chain' },
    });
    expect(await t.get('/api/chains/base/snippets?provider=no-such-provider')).toMatchObject({
      status: 404,
      body: { message: 'Provider not found' },
    });
    const detail = chainDetailSchema.parse((await t.get('/api/chains/base')).body);
    const keyless = detail.rpcEndpoints.find((e) => !e.needsApiKey && e.url.startsWith('https:'))!;
    expect(await t.get(`/api/chains/base/snippets?provider=alchemy&endpoint=${keyless.id}`)).toMatchObject({
      status: 400,
      body: { message: 'Use either provider or endpoint' },
    });
  });

  it('is a cached public read', async () => {
    const res = await t.request('/api/chains/base/snippets');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 404 for an unknown chain and for a chain no library could connect to', async () => {
    expect((await t.get('/api/chains/no-such-chain/snippets')).status).toBe(404);
    await t.sql`INSERT INTO chains (name, slug) VALUES ('No EVM', 'no-evm-snippets')`;
    const res = await t.get('/api/chains/no-evm-snippets/snippets');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.stringContaining('No connection snippets') });
    await t.sql`DELETE FROM chains WHERE slug = 'no-evm-snippets'`;
  });

  it('fills the ethereum-lists facts of a database seeded before they were kept (migration 00010)', async () => {
    const [row] = await t.sql<{ facts: unknown }[]>`SELECT ethereum_lists AS facts FROM chains WHERE slug = 'gnosis'`;
    const file = path.resolve(import.meta.dirname, '../../sql/migrations/00010_chain_ethereum_lists.sql');
    const migration = readFileSync(file, 'utf8');
    await t.sql`UPDATE chains SET ethereum_lists = NULL`;
    await t.sql.unsafe(migration.replace(/^ALTER TABLE.*$/m, ''));
    const [again] = await t.sql<{ facts: unknown }[]>`SELECT ethereum_lists AS facts FROM chains WHERE slug = 'gnosis'`;
    expect(again.facts).toEqual(row.facts);
    expect(row.facts).toMatchObject({ chain: 'GNO', networkId: 100 });
    expect((row.facts as { faucets: string[] }).faucets.length).toBeGreaterThan(0);
  });
});
