// User review contracts.
import { z } from 'zod';

export const REVIEW_COMMENT_MAX = 5000;

/** POST /api/providers/{slug}/reviews body. The comment is trimmed; an empty one is left out. */
export const reviewSubmitSchema = z.object({
  rating: z
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be from 1 to 5')
    .max(5, 'Rating must be from 1 to 5'),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, `Comment must be ${REVIEW_COMMENT_MAX} characters or less`)
    .nullish()
    .transform((c) => c || null),
});
export type ReviewSubmit = z.input<typeof reviewSubmitSchema>;

/** Optional header of the review POST: the same key replays the first answer and changes nothing. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'Idempotency-Key must be 1-200 visible ASCII characters');

export const reviewStatusSchema = z.enum(['pending', 'approved', 'rejected']);

/** 201 answer of the review POST (a replay with the same Idempotency-Key answers the same). */
export const reviewSubmittedSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  status: z.literal('pending'),
  /** True when this replaced the user's earlier review of the provider (which goes back to pending). */
  isUpdate: z.boolean(),
});
export type ReviewSubmitted = z.infer<typeof reviewSubmittedSchema>;

/**
 * GET /api/providers/{slug}/reviews/mine: the signed-in user's review of that provider in any status,
 * or `null` (200) when there is none yet. 401 signed out; 404 unknown provider.
 */
export const myReviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    status: reviewStatusSchema,
    isApproved: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .nullable();
export type MyReview = z.infer<typeof myReviewSchema>;

/** GET /api/admin/reviews/pending: oldest first. */
export const pendingReviewSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  providerName: z.string(),
  providerSlug: z.string(),
  rating: z.number().int(),
  /** Display name, else first and last name, else the e-mail address. */
  authorName: z.string(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** Last (re)submission. */
  updatedAt: z.string(),
});
export const pendingReviewListSchema = z.array(pendingReviewSchema);
export type PendingReview = z.infer<typeof pendingReviewSchema>;

/** PUT /api/admin/reviews/{id}/approve and /reject: the review's new status and the provider's new rating. */
export const reviewModeratedSchema = z.object({
  id: z.number().int(),
  status: reviewStatusSchema,
  provider: z.object({ id: z.number().int(), averageRating: z.number(), totalReviews: z.number().int() }),
});
export type ReviewModerated = z.infer<typeof reviewModeratedSchema>;
