// The chain list computes its stats in one grouped pass, the detail and the search per chain (see
// chains.ts): all three must give the same numbers, and the provider list the same chain order.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../api/test/harness.ts';
import { findChainBySlug, listChainsWithStats, searchChains } from './chains.ts';
import { listProviders } from './providers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  // Ratings on a few providers (as approvals leave them), and one chain nobody serves.
  await t.sql`UPDATE providers SET rating_sum = 9, total_reviews = 2 WHERE id IN (SELECT id FROM providers ORDER BY id LIMIT 3)`;
  await t.sql`UPDATE providers SET rating_sum = 4, total_reviews = 1 WHERE id IN (SELECT id FROM providers ORDER BY id DESC LIMIT 2)`;
  await t.sql`INSERT INTO chains (name, slug) VALUES ('Unserved Chain', 'unserved-chain')`;
});
afterAll(async () => {
  await t.close();
});

it('lists the same stats as each chain detail, zero for a chain without providers', async () => {
  const list = await listChainsWithStats(t.sql);
  expect(list.length).toBeGreaterThan(100);
  for (const chain of list) {
    const detail = await findChainBySlug(t.sql, chain.slug);
    expect({ slug: chain.slug, n: chain.providerCount, avg: chain.averageRating }).toEqual({
      slug: detail!.slug,
      n: detail!.providerCount,
      avg: detail!.averageRating,
    });
  }
  expect(list.find((c) => c.slug === 'unserved-chain')).toMatchObject({ providerCount: 0, averageRating: 0 });
  expect(list.some((c) => c.averageRating > 0)).toBe(true);
});

it('searches with the same stats, best matches first, within the limit', async () => {
  const bySlug = new Map((await listChainsWithStats(t.sql)).map((c) => [c.slug, c]));
  const found = await searchChains(t.sql, '%eth%', 'eth', 5);
  expect(found.length).toBe(5);
  for (const c of found)
    expect([c.providerCount, c.averageRating]).toEqual([
      bySlug.get(c.slug)!.providerCount,
      bySlug.get(c.slug)!.averageRating,
    ]);
  const all = await searchChains(t.sql, '%eth%', 'eth', 1000);
  expect(all.slice(0, 5).map((c) => c.slug)).toEqual(found.map((c) => c.slug));
  const exact = await searchChains(t.sql, '%ethereum mainnet%', 'ethereum mainnet', 3);
  expect(exact[0].name.toLowerCase()).toBe('ethereum mainnet');
});

it("gives each provider its chains in the chains' order", async () => {
  const rank = new Map(
    (
      await t.sql<
        { id: number; r: number }[]
      >`SELECT id, row_number() OVER (ORDER BY sort_rank, id)::int AS r FROM chains`
    ).map((c) => [c.id, c.r]),
  );
  const links = await t.sql<
    { providerId: number; n: number }[]
  >`SELECT provider_id, count(DISTINCT chain_id)::int AS n FROM provider_chains GROUP BY provider_id`;
  const count = new Map(links.map((l) => [l.providerId, l.n]));
  for (const p of await listProviders(t.sql)) {
    expect(p.chains.length).toBe(count.get(p.id) ?? 0);
    const ranks = p.chains.map((c) => rank.get(c.id)!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  }
});
