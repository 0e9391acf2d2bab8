// A provider's approved reviews a page at a time: the detail embeds the newest EMBEDDED_REVIEWS and names the
// next page (field and Link header); GET /api/providers/{slug}/reviews?limit&after walks the rest, newest
// first, ties in created_at broken by id, pending and rejected reviews never shown; together the pages are
// exactly the whole list. Bad limit or cursor: 400 naming it; unknown provider: 404. A provider with few
// reviews (all of the shipped dataset) keeps its whole list in the detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { EMBEDDED_REVIEWS } from './service.ts';
import { providerDetailSchema, userReviewPageSchema, type UserReview } from '../../contract/providers.ts';

let t: TestServer;
const APPROVED = EMBEDDED_REVIEWS * 2 + 7;
/** Every approved review of the busy provider, newest first (created_at DESC, id DESC), as the database has them. */
let expectedIds: number[];

beforeAll(async () => {
  t = await startTestServer();
  const [busy] = await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = 'drpc'`;
  const [quiet] = await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = 'ankr'`;
  // One user per review (one review per user and provider). Every fifth review shares its created_at with
  // the next one (ties), and pending/rejected reviews are mixed in between.
  const total = APPROVED + 20;
  const users = await t.sql<{ id: number }[]>`
    INSERT INTO users (identity_provider, subject, email, display_name)
    SELECT 'local', 'pager-' || i, 'pager-' || i || '@example.com', 'Pager ' || i FROM generate_series(1, ${total}) i
    RETURNING id`;
  for (const [i, u] of users.entries()) {
    const status = i < APPROVED ? 'approved' : i % 2 ? 'pending' : 'rejected';
    const second = i - (i % 5 === 1 ? 1 : 0);
    await t.sql`
      INSERT INTO user_reviews (provider_id, user_id, rating, comment, status, created_at)
      VALUES (${busy.id}, ${u.id}, ${1 + (i % 5)}, ${`Review ${i}`}, ${status},
              timestamptz '2026-01-01 00:00:00.000001+00' + ${second} * interval '1 second')`;
  }
  await t.sql`INSERT INTO user_reviews (provider_id, user_id, rating, comment, status) VALUES (${quiet.id}, ${users[0].id}, 5, 'Only one', 'approved')`;
  await t.sql`
    UPDATE providers p SET total_reviews = a.n, rating_sum = a.s
    FROM (SELECT provider_id, count(*)::int AS n, sum(rating)::int AS s FROM user_reviews WHERE status = 'approved' GROUP BY provider_id) a
    WHERE a.provider_id = p.id`;
  expectedIds = (
    await t.sql<{ id: number }[]>`
    SELECT id FROM user_reviews WHERE provider_id = ${busy.id} AND status = 'approved' ORDER BY created_at DESC, id DESC`
  ).map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

const nextOf = (link: string | null) => link?.match(/<([^>]*)>\s*;\s*rel="next"/)?.[1];

describe('GET /api/providers/{slug} with many reviews', () => {
  it('embeds the newest EMBEDDED_REVIEWS approved reviews, counts them all, and names the next page', async () => {
    const res = await t.get('/api/providers/drpc');
    expect(res.status).toBe(200);
    const detail = providerDetailSchema.parse(res.body);
    expect(detail.totalReviews).toBe(APPROVED);
    expect(detail.userReviews.map((r) => r.id)).toEqual(expectedIds.slice(0, EMBEDDED_REVIEWS));
    expect(detail.userReviewsNext).toMatch(/^\/api\/providers\/drpc\/reviews\?limit=50&after=[\w-]+$/);
    expect(nextOf(res.headers.get('link'))).toBe(detail.userReviewsNext);
  });

  it('keeps the whole list in the detail when the provider has no more than that (no next page)', async () => {
    const res = await t.get('/api/providers/ankr');
    const detail = providerDetailSchema.parse(res.body);
    expect(detail.userReviews.map((r) => r.comment)).toEqual(['Only one']);
    expect(detail.userReviewsNext).toBeNull();
    expect(res.headers.get('link')).toBeNull();
    const none = providerDetailSchema.parse((await t.get('/api/providers/alchemy')).body);
    expect(none).toMatchObject({ userReviews: [], userReviewsNext: null });
  });
});

describe('GET /api/providers/{slug}/reviews', () => {
  it('walked from the detail through its Link headers, the pages are every approved review exactly once, newest first', async () => {
    const detail = providerDetailSchema.parse((await t.get('/api/providers/drpc')).body);
    const seen: UserReview[] = [...detail.userReviews];
    let pages = 0;
    for (let next = detail.userReviewsNext ?? undefined; next; pages++) {
      const res = await t.get(next);
      expect(res.status, next).toBe(200);
      const page = userReviewPageSchema.parse(res.body);
      expect(page.length).toBeLessThanOrEqual(EMBEDDED_REVIEWS);
      seen.push(...page);
      next = nextOf(res.headers.get('link'));
    }
    expect(pages).toBe(2);
    expect(seen.map((r) => r.id)).toEqual(expectedIds);
    expect(seen.every((r) => r.isApproved && r.user.displayName?.startsWith('Pager '))).toBe(true);
    // The same list unpaged would be in created_at DESC, id DESC order: the cursor broke the ties the same way.
    expect(new Set(seen.map((r) => r.id)).size).toBe(APPROVED);
  });

  it('answers EMBEDDED_REVIEWS without limit, any page size up to the maximum with it', async () => {
    const first = await t.get('/api/providers/drpc/reviews');
    expect(first.status).toBe(200);
    expect((first.body as UserReview[]).map((r) => r.id)).toEqual(expectedIds.slice(0, EMBEDDED_REVIEWS));
    expect(nextOf(first.headers.get('link'))).toMatch(/limit=50&after=/);

    const small = await t.get('/api/providers/drpc/reviews?limit=7');
    expect((small.body as UserReview[]).map((r) => r.id)).toEqual(expectedIds.slice(0, 7));
    const second = await t.get(nextOf(small.headers.get('link'))!);
    expect((second.body as UserReview[]).map((r) => r.id)).toEqual(expectedIds.slice(7, 14));

    const all = await t.get('/api/providers/drpc/reviews?limit=1000');
    expect((all.body as UserReview[]).map((r) => r.id)).toEqual(expectedIds);
    expect(all.headers.get('link')).toBeNull();
  });

  it('answers 404 for an unknown provider', async () => {
    const res = await t.get('/api/providers/no-such-provider/reviews');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Provider not found' });
  });

  it('answers 400 naming the parameter for a bad limit or cursor', async () => {
    for (const query of [
      'limit=0',
      'limit=1001',
      'limit=abc',
      'limit=10&after=garbage',
      'limit=10&after=WzEsMiwzXQ',
      'after=WzEsMl0',
    ]) {
      const res = await t.get(`/api/providers/drpc/reviews?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(query.includes('after') ? /after/ : /limit/);
    }
  });

  it('an empty list for a provider without reviews', async () => {
    const res = await t.get('/api/providers/alchemy/reviews');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
