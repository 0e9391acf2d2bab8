// Shapes provider rows into the API's provider responses (contract/providers.ts).
import type { ApprovedReviewRow, EditorialRow, ProviderEndpointRow, ProviderRow } from '../../sql/queries/providers.ts';
import { presentChainRef } from '../chains/presenter.ts';
import type { ChainRef } from '../../contract/chains.ts';
import type { EditorialReview, Provider, ProviderDetail, UserReview } from '../../contract/providers.ts';

/** A list provider; `chains` is always there (only answers saved offline may lack it). */
export function presentProvider(r: ProviderRow): Provider & { chains: ChainRef[] } {
  return {
    id: r.id, name: r.name, slug: r.slug, description: r.description, website: r.website, affiliateUrl: r.affiliateUrl,
    logoUrl: r.logoUrl, iconUrl: r.iconUrl, color: r.color, twitterUrl: r.twitterUrl, discordUrl: r.discordUrl,
    telegramUrl: r.telegramUrl, githubUrl: r.githubUrl, linkedinUrl: r.linkedinUrl, metaTitle: r.metaTitle,
    metaDescription: r.metaDescription, ogTitle: r.ogTitle, ogDescription: r.ogDescription, ogImage: r.ogImage,
    nofollowLinks: r.nofollowLinks, cloakedLinks: r.cloakedLinks, featured: r.featured,
    averageRating: r.averageRating, totalReviews: r.totalReviews, upvotes: r.upvotes, downvotes: r.downvotes,
    popularityScore: r.popularityScore, tracking: r.tracking, privacyPolicyUrl: r.privacyPolicyUrl,
    chains: r.chains.map(presentChainRef), chainIds: r.chains.map((c) => c.id), updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentApprovedReview(r: ApprovedReviewRow): UserReview {
  return {
    id: r.id, rating: r.rating, comment: r.comment, createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(), isAnonymous: r.isAnonymous, isApproved: true,
    user: r.isAnonymous
      ? { displayName: null, firstName: null, lastName: null, profileImageUrl: null }
      : { displayName: r.displayName, firstName: r.firstName, lastName: r.lastName, profileImageUrl: r.profileImageUrl },
  };
}

export function presentEditorial(r: EditorialRow): EditorialReview {
  return {
    rating: r.rating, content: r.content, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    admin: r.hasAdmin ? { displayName: r.adminDisplayName } : null,
  };
}

export function presentProviderDetail(
  r: ProviderRow & { detailedDescription: string },
  reviews: { rows: ApprovedReviewRow[]; next?: string }, editorial: EditorialRow | undefined,
  endpoints: ProviderEndpointRow[],
): ProviderDetail {
  return {
    ...presentProvider(r),
    detailedDescription: r.detailedDescription,
    userReviews: reviews.rows.map(presentApprovedReview),
    userReviewsNext: reviews.next ?? null,
    editorialReview: editorial ? presentEditorial(editorial) : null,
    rpcEndpoints: endpoints.map((e) => ({
      url: e.url, tracking: e.tracking, needsApiKey: e.needsApiKey,
      chain: { id: e.chainId, name: e.chainName, slug: e.chainSlug, iconUrl: e.chainIconUrl, color: e.chainColor },
    })),
  };
}
