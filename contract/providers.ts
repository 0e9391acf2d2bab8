// Response shapes of the provider endpoints.
import { z } from 'zod';
import { seoAnswerFields, socialLinkAnswerFields } from './fields.ts';
import { chainRefSchema, endpointIdentitySchema } from './chains.ts';
import { measuredFactsSchema, providerFactsSchema } from './facts.ts';

export const trackingLabelSchema = z.enum(['none', 'limited', 'yes', 'mixed', 'unspecified']);

/**
 * How a provider serves a chain, decided by the key rule (contract/key-rule.ts): 'public-endpoint', at least one
 * listed endpoint anyone can call without a key; 'api-key', to its customers with a key only (every listed endpoint
 * needs one, or the chain comes from the provider's published coverage or an admin's link).
 */
export const chainKindSchema = z.enum(['public-endpoint', 'api-key']);
export type ChainKind = z.infer<typeof chainKindSchema>;

/** A chain as provider answers list it. `kind` is optional for answers saved offline before it existed. */
export const providerChainSchema = chainRefSchema.extend({ kind: chainKindSchema.optional() });
export type ProviderChain = z.infer<typeof providerChainSchema>;

/** A provider as lists show it (GET /api/providers, popular, featured, by-chain, search). */
export const providerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  affiliateUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  iconUrl: z.string().nullable(),
  color: z.string(),
  ...socialLinkAnswerFields,
  ...seoAnswerFields,
  nofollowLinks: z.boolean(),
  cloakedLinks: z.boolean(),
  featured: z.boolean(),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** The "Most Popular" score (a Bayesian average; see the About page). */
  popularityScore: z.number(),
  tracking: trackingLabelSchema,
  privacyPolicyUrl: z.string().nullable(),
  /**
   * The supported chains, in the chains' own order. Optional for answers saved offline
   * before it existed; the API always sends it.
   */
  chains: z.array(providerChainSchema).optional(),
  /** The same chains' ids, both kinds. */
  chainIds: z.array(z.number().int()),
  /** The facts entered (contract/facts.ts); optional for answers saved offline before they existed. */
  facts: providerFactsSchema.optional(),
  /**
   * GET /api/providers only: the list filters' facts this directory's own data shows true, as the provider page's
   * facts card counts them beside the facts entered — archive and trace/debug methods our prober found answering,
   * WebSocket where one of its listed addresses is a wss:// one.
   */
  foundFacts: z.array(z.enum(['archive', 'trace', 'websocket'])).optional(),
  updatedAt: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;
export const providerListSchema = z.array(providerSchema);

/** A chain's badge on a provider's card: its name, and how the provider serves it. */
export const cardChainSchema = z.object({ id: z.number().int(), name: z.string(), kind: chainKindSchema.optional() });
export type CardChain = z.infer<typeof cardChainSchema>;

/**
 * GET /api/providers/by-chain/{chainId}/brief: the providers of GET /api/providers/by-chain/{chainId}, in its order,
 * with what a chain page draws of each: its card's fields, how it serves this chain (`kind`; null in an answer made
 * on a device from a saved list that predates kinds), its first chains (the card's badges) and how many it serves.
 */
export const providerOnChainSchema = providerSchema
  .pick({
    id: true,
    name: true,
    slug: true,
    description: true,
    website: true,
    affiliateUrl: true,
    logoUrl: true,
    color: true,
    nofollowLinks: true,
    cloakedLinks: true,
    averageRating: true,
    totalReviews: true,
    upvotes: true,
    popularityScore: true,
  })
  .extend({
    kind: chainKindSchema.nullable(),
    firstChains: z.array(cardChainSchema),
    chainCount: z.number().int(),
  });
export type ProviderOnChain = z.infer<typeof providerOnChainSchema>;
export const providerOnChainListSchema = z.array(providerOnChainSchema);

export const userReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isAnonymous: z.boolean(),
  isApproved: z.boolean(),
  user: z.object({
    displayName: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type UserReview = z.infer<typeof userReviewSchema>;

export const editorialReviewSchema = z.object({
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  admin: z.object({ displayName: z.string().nullable() }).nullable(),
});
export type EditorialReview = z.infer<typeof editorialReviewSchema>;

/** GET /api/providers/{slug}. */
export const providerDetailSchema = providerSchema.extend({
  detailedDescription: z.string(),
  chains: z.array(providerChainSchema),
  /**
   * The chains served with an API key, one entry per chain, with the provider's published URL templates
   * (placeholders such as {API_KEY} stand for the customer's values: show them as text, never as links) and where
   * the link was read: `source` (contract/coverage-source.ts), its page (`sourceUrl`, null for the editors' links)
   * and its date (`asOf`, YYYY-MM-DD: the package version's publication day or the documentation's commit day; null
   * for the editors' links). When several sources list the chain, the newest is the entry's and the others are
   * `alsoListedBy`. Optional for answers saved offline before it existed (and its dates, before they existed).
   */
  apiKeyChains: z
    .array(
      z.object({
        chain: chainRefSchema,
        source: z.string(),
        sourceUrl: z.string().nullable().optional(),
        asOf: z.iso.date().nullable().optional(),
        urlTemplates: z.array(z.string()),
        alsoListedBy: z
          .array(z.object({ source: z.string(), sourceUrl: z.string().nullable(), asOf: z.iso.date().nullable() }))
          .optional(),
      }),
    )
    .optional(),
  /** The newest approved reviews, at most EMBEDDED_REVIEWS (api/providers/service.ts); totalReviews counts them all. */
  userReviews: z.array(userReviewSchema),
  /**
   * When the provider has more approved reviews than userReviews holds, the path of the next page of them
   * (GET /api/providers/{slug}/reviews?limit&after; also the detail's Link rel="next"); null when userReviews is all.
   * Optional for answers saved offline before it existed.
   */
  userReviewsNext: z.string().nullable().optional(),
  editorialReview: editorialReviewSchema.nullable(),
  /** The facts our prober measured (contract/facts.ts); optional for answers saved offline before it existed. */
  measuredFacts: measuredFactsSchema.optional(),
  rpcEndpoints: z.array(
    endpointIdentitySchema.extend({
      url: z.string(),
      chain: chainRefSchema,
      tracking: z.enum(['none', 'limited', 'yes', 'unspecified']),
      needsApiKey: z.boolean(),
    }),
  ),
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

/** GET /api/providers/{slug}/reviews?limit&after: a page of approved reviews, newest first (Link rel="next" names the next). */
export const userReviewPageSchema = z.array(userReviewSchema);
