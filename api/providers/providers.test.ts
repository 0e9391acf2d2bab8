import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import {
  providerDetailSchema,
  providerListSchema,
  providerOnChainListSchema,
  providerOnChainSchema,
} from '../../contract/providers.ts';
import { providerOnChain } from '../../contract/chain-page.ts';

const providerCardFields = Object.keys(providerOnChainSchema.shape).filter(
  (k) => !['kind', 'firstChains', 'chainCount'].includes(k),
) as (keyof typeof providerOnChainSchema.shape)[];
const pick = (o: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  // Two users with reviews on dRPC: one approved (public), one pending (hidden). Aggregates set to match.
  const users = await t.sql<{ id: number }[]>`
    INSERT INTO users (identity_provider, subject, email, display_name, first_name)
    VALUES ('local', 'a', 'a@example.com', 'Alice', 'Alice'), ('local', 'b', 'b@example.com', NULL, 'Bob') RETURNING id`;
  const [drpc] = await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = 'drpc'`;
  await t.sql`INSERT INTO user_reviews (provider_id, user_id, rating, comment, status)
              VALUES (${drpc.id}, ${users[0].id}, 4, 'Fast and reliable', 'approved'),
                     (${drpc.id}, ${users[1].id}, 1, 'Pending opinion', 'pending')`;
  await t.sql`UPDATE providers SET rating_sum = 4, total_reviews = 1, featured = true WHERE id = ${drpc.id}`;
  await t.sql`INSERT INTO editorial_reviews (provider_id, rating, content) VALUES (${drpc.id}, 5, '<p>Solid.</p>')`;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/providers', () => {
  it('lists the 59 providers with their chain ids', async () => {
    const res = await t.get('/api/providers');
    expect(res.status).toBe(200);
    const providers = providerListSchema.parse(res.body);
    expect(providers).toHaveLength(59);
    const drpc = providers.find((p) => p.slug === 'drpc')!;
    expect(drpc.chainIds.length).toBeGreaterThan(50);
    expect(drpc).toMatchObject({ averageRating: 4, totalReviews: 1 });
  });

  it('popular puts rated providers first and returns at most 15', async () => {
    const res = await t.get('/api/providers/popular');
    const popular = providerListSchema.parse(res.body);
    expect(popular).toHaveLength(15);
    expect(popular[0].slug).toBe('drpc');
  });

  it('featured returns only featured providers', async () => {
    const res = await t.get('/api/providers/featured');
    expect(providerListSchema.parse(res.body).map((p) => p.slug)).toEqual(['drpc']);
  });
});

describe('provider lists carry their chains', () => {
  type ListItem = { id: number; chains: unknown; chainIds: unknown };
  const expectCompactChains = async (path: string, read: (body: unknown) => ListItem[] = (b) => b as ListItem[]) => {
    const res = await t.get(path);
    expect(res.status).toBe(200);
    const items = read(res.body);
    expect(items.length).toBeGreaterThan(0);
    type Link = { providerId: number; id: number; name: string; slug: string; iconUrl: string | null; color: string };
    // One entry per chain, 'public-endpoint' when the provider lists a keyless endpoint on it (contract/key-rule.ts).
    const links = await t.sql<(Link & { kind: string })[]>`
      SELECT pc.provider_id, c.id, c.name, c.slug, c.icon_url, c.color,
             CASE WHEN bool_or(NOT e.needs_api_key) THEN 'public-endpoint' ELSE 'api-key' END AS kind
      FROM provider_chains pc JOIN chains c ON c.id = pc.chain_id
      LEFT JOIN chain_rpc_endpoints e ON e.provider_id = pc.provider_id AND e.chain_id = c.id
      GROUP BY pc.provider_id, c.id ORDER BY c.sort_rank, c.id`;
    for (const item of items) {
      const expected = links.filter((l) => l.providerId === item.id).map(({ providerId: _, ...chain }) => chain);
      expect(item.chains, `${path}: provider ${item.id}`).toEqual(expected);
      expect(item.chainIds).toEqual(expected.map((c) => c.id));
    }
  };

  it('GET /api/providers, whole and paged', async () => {
    await expectCompactChains('/api/providers');
    await expectCompactChains('/api/providers?limit=5');
  });
  it('GET /api/providers/popular', () => expectCompactChains('/api/providers/popular'));
  it('GET /api/providers/featured', () => expectCompactChains('/api/providers/featured'));
  it('GET /api/providers/by-chain/{chainId}, whole and paged', async () => {
    const [chain] = await t.sql<{ id: number }[]>`SELECT id FROM chains WHERE slug = 'polygon'`;
    await expectCompactChains(`/api/providers/by-chain/${chain.id}`);
    await expectCompactChains(`/api/providers/by-chain/${chain.id}?limit=3`);
  });
  it('GET /api/search', () =>
    expectCompactChains('/api/search?q=rpc', (b) => (b as { providers: ListItem[] }).providers));
});

describe('GET /api/providers/by-chain/{chainId}', () => {
  it('returns exactly the providers linked to the chain', async () => {
    const [chain] = await t.sql<{ id: number }[]>`SELECT id FROM chains WHERE slug = 'polygon'`;
    const res = await t.get(`/api/providers/by-chain/${chain.id}`);
    const providers = providerListSchema.parse(res.body);
    const linked = await t.sql<{ slug: string }[]>`
      SELECT DISTINCT p.slug FROM provider_chains pc JOIN providers p ON p.id = pc.provider_id
      WHERE pc.chain_id = ${chain.id}`;
    expect(providers.map((p) => p.slug).sort()).toEqual(linked.map((r) => r.slug).sort());
    expect(providers.every((p) => p.chainIds.includes(chain.id))).toBe(true);
  });

  it('answers 404 for an unknown chain and 400 for a non-number', async () => {
    expect((await t.get('/api/providers/by-chain/999999')).status).toBe(404);
    const bad = await t.get('/api/providers/by-chain/base');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/chainId/);
  });
});

describe('GET /api/providers/by-chain/{chainId}/brief', () => {
  it("gives the chain's providers in the same order, each with its card's fields, its kind there and first chains", async () => {
    const [chain] = await t.sql<{ id: number }[]>`SELECT id FROM chains WHERE slug = 'ethereum'`;
    const whole = providerListSchema.parse((await t.get(`/api/providers/by-chain/${chain.id}`)).body);
    const res = await t.get(`/api/providers/by-chain/${chain.id}/brief`);
    expect(res.status).toBe(200);
    const brief = providerOnChainListSchema.parse(res.body);
    expect(brief.map((p) => p.slug)).toEqual(whole.map((p) => p.slug));
    for (const [i, p] of brief.entries()) {
      const full = whole[i];
      expect(p).toEqual({
        ...pick(full, providerCardFields),
        kind: full.chains!.find((c) => c.id === chain.id)!.kind,
        firstChains: full.chains!.slice(0, 3).map(({ id, name, kind }) => ({ id, name, kind })),
        chainCount: full.chainIds.length,
      });
    }
    expect(new Set(brief.map((p) => p.kind))).toEqual(new Set(['public-endpoint', 'api-key']));
    // The offline copy answers the same from the saved list (pwa/offline/store.ts).
    expect(whole.map((p) => providerOnChain(p, chain.id))).toEqual(res.body);
  });

  it('answers 404 for an unknown chain', async () => {
    expect((await t.get('/api/providers/by-chain/999999/brief')).status).toBe(404);
  });
});

describe('GET /api/providers/{slug}', () => {
  it('returns chains, approved reviews only with author fields, the editorial review and endpoints', async () => {
    const res = await t.get('/api/providers/drpc');
    expect(res.status).toBe(200);
    const p = providerDetailSchema.parse(res.body);
    expect(p.userReviews).toHaveLength(1);
    expect(p.userReviews[0]).toMatchObject({
      rating: 4,
      comment: 'Fast and reliable',
      isApproved: true,
      user: { displayName: 'Alice' },
    });
    expect(p.editorialReview).toMatchObject({ rating: 5, content: '<p>Solid.</p>' });
    expect(p.chains.length).toBe(p.chainIds.length);
    expect(p.rpcEndpoints.length).toBeGreaterThan(50);
    expect(p.rpcEndpoints.every((e) => e.url.startsWith('http') || e.url.startsWith('ws'))).toBe(true);
  });

  it('answers 404 with a message for an unknown slug', async () => {
    const res = await t.get('/api/providers/no-such-provider');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Provider not found' });
  });
});
