import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import {
  myReviewSchema,
  pendingReviewListSchema,
  reviewModeratedSchema,
  reviewSubmittedSchema,
} from '../../contract/reviews.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signIn(t, 'admin@example.com');
});
afterAll(async () => {
  await t.close();
});

const providerRating = async (slug: string) => {
  const res = await t.get(`/api/providers/${slug}`);
  return { averageRating: res.body.averageRating, totalReviews: res.body.totalReviews, reviews: res.body.userReviews };
};

describe('review lifecycle', () => {
  it('submit → pending → approve (counts) → edit (pending, out of the aggregate) → reject → resubmit', async () => {
    const slug = 'alchemy';
    const ann = await signIn(t, 'ann@example.com');
    const bob = await signIn(t, 'bob@example.com');
    await ann.json('PUT', '/api/auth/profile', { displayName: 'Ann A.' });
    expect(await providerRating(slug)).toMatchObject({ averageRating: 0, totalReviews: 0 });

    const created = await ann.json('POST', `/api/providers/${slug}/reviews`, {
      rating: 4,
      comment: '  Fast and reliable.  ',
    });
    expect(created.status).toBe(201);
    expect(reviewSubmittedSchema.parse(created.body)).toEqual({
      id: expect.any(Number),
      rating: 4,
      comment: 'Fast and reliable.',
      status: 'pending',
      isUpdate: false,
    });
    const id = created.body.id;
    expect(myReviewSchema.parse((await ann.json('GET', `/api/providers/${slug}/reviews/mine`)).body)).toMatchObject({
      id,
      rating: 4,
      status: 'pending',
      isApproved: false,
    });
    expect((await providerRating(slug)).reviews).toHaveLength(0); // pending reviews are not public

    const pending = pendingReviewListSchema.parse((await admin.json('GET', '/api/admin/reviews/pending')).body);
    expect(pending.find((p) => p.id === id)).toMatchObject({
      providerName: 'Alchemy',
      providerSlug: slug,
      rating: 4,
      authorName: 'Ann A.',
      comment: 'Fast and reliable.',
    });

    const approved = await admin.fetch(`/api/admin/reviews/${id}/approve`, { method: 'PUT' });
    expect(approved.status).toBe(200);
    expect(reviewModeratedSchema.parse(await approved.json())).toMatchObject({
      id,
      status: 'approved',
      provider: { averageRating: 4, totalReviews: 1 },
    });
    const rating = await providerRating(slug);
    expect(rating).toMatchObject({ averageRating: 4, totalReviews: 1 });
    expect(rating.reviews[0]).toMatchObject({ id, rating: 4, isApproved: true, user: { displayName: 'Ann A.' } });

    // A second user's approved review moves the mean.
    const bobs = await bob.json('POST', `/api/providers/${slug}/reviews`, { rating: 1 });
    expect(bobs.body.comment).toBeNull();
    await admin.json('PUT', `/api/admin/reviews/${bobs.body.id}/approve`);
    expect(await providerRating(slug)).toMatchObject({ averageRating: 2.5, totalReviews: 2 });

    // Approving again changes nothing.
    await admin.json('PUT', `/api/admin/reviews/${bobs.body.id}/approve`);
    expect(await providerRating(slug)).toMatchObject({ averageRating: 2.5, totalReviews: 2 });

    // Ann edits: same review, back to pending, out of the aggregate until approved again.
    const edited = await ann.json('POST', `/api/providers/${slug}/reviews`, { rating: 5, comment: '' });
    expect(edited.status).toBe(201);
    expect(edited.body).toEqual({ id, rating: 5, comment: null, status: 'pending', isUpdate: true });
    expect(await providerRating(slug)).toMatchObject({ averageRating: 1, totalReviews: 1 });

    // Rejected: hidden, leaves the queue, the user still sees it.
    const rejected = await admin.json('PUT', `/api/admin/reviews/${id}/reject`);
    expect(rejected.body).toMatchObject({ id, status: 'rejected', provider: { averageRating: 1, totalReviews: 1 } });
    expect((await admin.json('GET', '/api/admin/reviews/pending')).body.some((p: { id: number }) => p.id === id)).toBe(
      false,
    );
    expect((await ann.json('GET', `/api/providers/${slug}/reviews/mine`)).body).toMatchObject({
      status: 'rejected',
      isApproved: false,
    });

    // Resubmitted after rejection: pending again, then approved.
    const again = await ann.json('POST', `/api/providers/${slug}/reviews`, { rating: 3 });
    expect(again.body).toMatchObject({ id, status: 'pending', isUpdate: true });
    await admin.json('PUT', `/api/admin/reviews/${id}/approve`);
    expect(await providerRating(slug)).toMatchObject({ averageRating: 2, totalReviews: 2 });

    // Rejecting an approved review takes it out of the aggregate.
    await admin.json('PUT', `/api/admin/reviews/${bobs.body.id}/reject`);
    expect(await providerRating(slug)).toMatchObject({ averageRating: 3, totalReviews: 1 });
  });

  it('keeps the aggregate exact under concurrent approvals', async () => {
    const slug = 'infura';
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => signIn(t, `crowd${n}@example.com`)));
    const ids = await Promise.all(
      users.map(
        async (u, i) =>
          (await u.json('POST', `/api/providers/${slug}/reviews`, { rating: (i % 5) + 1 })).body.id as number,
      ),
    );
    await Promise.all(ids.map((id) => admin.json('PUT', `/api/admin/reviews/${id}/approve`)));
    expect(await providerRating(slug)).toMatchObject({
      totalReviews: 6,
      averageRating: Number(((1 + 2 + 3 + 4 + 5 + 1) / 6).toFixed(2)),
    });
  });

  it('validates the rating and comment', async () => {
    const user = await signIn(t, 'val@example.com');
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: '5' },
      {},
      { rating: 3, comment: 'x'.repeat(5001) },
    ]) {
      const res = await user.json('POST', '/api/providers/alchemy/reviews', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^(rating|comment): /);
    }
    expect(
      (await user.json('POST', '/api/providers/alchemy/reviews', { rating: 5, comment: 'x'.repeat(5000) })).status,
    ).toBe(201);
  });

  it('answers 401 signed out and 404 for an unknown provider', async () => {
    const res = await t.request('/api/providers/alchemy/reviews', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rating: 5 }),
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Unauthorized'); // the PWA's 401 toast looks for this word
    expect((await t.get('/api/providers/alchemy/reviews/mine')).status).toBe(401);
    const user = await signIn(t, 'lost@example.com');
    expect(await user.json('POST', '/api/providers/no-such-provider/reviews', { rating: 5 })).toEqual({
      status: 404,
      body: { message: 'Provider not found' },
    });
    expect((await user.json('GET', '/api/providers/no-such-provider/reviews/mine')).status).toBe(404);
  });

  it('answers null (200) for mine when the user has not reviewed the provider', async () => {
    const user = await signIn(t, 'fresh@example.com');
    const res = await user.fetch('/api/providers/alchemy/reviews/mine');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toBeNull();
  });

  it('answers 404 when moderating an unknown review', async () => {
    expect(await admin.json('PUT', '/api/admin/reviews/999999/approve')).toEqual({
      status: 404,
      body: { message: 'Review not found' },
    });
    expect((await admin.json('PUT', '/api/admin/reviews/abc/reject')).status).toBe(400);
  });
});

