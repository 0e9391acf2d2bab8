// Admin writes of chains, providers and their links: validation, 409 on duplicates (nothing changes),
// partial updates, sanitising, and the admin guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { chainSchema } from '../../contract/chains.ts';
import { adminProviderSchema, providerChainsResponseSchema } from '../../contract/admin.ts';
import { databaseState, pageHead, signInAdmin } from './test-support.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const chainId = async (slug: string) =>
  (await t.sql<{ id: number }[]>`SELECT id FROM chains WHERE slug = ${slug}`)[0].id;
const providerId = async (slug: string) =>
  (await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = ${slug}`)[0].id;

describe('the admin guard', () => {
  it('answers 401 signed out and 403 to a signed-in non-admin, and writes nothing', async () => {
    const before = await databaseState(t);
    const anonymous = await t.request('/api/admin/chains', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: t.url },
      body: JSON.stringify({ name: 'X', slug: 'x' }),
    });
    expect(anonymous.status).toBe(401);
    const user = await signIn(t, 'someone@example.com');
    const res = await user.json('POST', '/api/admin/chains', { name: 'X', slug: 'x' });
    expect(res.status).toBe(403);
    expect((await user.json('GET', '/api/admin/editorial-reviews')).status).toBe(403);
    expect(await databaseState(t)).toBe(before);
  });
});

describe('POST /api/admin/chains', () => {
  it('creates a chain with defaults, answers 201 with the presented row, and the public API shows it', async () => {
    const res = await admin.json('POST', '/api/admin/chains', { name: '  Test Chain ', slug: 'Test-Chain' });
    expect(res.status).toBe(201);
    const chain = chainSchema.parse(res.body);
    expect(chain).toMatchObject({
      name: 'Test Chain',
      slug: 'test-chain',
      color: '#3b82f6',
      description: '',
      isTestnet: false,
      explorers: [],
    });
    expect(chain.id).toBeGreaterThan(0);
    const pub = await t.get('/api/chains/test-chain');
    expect(pub.status).toBe(200);
    expect(pub.body.id).toBe(chain.id);
  });

  it('stores the dataset facts and the endpoints it is given', async () => {
    const res = await admin.json('POST', '/api/admin/chains', {
      name: 'Facts Chain',
      slug: 'facts-chain',
      evmChainId: 987654321,
      shortName: 'fct',
      isTestnet: true,
      nativeCurrency: { name: 'Fact', symbol: 'FCT', decimals: 18 },
      explorers: [{ name: 'Factscan', url: 'https://scan.facts.example' }],
      rpcEndpoints: [
        { url: 'https://rpc.facts.example', tracking: 'none' },
        { url: 'wss://ws.facts.example', needsApiKey: true },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      evmChainId: 987654321,
      shortName: 'fct',
      isTestnet: true,
      nativeCurrency: { symbol: 'FCT', decimals: 18 },
      explorers: [{ name: 'Factscan', url: 'https://scan.facts.example' }],
    });
    const detail = await t.get('/api/chains/facts-chain');
    expect(detail.body.rpcEndpoints.map((e: { url: string }) => e.url)).toEqual([
      'https://rpc.facts.example',
      'wss://ws.facts.example',
    ]);
    expect(detail.body.rpcEndpoints[1].needsApiKey).toBe(true);
  });

  it('refuses a duplicate slug with 409 and a clear message, changing nothing', async () => {
    const before = await databaseState(t);
    const res = await admin.json('POST', '/api/admin/chains', {
      name: 'Another Base',
      slug: 'base',
      rpcEndpoints: [{ url: 'https://x.example' }],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A chain with the slug "base" already exists');
    expect(await databaseState(t)).toBe(before);
  });

  it('refuses a duplicate EVM chain id with 409', async () => {
    const res = await admin.json('POST', '/api/admin/chains', {
      name: 'Fake Ethereum',
      slug: 'fake-ethereum',
      evmChainId: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A chain with the EVM chain id 1 already exists');
  });

  it.each([
    [{ slug: 'no-name' }, 'name: Name is required'],
    [{ name: 'No slug' }, 'slug: Slug is required'],
    [
      { name: 'Bad slug', slug: 'bad slug!' },
      'slug: Slug may contain only lowercase letters, digits and single hyphens',
    ],
    [{ name: 'X', slug: 'x-1', metaTitle: 'x'.repeat(61) }, 'metaTitle: SEO title must be at most 60 characters'],
    [
      { name: 'X', slug: 'x-2', metaDescription: 'x'.repeat(161) },
      'metaDescription: SEO description must be at most 160 characters',
    ],
    [
      { name: 'X', slug: 'x-3', websiteUrl: 'javascript:alert(1)' },
      'websiteUrl: Website URL must be an http:// or https:// URL',
    ],
    [{ name: 'X', slug: 'x-4', twitterUrl: 'not a url' }, 'twitterUrl: Twitter URL must be an http:// or https:// URL'],
    [
      { name: 'X', slug: 'x-5', iconUrl: 'data:image/svg+xml,<svg onload=alert(1)>' },
      'iconUrl: Icon URL must be an https:// URL or an uploaded image',
    ],
    [{ name: 'X', slug: 'x-6', color: 'red' }, 'color: Colour must be a hex colour like #3b82f6'],
    [
      { name: 'X', slug: 'x-7', explorers: [{ name: 'e', url: 'javascript:alert(1)' }] },
      'explorers.0.url: Explorer URL must be an http:// or https:// URL',
    ],
    [
      { name: 'X', slug: 'x-8', rpcEndpoints: [{ url: 'ftp://x' }] },
      'rpcEndpoints.0.url: Endpoint URL must be an http://, https://, ws:// or wss:// URL with a host and no control characters',
    ],
  ])('answers 400 naming the field and the rule (%j)', async (body, message) => {
    const res = await admin.json('POST', '/api/admin/chains', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('accepts exactly 60 / 160 characters and an uploaded image path as icon', async () => {
    const res = await admin.json('POST', '/api/admin/chains', {
      name: 'Limits',
      slug: 'limits',
      metaTitle: 't'.repeat(60),
      metaDescription: 'd'.repeat(160),
      iconUrl: '/objects/6f1c2a7e-9a43-4b8e-bb0e-2b1f6f0e8c11',
      websiteUrl: '',
    });
    expect(res.status).toBe(201);
    expect(res.body.websiteUrl).toBeNull(); // a cleared field is stored as no value
  });
});

describe('PUT /api/admin/chains/{id} and DELETE', () => {
  it('changes only the fields sent and sanitises the rich text', async () => {
    const id = await chainId('base');
    const before = (await t.get('/api/chains/base')).body;
    const res = await admin.json('PUT', `/api/admin/chains/${id}`, {
      metaTitle: 'Base RPC endpoints',
      detailedDescription:
        '<h2>Base</h2><p onmouseover="steal()">L2 <a href="javascript:alert(1)">x</a></p><script>alert(1)</script>',
    });
    expect(res.status).toBe(200);
    expect(res.body.metaTitle).toBe('Base RPC endpoints');
    expect(res.body.detailedDescription).toBe('<h2>Base</h2><p>L2 <a>x</a></p>');
    expect(res.body.evmChainId).toBe(8453);
    expect(res.body.name).toBe(before.name);
    expect(res.body.description).toBe(before.description);
  });

  it('refuses renaming to a taken slug with 409 and changes nothing', async () => {
    const before = await databaseState(t);
    const res = await admin.json('PUT', `/api/admin/chains/${await chainId('base')}`, {
      slug: 'ethereum',
      name: 'Renamed',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A chain with the slug "ethereum" already exists');
    expect(await databaseState(t)).toBe(before);
  });

  it('refuses a chain as its own parent and an unknown parent', async () => {
    const id = await chainId('base');
    expect((await admin.json('PUT', `/api/admin/chains/${id}`, { parentChainId: id })).body.message).toBe(
      'parentChainId: A chain cannot be its own parent',
    );
    expect((await admin.json('PUT', `/api/admin/chains/${id}`, { parentChainId: 999999 })).status).toBe(400);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await admin.json('PUT', '/api/admin/chains/999999', { name: 'X' })).status).toBe(404);
    expect((await admin.json('PUT', '/api/admin/chains/abc', { name: 'X' })).status).toBe(400);
    expect((await admin.json('DELETE', '/api/admin/chains/999999')).status).toBe(404);
  });

  it('deletes a chain and its links', async () => {
    const created = await admin.json('POST', '/api/admin/chains', { name: 'Doomed', slug: 'doomed' });
    const pid = await providerId('publicnode');
    await admin.json('POST', `/api/admin/providers/${pid}/chains/${created.body.id}`);
    const res = await admin.json('DELETE', `/api/admin/chains/${created.body.id}`);
    expect(res).toEqual({ status: 200, body: { id: created.body.id, deleted: true } });
    expect((await t.get('/api/chains/doomed')).status).toBe(404);
    const [{ n }] = await t.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM provider_chains WHERE chain_id = ${created.body.id}`;
    expect(n).toBe(0);
  });
});

