// User reviews: POST /api/providers/{slug}/reviews, GET /api/providers/{slug}/reviews/mine, and the
// moderation queue under /api/admin/reviews (pending, approve, reject).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { createRouter } from '../context.ts';
import { answerPage, keyPart, pageQuery } from '../lib/paging.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';
import { idParams, slugParams } from '../lib/params.ts';
import {
  claimIdempotencyKey,
  deleteOldIdempotencyKeys,
  findIdempotentResponse,
  findProviderIdBySlug,
  findUserReview,
  listPendingReviews,
  storeIdempotentResponse,
} from '../../sql/queries/reviews.ts';
import { presentMine, presentModerated, presentPending, presentSubmitted } from './presenter.ts';
import { idempotencyKeySchema, reviewSubmitSchema } from '../../contract/reviews.ts';
import { moderateReview, submitReview } from './service.ts';

/** The moderation queue's sort key (sql/queries/reviews.ts): sent at (microseconds), id. */
const pendingKey = z.tuple([keyPart.micros, keyPart.int]);

/** How long an Idempotency-Key is remembered (an offline outbox may come back much later). */
const IDEMPOTENCY_KEY_DAYS = 30;

export function reviewRoutes() {
  const router = createRouter('/api/providers');

  router.post(
    '/:slug/reviews',
    requireUser,
    rateLimit('reviews'),
    validate({ params: slugParams, body: reviewSubmitSchema }),
    async (ctx) => {
      const { slug } = ctx.valid.params;
      const input = ctx.valid.body;
      const rawKey = ctx.get('Idempotency-Key');
      const key = rawKey ? idempotencyKeySchema.parse(rawKey) : undefined;
      const userId = ctx.state.user!.id;

      // What the key is bound to: the request as understood (canonical body), not its bytes.
      const requestHash = createHash('sha256')
        .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(input)}`)
        .digest('hex');

      const answer = await ctx.sql.begin(async (tx) => {
        if (key) {
          await deleteOldIdempotencyKeys(tx, userId, IDEMPOTENCY_KEY_DAYS);
          if (!(await claimIdempotencyKey(tx, userId, key, requestHash))) {
            const { requestHash: firstHash, statusCode, body } = (await findIdempotentResponse(tx, userId, key))!;
            // Keys stored before requests were hashed (NULL) replay as they always did.
            if (firstHash !== null && firstHash !== requestHash) {
              throw new HttpError(
                422,
                'This Idempotency-Key was already used for a different request: send a new key for a new review',
              );
            }
            return { statusCode, body, replayed: true };
          }
        }
        const providerId = await findProviderIdBySlug(tx, slug);
        if (providerId === undefined) throw new HttpError(404, 'Provider not found');
        const { review, isUpdate } = await submitReview(tx, { userId, providerId, ...input });
        const body = presentSubmitted(review, isUpdate);
        if (key) await storeIdempotentResponse(tx, userId, key, 201, body);
        return { statusCode: 201, body, replayed: false };
      });
      if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
      ctx.status = answer.statusCode;
      ctx.body = answer.body;
    },
  );

  router.get('/:slug/reviews/mine', requireUser, validate({ params: slugParams }), async (ctx) => {
    // One user's review (maybe not yet public): kept in no cache (a shared device's disk keeps nothing of it).
    ctx.set('Cache-Control', 'no-store');
    const { slug } = ctx.valid.params;
    const providerId = await findProviderIdBySlug(ctx.sql, slug);
    if (providerId === undefined) throw new HttpError(404, 'Provider not found');
    const review = await findUserReview(ctx.sql, ctx.state.user!.id, providerId);
    // koa answers 204 for a null body; the contract is 200 with JSON null.
    ctx.type = 'application/json';
    ctx.body = review ? presentMine(review) : 'null';
  });

  return router;
}

export function adminReviewRoutes() {
  const router = createRouter('/api/admin/reviews');

  router.get('/pending', requireAdmin, validate({ query: pageQuery(pendingKey) }), async (ctx) => {
    const page = ctx.valid.query;
    const reviews = await listPendingReviews(ctx.sql, page);
    if (page) answerPage(ctx, reviews, page, presentPending);
    else ctx.body = reviews.map(presentPending);
  });

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    router.put(`/:id/${action}`, requireAdmin, validate({ params: idParams }), async (ctx) => {
      const { id } = ctx.valid.params;
      const moderated = await ctx.sql.begin((tx) => moderateReview(tx, id, decision));
      if (!moderated) throw new HttpError(404, 'Review not found');
      ctx.body = presentModerated(moderated.review, moderated.rating);
    });
  }

  return router;
}
