// Shapes provider rows into the API's provider responses (contract/providers.ts).
import { pickColumns } from '../../sql/columns.ts';
import { presentCapabilities, presentHealth } from '../health/presenter.ts';
import type { AdminEditorialRow } from '../../sql/queries/editorial.ts';
import {
  providerPlainColumns,
  type ApiKeyChainRow,
  type ApprovedReviewRow,
  type EditorialRow,
  type MeasuredFactsRow,
  type ProviderDetailRow,
  type ProviderEndpointRow,
  type ProviderRow,
} from '../../sql/queries/providers.ts';
import { presentChainRef } from '../chains/presenter.ts';
import type { EditorialReview, Provider, ProviderChain, ProviderDetail, UserReview } from '../../contract/providers.ts';
import { providerFactsSchema, type MeasuredFacts } from '../../contract/facts.ts';
import { coverageSourceUrl } from '../../contract/coverage-source.ts';
import type { AdminEditorialReview } from '../../contract/admin.ts';

/** A list provider; `chains` is always there (only answers saved offline may lack it). */
export function presentProvider(r: ProviderRow): Provider & { chains: ProviderChain[] } {
  return {
    ...pickColumns(r, providerPlainColumns),
    averageRating: r.averageRating,
    tracking: r.tracking,
    chains: r.chains.map((c) => ({ ...presentChainRef(c), kind: c.kind })),
    chainIds: r.chains.map((c) => c.id),
    // Stored only through the same schema (PUT /api/admin/providers/{id}/facts); parsing types the jsonb values.
    facts: providerFactsSchema.parse(r.facts),
    ...(r.foundFacts && { foundFacts: r.foundFacts }),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentApprovedReview(r: ApprovedReviewRow): UserReview {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    isAnonymous: r.isAnonymous,
    isApproved: true,
    user: r.isAnonymous
      ? { displayName: null, firstName: null, lastName: null, profileImageUrl: null }
      : {
          displayName: r.displayName,
          firstName: r.firstName,
          lastName: r.lastName,
          profileImageUrl: r.profileImageUrl,
        },
  };
}

export function presentEditorial(r: EditorialRow): EditorialReview {
  return {
    rating: r.rating,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    admin: r.hasAdmin ? { displayName: r.adminDisplayName } : null,
  };
}

export function presentProviderDetail(
  r: ProviderRow & { detailedDescription: string },
  reviews: { rows: ApprovedReviewRow[]; next?: string },
  editorial: EditorialRow | undefined,
  endpoints: ProviderEndpointRow[],
  apiKeyChains: ApiKeyChainRow[],
  measured: MeasuredFactsRow,
): ProviderDetail {
  return {
    ...presentProvider(r),
    apiKeyChains: presentApiKeyChains(apiKeyChains),
    detailedDescription: r.detailedDescription,
    userReviews: reviews.rows.map(presentApprovedReview),
    userReviewsNext: reviews.next ?? null,
    editorialReview: editorial ? presentEditorial(editorial) : null,
    measuredFacts: presentMeasuredFacts(measured),
    rpcEndpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      tracking: e.tracking,
      needsApiKey: e.needsApiKey,
      chain: { id: e.chainId, name: e.chainName, slug: e.chainSlug, iconUrl: e.chainIconUrl, color: e.chainColor },
      health: presentHealth(e),
      capabilities: presentCapabilities(e.capabilities),
    })),
  };
}

/**
 * One entry per chain from the links in listApiKeyChains' order (per chain, the newest source first): the first
 * link's source and date, every link's URL templates once, and the other sources as alsoListedBy.
 */
function presentApiKeyChains(rows: ApiKeyChainRow[]): NonNullable<ProviderDetail['apiKeyChains']> {
  const byChain = new Map<number, NonNullable<ProviderDetail['apiKeyChains']>[number]>();
  for (const l of rows) {
    const cited = { source: l.source, sourceUrl: coverageSourceUrl(l.source), asOf: l.asOf };
    const entry = byChain.get(l.id);
    if (!entry) {
      byChain.set(l.id, { chain: presentChainRef(l), ...cited, urlTemplates: [...l.urlTemplates], alsoListedBy: [] });
      continue;
    }
    entry.alsoListedBy!.push(cited);
    for (const t of l.urlTemplates) if (!entry.urlTemplates.includes(t)) entry.urlTemplates.push(t);
  }
  return [...byChain.values()];
}

/** The prober's true findings; a fact it never found true is left out. */
function presentMeasuredFacts(r: MeasuredFactsRow): MeasuredFacts {
  const facts: MeasuredFacts = {};
  if (r.websocket) facts.websocket = { checkedAt: r.websocket.toISOString() };
  if (r.archive) facts.archive = { checkedAt: r.archive.toISOString() };
  if (r.traceDebug) {
    const methods = (['trace', 'debug'] as const).filter((m) => (m === 'trace' ? r.traceApi : r.debugApi));
    facts.trace = { checkedAt: r.traceDebug.toISOString(), methods };
  }
  return facts;
}

/** A provider as the admin edits it: the public list shape plus its rich-text description. */
export const presentAdminProvider = (r: ProviderDetailRow): Provider & { detailedDescription: string } => ({
  ...presentProvider(r),
  detailedDescription: r.detailedDescription,
});

export const presentAdminEditorial = (r: AdminEditorialRow): AdminEditorialReview => ({
  id: r.id,
  providerId: r.providerId,
  providerName: r.providerName,
  rating: r.rating,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
});
