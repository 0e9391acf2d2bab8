import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';
import { myVotesSchema, voteResultSchema } from '../../contract/votes.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('provider votes', () => {
  it('casts, changes and removes one vote per user, with totals on the provider', async () => {
    const a = await signIn(t, 'voter-a@example.com');
    const b = await signIn(t, 'voter-b@example.com');
    const before = (await t.get('/api/providers/ankr')).body;

    let res = await a.json('PUT', '/api/providers/ankr/vote', { value: 1 });
    expect(res.status).toBe(200);
    expect(voteResultSchema.parse(res.body)).toEqual({
      upvotes: before.upvotes + 1,
      downvotes: before.downvotes,
      myVote: 1,
    });
    // Voting the same way again changes nothing.
    res = await a.json('PUT', '/api/providers/ankr/vote', { value: 1 });
    expect(res.body).toEqual({ upvotes: before.upvotes + 1, downvotes: before.downvotes, myVote: 1 });
    res = await b.json('PUT', '/api/providers/ankr/vote', { value: -1 });
    expect(res.body).toEqual({ upvotes: before.upvotes + 1, downvotes: before.downvotes + 1, myVote: -1 });
    // Changed.
    res = await a.json('PUT', '/api/providers/ankr/vote', { value: -1 });
    expect(res.body).toEqual({ upvotes: before.upvotes, downvotes: before.downvotes + 2, myVote: -1 });
    expect(myVotesSchema.parse((await a.json('GET', '/api/votes/mine')).body)).toEqual({
      providers: { ankr: -1 },
      chains: {},
    });
    // Removed.
    res = await a.json('PUT', '/api/providers/ankr/vote', { value: 0 });
    expect(res.body).toEqual({ upvotes: before.upvotes, downvotes: before.downvotes + 1, myVote: 0 });
    expect((await a.json('GET', '/api/votes/mine')).body).toEqual({ providers: {}, chains: {} });

    // The public provider (served from the response cache) shows the new totals at once.
    const after = (await t.get('/api/providers/ankr')).body;
    expect({ up: after.upvotes, down: after.downvotes }).toEqual({ up: before.upvotes, down: before.downvotes + 1 });
  });

  it('upvotes raise the popularity score, and one 5-star review cannot top "Most Popular"', async () => {
    const user = await signIn(t, 'pop@example.com');
    const admin = await signIn(t, 'admin@example.com');
    const [before] = await t.sql<
      { popularityScore: number }[]
    >`SELECT popularity_score FROM providers WHERE slug = 'blastapi'`;
    await user.json('PUT', '/api/providers/blastapi/vote', { value: 1 });
    const [after] = await t.sql<
      { popularityScore: number }[]
    >`SELECT popularity_score FROM providers WHERE slug = 'blastapi'`;
    expect(after.popularityScore).toBeGreaterThan(before.popularityScore);

    // Ten 4-star reviews beat a single 5-star review.
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(t, `fan${i}@example.com`)));
    for (const u of many) {
      const { body } = await u.json('POST', '/api/providers/drpc/reviews', { rating: 4 });
      await admin.json('PUT', `/api/admin/reviews/${body.id}/approve`);
    }
    const { body: lone } = await user.json('POST', '/api/providers/chainstack/reviews', { rating: 5 });
    await admin.json('PUT', `/api/admin/reviews/${lone.id}/approve`);
    const popular = (await t.get('/api/providers/popular')).body.map((p: { slug: string }) => p.slug);
    expect(popular.indexOf('drpc')).toBeLessThan(popular.indexOf('chainstack'));
  });

  it('validates the value and answers 401/404', async () => {
    const user = await signIn(t, 'voter-c@example.com');
    for (const value of [2, '1', null, 0.5]) {
      const res = await user.json('PUT', '/api/providers/ankr/vote', { value });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('value must be 1 (up), -1 (down) or 0 (remove)');
    }
    expect(await user.json('PUT', '/api/providers/nope/vote', { value: 1 })).toEqual({
      status: 404,
      body: { message: 'Provider not found' },
    });
    const signedOut = await t.request('/api/providers/ankr/vote', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 1 }),
    });
    expect(signedOut.status).toBe(401);
    expect((await t.get('/api/votes/mine')).status).toBe(401);
  });
});

describe('chain votes', () => {
  it('keeps total_upvotes/total_downvotes on the chain', async () => {
    const user = await signIn(t, 'chain-voter@example.com');
    const [before] = await t.sql<{ totalUpvotes: number; totalDownvotes: number }[]>`
      SELECT total_upvotes, total_downvotes FROM chains WHERE slug = 'base'`;
    const res = await user.json('PUT', '/api/chains/base/vote', { value: 1 });
    expect(res.body).toEqual({ upvotes: before.totalUpvotes + 1, downvotes: before.totalDownvotes, myVote: 1 });
    expect((await user.json('GET', '/api/votes/mine')).body).toEqual({ providers: {}, chains: { base: 1 } });
    const chain = (await t.get('/api/chains/base')).body;
    expect(chain.totalUpvotes).toBe(before.totalUpvotes + 1);
    expect(await user.json('PUT', '/api/chains/nope/vote', { value: 1 })).toEqual({
      status: 404,
      body: { message: 'Chain not found' },
    });
  });

  it('counts concurrent votes exactly', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map((n) => signIn(t, `rush${n}@example.com`)));
    const [before] = await t.sql<
      { totalUpvotes: number }[]
    >`SELECT total_upvotes FROM chains WHERE slug = 'op-mainnet'`;
    await Promise.all(users.map((u) => u.json('PUT', '/api/chains/op-mainnet/vote', { value: 1 })));
    const [after] = await t.sql<{ totalUpvotes: number; votes: number }[]>`
      SELECT c.total_upvotes, (SELECT count(*)::int FROM chain_votes v WHERE v.chain_id = c.id AND v.value = 1) AS votes
      FROM chains c WHERE slug = 'op-mainnet'`;
    expect(after.totalUpvotes).toBe(before.totalUpvotes + 5);
    expect(after.votes).toBe(after.totalUpvotes);
  });
});