describe('providers', () => {
  it('creates a provider (201, id included), ignoring chainIds, then links chains one by one', async () => {
    const res = await admin.json('POST', '/api/admin/providers', {
      name: 'Test RPC',
      slug: 'test-rpc',
      website: 'https://test-rpc.example',
      affiliateUrl: 'https://test-rpc.example/?ref=atlas',
      featured: true,
      nofollowLinks: true,
      cloakedLinks: true,
      logoUrl: '/objects/6f1c2a7e-9a43-4b8e-bb0e-2b1f6f0e8c11',
      detailedDescription: '<p>Fast <img src="x" onerror="alert(1)"></p>',
      chainIds: [1, 2, 3],
    });
    expect(res.status).toBe(201);
    const provider = adminProviderSchema.parse(res.body);
    expect(provider).toMatchObject({
      slug: 'test-rpc',
      featured: true,
      nofollowLinks: true,
      cloakedLinks: true,
      color: '#3b82f6',
      chainIds: [],
      affiliateUrl: 'https://test-rpc.example/?ref=atlas',
      detailedDescription: '<p>Fast <img src="x" /></p>',
    });
    const [eth, base] = [await chainId('ethereum'), await chainId('base')];
    const first = await admin.json('POST', `/api/admin/providers/${provider.id}/chains/${eth}`);
    expect(first.status).toBe(200);
    const again = await admin.json('POST', `/api/admin/providers/${provider.id}/chains/${base}`);
    expect(providerChainsResponseSchema.parse(again.body)).toEqual({ providerId: provider.id, chainIds: [eth, base] });
    // adding an existing link changes nothing
    expect((await admin.json('POST', `/api/admin/providers/${provider.id}/chains/${base}`)).body.chainIds).toEqual([
      eth,
      base,
    ]);
    const featured = await t.get('/api/providers/featured');
    expect(featured.body.map((p: { slug: string }) => p.slug)).toContain('test-rpc');
  });

  it('replaces the chain links with PUT …/chains', async () => {
    const id = await providerId('test-rpc');
    const [op, arb] = [await chainId('op-mainnet'), await chainId('arbitrum-one')];
    const res = await admin.json('PUT', `/api/admin/providers/${id}/chains`, { chainIds: [arb, op, op] });
    expect(res.status).toBe(200);
    expect(new Set(res.body.chainIds)).toEqual(new Set([op, arb]));
    expect((await t.get('/api/providers/test-rpc')).body.chains.map((c: { id: number }) => c.id).sort()).toEqual(
      [op, arb].sort(),
    );
    const cleared = await admin.json('PUT', `/api/admin/providers/${id}/chains`, { chainIds: [] });
    expect(cleared.body.chainIds).toEqual([]);
  });

  it('refuses unknown chain ids and leaves the links alone', async () => {
    const id = await providerId('publicnode');
    const before = await databaseState(t);
    const res = await admin.json('PUT', `/api/admin/providers/${id}/chains`, {
      chainIds: [await chainId('base'), 999999],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('chainIds: No chain has the id 999999');
    expect((await admin.json('POST', `/api/admin/providers/${id}/chains/999999`)).status).toBe(404);
    expect((await admin.json('PUT', '/api/admin/providers/999999/chains', { chainIds: [] })).status).toBe(404);
    expect(await databaseState(t)).toBe(before);
  });

  it('updates only the fields sent; a duplicate slug is a 409 that changes nothing', async () => {
    const id = await providerId('test-rpc');
    const res = await admin.json('PUT', `/api/admin/providers/${id}`, {
      description: 'Now with archive nodes',
      featured: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      description: 'Now with archive nodes',
      featured: false,
      nofollowLinks: true,
      website: 'https://test-rpc.example',
    });
    const cleared = await admin.json('PUT', `/api/admin/providers/${id}`, {
      website: '',
      twitterUrl: null,
      detailedDescription: null,
    });
    expect(cleared.body).toMatchObject({
      website: null,
      twitterUrl: null,
      detailedDescription: '',
      description: 'Now with archive nodes',
    });
    await admin.json('PUT', `/api/admin/providers/${id}`, {
      detailedDescription: '<p>Fast <img src="x" onerror="alert(1)"></p>',
    });
    const before = await databaseState(t);
    const dup = await admin.json('PUT', `/api/admin/providers/${id}`, { slug: 'publicnode' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A provider with the slug "publicnode" already exists');
    const dupCreate = await admin.json('POST', '/api/admin/providers', {
      name: 'PublicNode again',
      slug: 'publicnode',
    });
    expect(dupCreate.status).toBe(409);
    expect(await databaseState(t)).toBe(before);
  });

  it('refuses a javascript: website and a too-long SEO title', async () => {
    const bad = await admin.json('POST', '/api/admin/providers', {
      name: 'Evil',
      slug: 'evil',
      website: 'javascript:alert(document.cookie)',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('website: Website must be an http:// or https:// URL');
    const long = await admin.json('PUT', `/api/admin/providers/${await providerId('test-rpc')}`, {
      metaTitle: 'x'.repeat(61),
    });
    expect(long.body.message).toBe('metaTitle: SEO title must be at most 60 characters');
  });

  it('reads one provider for editing and deletes it', async () => {
    const id = await providerId('test-rpc');
    const one = await admin.json('GET', `/api/admin/providers/${id}`);
    expect(adminProviderSchema.parse(one.body).detailedDescription).toBe('<p>Fast <img src="x" /></p>');
    expect((await admin.json('DELETE', `/api/admin/providers/${id}`)).body).toEqual({ id, deleted: true });
    expect((await t.get('/api/providers/test-rpc')).status).toBe(404);
    expect((await admin.json('GET', `/api/admin/providers/${id}`)).status).toBe(404);
  });
});

/** A PUT that must be refused: 400 naming the field and the rule, and nothing changed. */
async function expectRefused(path: string, body: object, message: string) {
  const before = await databaseState(t);
  const res = await admin.json('PUT', path, body);
  expect(res.status).toBe(400);
  expect(res.body.message).toContain(message);
  expect(await databaseState(t)).toBe(before);
}

describe('chain status, parent chain, full title and Open Graph fields', () => {
  it('are stored, shown by the public chain page, and feed its page head', async () => {
    const eth = await chainId('ethereum');
    const res = await admin.json('POST', '/api/admin/chains', {
      name: 'Atlas Rollup',
      slug: 'atlas-rollup',
      title: 'Atlas Rollup Mainnet',
      status: 'incubating',
      parentChainId: eth,
      ogTitle: 'Atlas Rollup on RPC Atlas',
      ogDescription: 'Every RPC of the Atlas Rollup.',
      ogImage: 'https://img.example/atlas.png',
    });
    expect(res.status).toBe(201);
    expect(chainSchema.parse(res.body)).toMatchObject({
      title: 'Atlas Rollup Mainnet',
      status: 'incubating',
      parentChainId: eth,
      ogTitle: 'Atlas Rollup on RPC Atlas',
      ogDescription: 'Every RPC of the Atlas Rollup.',
      ogImage: 'https://img.example/atlas.png',
    });
    const detail = (await t.get('/api/chains/atlas-rollup')).body;
    expect(detail).toMatchObject({ status: 'incubating', parentChain: { id: eth, slug: 'ethereum' } });
    expect(await pageHead(t, '/chains/atlas-rollup')).toMatchObject({
      status: 200,
      title: 'Atlas Rollup Mainnet | RPC Atlas Directory',
      ogTitle: 'Atlas Rollup on RPC Atlas',
      ogDescription: 'Every RPC of the Atlas Rollup.',
      ogImage: 'https://img.example/atlas.png',
      twitterCard: 'summary_large_image',
    });
  });

  it('an edit changes the status and clears the parent and the share title (the head falls back to the page title)', async () => {
    const id = await chainId('atlas-rollup');
    const res = await admin.json('PUT', `/api/admin/chains/${id}`, {
      status: 'deprecated',
      parentChainId: null,
      ogTitle: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'deprecated',
      parentChainId: null,
      ogTitle: null,
      ogDescription: 'Every RPC of the Atlas Rollup.',
    });
    expect((await t.get('/api/chains/atlas-rollup')).body.parentChain).toBeNull();
    expect((await pageHead(t, '/chains/atlas-rollup')).ogTitle).toBe('Atlas Rollup Mainnet | RPC Atlas Directory');
  });

  it.each([
    [{ status: 'retired' }, 'status: Status must be one of active, incubating, deprecated'],
    [{ ogTitle: 'x'.repeat(61) }, 'ogTitle: Open Graph title must be at most 60 characters'],
    [{ ogDescription: 'x'.repeat(161) }, 'ogDescription: Open Graph description must be at most 160 characters'],
    [{ ogImage: 'javascript:alert(1)' }, 'ogImage: Open Graph image must be an https:// URL or an uploaded image'],
    [{ parentChainId: 'ethereum' }, 'parentChainId: Parent chain id must be a number'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    await expectRefused(`/api/admin/chains/${await chainId('atlas-rollup')}`, body, message);
  });

  it('refuses a parent that descends from the chain (a loop), changing nothing', async () => {
    const top = (await admin.json('POST', '/api/admin/chains', { name: 'Loop Top', slug: 'loop-top' })).body.id;
    const middle = (
      await admin.json('POST', '/api/admin/chains', { name: 'Loop Middle', slug: 'loop-middle', parentChainId: top })
    ).body.id;
    const bottom = (
      await admin.json('POST', '/api/admin/chains', { name: 'Loop Bottom', slug: 'loop-bottom', parentChainId: middle })
    ).body.id;
    const before = await databaseState(t);
    for (const parentChainId of [bottom, middle]) {
      const res = await admin.json('PUT', `/api/admin/chains/${top}`, { parentChainId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('parentChainId: The parent chain cannot be one of its own descendants');
    }
    expect(await databaseState(t)).toBe(before);
    // Moving the middle one under another chain is fine, and then the top may take the bottom one's old branch.
    expect(
      (await admin.json('PUT', `/api/admin/chains/${middle}`, { parentChainId: await chainId('ethereum') })).status,
    ).toBe(200);
    expect((await admin.json('PUT', `/api/admin/chains/${top}`, { parentChainId: bottom })).body.parentChainId).toBe(
      bottom,
    );
  });
});

describe('provider tracking, privacy policy and Open Graph fields', () => {
  it('are stored, shown by the public provider page, and feed its page head', async () => {
    const res = await admin.json('POST', '/api/admin/providers', {
      name: 'Private RPC',
      slug: 'private-rpc',
      website: 'https://private-rpc.example',
      tracking: 'none',
      privacyPolicyUrl: 'https://private-rpc.example/privacy',
      ogTitle: 'Private RPC: no logs',
      ogDescription: 'An RPC that keeps nothing.',
      ogImage: '/objects/6f1c2a7e-9a43-4b8e-bb0e-2b1f6f0e8c11',
    });
    expect(res.status).toBe(201);
    const fields = {
      tracking: 'none',
      privacyPolicyUrl: 'https://private-rpc.example/privacy',
      ogTitle: 'Private RPC: no logs',
      ogDescription: 'An RPC that keeps nothing.',
      ogImage: '/objects/6f1c2a7e-9a43-4b8e-bb0e-2b1f6f0e8c11',
    };
    expect(adminProviderSchema.parse(res.body)).toMatchObject(fields);
    expect((await t.get('/api/providers/private-rpc')).body).toMatchObject(fields);
    expect(await pageHead(t, '/providers/private-rpc')).toMatchObject({
      status: 200,
      ogTitle: 'Private RPC: no logs',
      ogDescription: 'An RPC that keeps nothing.',
      // An uploaded image's path, made absolute under the site's URL.
      ogImage: `${t.url}/objects/6f1c2a7e-9a43-4b8e-bb0e-2b1f6f0e8c11`,
      twitterCard: 'summary_large_image',
    });
  });

  it('an edit changes only what is sent; a cleared share image leaves the head without a large card', async () => {
    const id = await providerId('private-rpc');
    const res = await admin.json('PUT', `/api/admin/providers/${id}`, {
      tracking: 'mixed',
      ogImage: '',
      privacyPolicyUrl: null,
    });
    expect(res.body).toMatchObject({
      tracking: 'mixed',
      ogImage: null,
      privacyPolicyUrl: null,
      ogTitle: 'Private RPC: no logs',
    });
    expect(await pageHead(t, '/providers/private-rpc')).toMatchObject({
      ogTitle: 'Private RPC: no logs',
      twitterCard: 'summary',
    });
  });

  it.each([
    [{ tracking: 'sometimes' }, 'tracking: Tracking must be one of none, limited, yes, mixed, unspecified'],
    [
      { privacyPolicyUrl: 'javascript:alert(1)' },
      'privacyPolicyUrl: Privacy policy URL must be an http:// or https:// URL',
    ],
    [{ ogTitle: 'x'.repeat(61) }, 'ogTitle: Open Graph title must be at most 60 characters'],
    [{ ogDescription: 'x'.repeat(161) }, 'ogDescription: Open Graph description must be at most 160 characters'],
    [
      { ogImage: 'data:image/svg+xml,<svg onload=alert(1)>' },
      'ogImage: Open Graph image must be an https:// URL or an uploaded image',
    ],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    await expectRefused(`/api/admin/providers/${await providerId('private-rpc')}`, body, message);
  });
});