describe('Idempotency-Key on the review POST', () => {
  const post = (u: SignedIn, key: string, body: unknown) =>
    u.fetch('/api/providers/quicknode/reviews', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
  const reviewsOf = async (email: string) => t.sql`
    SELECT r.rating, r.comment, r.status FROM user_reviews r JOIN users u ON u.id = r.user_id
    JOIN providers p ON p.id = r.provider_id WHERE u.email = ${email} AND p.slug = 'quicknode'`;

  it('replays the first answer for the same key and changes nothing', async () => {
    const user = await signIn(t, 'outbox@example.com');
    const first = await post(user, 'key-1', { rating: 4, comment: 'queued offline' });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    expect(firstBody).toMatchObject({ rating: 4, isUpdate: false });

    const replay = await post(user, 'key-1', { rating: 4, comment: 'queued offline' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(firstBody);
    expect(await reviewsOf('outbox@example.com')).toEqual([
      { rating: 4, comment: 'queued offline', status: 'pending' },
    ]);

    // A new key is a new submission (an edit).
    const edit = await post(user, 'key-2', { rating: 2 });
    expect(await edit.json()).toMatchObject({ id: firstBody.id, rating: 2, isUpdate: true });
  });

  it('refuses the same key with another request (422) instead of replaying an answer to a different write', async () => {
    const user = await signIn(t, 'reused-key@example.com');
    const first = await post(user, 'reused', { rating: 4, comment: 'for quicknode' });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const other = async (path: string, body: unknown) => {
      const res = await user.fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'reused' },
        body: JSON.stringify(body),
      });
      return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() };
    };
    for (const [path, body] of [
      ['/api/providers/alchemy/reviews', { rating: 4, comment: 'for quicknode' }], // another provider
      ['/api/providers/quicknode/reviews', { rating: 1, comment: 'for quicknode' }], // another body
    ] as const) {
      const answer = await other(path, body);
      expect(answer).toEqual({
        status: 422,
        replayed: null,
        body: { message: expect.stringMatching(/Idempotency-Key was already used for a different request/) },
      });
    }
    const [{ n }] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM user_reviews r JOIN users u ON u.id = r.user_id WHERE u.email = 'reused-key@example.com'`;
    expect(n).toBe(1);
    // The first request itself still replays.
    expect((await other('/api/providers/quicknode/reviews', { rating: 4, comment: 'for quicknode' })).body).toEqual(
      firstBody,
    );
  });

  it('applies concurrent requests with the same key once', async () => {
    const user = await signIn(t, 'twice@example.com');
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        post(user, 'same', { rating: 5 }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 201, body: { isUpdate: false } });
    expect(await reviewsOf('twice@example.com')).toHaveLength(1);
  });

  it('keys belong to one user', async () => {
    const a = await signIn(t, 'key-a@example.com');
    const b = await signIn(t, 'key-b@example.com');
    await post(a, 'shared-key', { rating: 5 });
    const res = await post(b, 'shared-key', { rating: 1 });
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await res.json()).toMatchObject({ rating: 1, isUpdate: false });
  });

  it('refuses a malformed key', async () => {
    const user = await signIn(t, 'badkey@example.com');
    const res = await post(user, 'x'.repeat(201), { rating: 5 });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('Idempotency-Key');
  });
});
