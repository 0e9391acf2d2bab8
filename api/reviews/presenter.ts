// Shapes review rows into the API's review responses (contract/reviews.ts).
import type { PendingReviewRow, ProviderRatingRow, UserReviewRow } from '../../sql/queries/reviews.ts';
import type { MyReview, PendingReview, ReviewModerated, ReviewSubmitted } from '../../contract/reviews.ts';

export function presentSubmitted(r: UserReviewRow, isUpdate: boolean): ReviewSubmitted {
  return { id: r.id, rating: r.rating, comment: r.comment, status: 'pending', isUpdate };
}

export function presentMine(r: UserReviewRow): NonNullable<MyReview> {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    status: r.status,
    isApproved: r.status === 'approved',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function authorName(r: {
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}) {
  const fullName = [r.firstName, r.lastName].filter(Boolean).join(' ');
  return r.displayName || fullName || r.email || 'Anonymous';
}

export function presentPending(r: PendingReviewRow): PendingReview {
  return {
    id: r.id,
    providerId: r.providerId,
    providerName: r.providerName,
    providerSlug: r.providerSlug,
    rating: r.rating,
    authorName: authorName(r),
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentModerated(r: UserReviewRow, rating: ProviderRatingRow): ReviewModerated {
  return { id: r.id, status: r.status, provider: { id: r.providerId, ...rating } };
}
