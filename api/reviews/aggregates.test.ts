// Property: any sequence of submits, edits, approvals and rejections leaves every provider's
// rating_sum / total_reviews / average_rating equal to the sum, count and mean of its approved reviews,
// and each moderation answers the rating stored after it.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { upsertUserFromIdentity } from '../../sql/queries/users.ts';
import { findUserReview } from '../../sql/queries/reviews.ts';
import { moderateReview, submitReview } from './service.ts';

let t: TestServer;
let userIds: number[];
let providerIds: number[];

beforeAll(async () => {
  t = await startTestServer();
  userIds = [];
  for (const n of [1, 2, 3, 4]) {
    userIds.push(
      await upsertUserFromIdentity(t.sql, {
        identityProvider: 'local',
        subject: `prop${n}@example.com`,
        email: `prop${n}@example.com`,
        displayName: `P${n}`,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        isAdmin: false,
      }),
    );
  }
  providerIds = (await t.sql<{ id: number }[]>`SELECT id FROM providers ORDER BY id LIMIT 2`).map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

type Command =
  | { kind: 'submit'; user: number; provider: number; rating: number }
  | { kind: 'approved' | 'rejected'; user: number; provider: number };

const who = { user: fc.integer({ min: 0, max: 3 }), provider: fc.integer({ min: 0, max: 1 }) };
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('submit' as const), ...who, rating: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constantFrom('approved' as const, 'rejected' as const), ...who }),
);

async function reset() {
  await t.sql`DELETE FROM user_reviews WHERE provider_id IN ${t.sql(providerIds)}`;
  await t.sql`UPDATE providers SET rating_sum = 0, total_reviews = 0 WHERE id IN ${t.sql(providerIds)}`;
}

async function run(commands: Command[]) {
  // The model: what each (user, provider) review should be after the commands.
  const model = new Map<string, { rating: number; status: string }>();
  for (const c of commands) {
    const userId = userIds[c.user];
    const providerId = providerIds[c.provider];
    const key = `${c.user}/${c.provider}`;
    if (c.kind === 'submit') {
      await t.sql.begin((tx) => submitReview(tx, { userId, providerId, rating: c.rating, comment: null }));
      model.set(key, { rating: c.rating, status: 'pending' });
    } else {
      const review = await findUserReview(t.sql, userId, providerId);
      if (!review) continue;
      const moderated = await t.sql.begin((tx) => moderateReview(tx, review.id, c.kind));
      model.get(key)!.status = c.kind;
      // The rating it answers is the provider's as stored after the decision.
      const [stored] = await t.sql<{ averageRating: number; totalReviews: number }[]>`
        SELECT average_rating::float8 AS average_rating, total_reviews FROM providers WHERE id = ${providerId}`;
      expect(moderated?.rating).toEqual(stored);
      expect(moderated?.review).toMatchObject({ id: review.id, status: c.kind, rating: review.rating });
    }
  }
  const reviews = await t.sql<{ userId: number; providerId: number; rating: number; status: string }[]>`
    SELECT user_id, provider_id, rating, status FROM user_reviews WHERE provider_id IN ${t.sql(providerIds)}`;
  expect(reviews).toHaveLength(model.size);
  for (const r of reviews) {
    expect(model.get(`${userIds.indexOf(r.userId)}/${providerIds.indexOf(r.providerId)}`)).toEqual({
      rating: r.rating,
      status: r.status,
    });
  }
  const aggregates = await t.sql<
    {
      id: number;
      ratingSum: number;
      totalReviews: number;
      averageRating: number;
      expectedSum: number;
      expectedCount: number;
      expectedAverage: number;
    }[]
  >`
    SELECT p.id, p.rating_sum, p.total_reviews, p.average_rating::float8 AS average_rating,
           coalesce(sum(r.rating), 0)::int AS expected_sum, count(r.id)::int AS expected_count,
           coalesce(round(avg(r.rating), 2), 0)::float8 AS expected_average
    FROM providers p LEFT JOIN user_reviews r ON r.provider_id = p.id AND r.status = 'approved'
    WHERE p.id IN ${t.sql(providerIds)}
    GROUP BY p.id`;
  for (const a of aggregates) {
    expect({ sum: a.ratingSum, count: a.totalReviews, average: a.averageRating }).toEqual({
      sum: a.expectedSum,
      count: a.expectedCount,
      average: a.expectedAverage,
    });
  }
}

it('keeps provider aggregates equal to the approved reviews under any sequence', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
      await reset();
      await run(commands);
    }),
    { numRuns: 100 },
  );
}, 120_000);
