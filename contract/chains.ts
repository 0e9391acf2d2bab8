// Response shapes of the chain endpoints.
import { z } from 'zod';
import { UNMEASURED_CAPABILITIES, UNVERIFIED_HEALTH } from './health-rule.ts';
import { endpointCapabilitiesSchema, endpointHealthSchema } from './health.ts';
import { seoAnswerFields, socialLinkAnswerFields } from './fields.ts';
import type { ConnectSnippets, EthereumListsChain } from './snippets.ts';

export const chainRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  iconUrl: z.string().nullable(),
  color: z.string(),
});
export type ChainRef = z.infer<typeof chainRefSchema>;

export const nativeCurrencySchema = z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() });
export const explorerSchema = z.object({ name: z.string(), url: z.string() });

/** GET /api/chains: every field of a chain an admin edits, plus the dataset's facts and votes. */
export const chainSchema = chainRefSchema.extend({
  title: z.string().nullable(),
  description: z.string(),
  detailedDescription: z.string(),
  websiteUrl: z.string().nullable(),
  ...socialLinkAnswerFields,
  ...seoAnswerFields,
  evmChainId: z.number().int().nullable(),
  shortName: z.string().nullable(),
  nativeCurrency: nativeCurrencySchema.nullable(),
  explorers: z.array(explorerSchema),
  isTestnet: z.boolean(),
  status: z.string(),
  parentChainId: z.number().int().nullable(),
  totalUpvotes: z.number().int(),
  totalDownvotes: z.number().int(),
  updatedAt: z.string(),
});
export type Chain = z.infer<typeof chainSchema>;
export const chainListSchema = z.array(chainSchema);

/**
 * GET /api/chains/summary: every chain, in directory order, with what the site's frame and its lists draw of it (a
 * link with its icon, its chain ID, testnet or not) and no more.
 */
export const chainSummarySchema = chainRefSchema.extend({
  evmChainId: z.number().int().nullable(),
  isTestnet: z.boolean(),
});
export type ChainSummary = z.infer<typeof chainSummarySchema>;
export const chainSummaryListSchema = z.array(chainSummarySchema);

/** GET /api/chains/summary?testnet&first: a part of the summary (contract/chain-page.ts `selectChainSummaries`). */
export const chainSummaryQuerySchema = z.object({
  testnet: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('Only the testnets (true) or only the other chains (false)'),
  first: z.coerce
    .number()
    .int()
    .min(1)
    .max(9999)
    .optional()
    .describe('Only the first this many chains (of the kind asked for), in directory order'),
});

/** GET /api/chains/with-stats: a chain with its provider count and their mean rating. */
export const chainWithStatsSchema = chainSchema.extend({
  providerCount: z.number().int(),
  /** Mean of the average ratings of its rated providers; 0 when none is rated. */
  averageRating: z.number(),
  /**
   * Of its endpoints needing no API key (endpointsPublic), how many answered the right chain at their latest probe
   * ("N/M endpoints healthy"). Null in answers saved offline before they existed: unknown.
   */
  endpointsHealthy: z.number().int().nullable().default(null),
  /** Of them, how many the prober has reached at all; the others are "not checked yet", never unhealthy. */
  endpointsChecked: z.number().int().nullable().default(null),
  endpointsPublic: z.number().int().nullable().default(null),
});
export type ChainWithStats = z.infer<typeof chainWithStatsSchema>;
export const chainWithStatsListSchema = z.array(chainWithStatsSchema);

/**
 * An endpoint's `id` (stable across admin edits: its history follows it), `health` (the summary row) and
 * `capabilities` (the daily measurement). Each may be absent from answers saved offline before it existed: the id is
 * then unknown (no history to open), the health reads as unverified and the capabilities as unmeasured.
 */
export const endpointIdentitySchema = z.object({
  id: z.number().int().optional(),
  health: endpointHealthSchema.default(UNVERIFIED_HEALTH),
  capabilities: endpointCapabilitiesSchema.default(UNMEASURED_CAPABILITIES),
});

export const rpcEndpointSchema = endpointIdentitySchema.extend({
  url: z.string(),
  provider: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  tracking: z.enum(['none', 'limited', 'yes', 'unspecified']),
  needsApiKey: z.boolean(),
});
export type RpcEndpoint = z.infer<typeof rpcEndpointSchema>;

/** ethereum-lists' own fields of a chain, as the dataset gives them (data/README.md); its chain JSON needs them. */
export const ethereumListsFactsSchema = z.object({
  chain: z.string(),
  networkId: z.number().int(),
  faucets: z.array(z.string()),
});

/** GET /api/chains/{slug}. Providers come from /api/providers/by-chain/{chainId}. */
export const chainDetailSchema = chainWithStatsSchema.extend({
  parentChain: chainRefSchema.nullable(),
  rpcEndpoints: z.array(rpcEndpointSchema),
  /**
   * Null when no source describes the chain in ethereum-lists' terms (e.g. a chain an admin added). Optional for
   * answers saved offline before it existed; the API always sends it.
   */
  ethereumLists: ethereumListsFactsSchema.nullable().optional(),
});
export type ChainDetail = z.infer<typeof chainDetailSchema>;

const ethereumListsChainSchema: z.ZodType<EthereumListsChain> = z.object({
  name: z.string(),
  title: z.string().optional(),
  chain: z.string(),
  rpc: z.array(z.string()),
  faucets: z.array(z.string()),
  nativeCurrency: nativeCurrencySchema,
  infoURL: z.string(),
  shortName: z.string(),
  chainId: z.number().int(),
  networkId: z.number().int(),
  explorers: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
  status: z.string().optional(),
});

/**
 * GET /api/chains/{slug}/snippets: `endpoint`, the id of one of the chain's keyless endpoints, put first; or
 * `provider`, a provider's slug, for that provider's own URLs only (its keyless endpoints and its API-key URL
 * templates, the key read from an environment variable).
 */
export const snippetsQuerySchema = z.object({
  endpoint: z.coerce.number().int().positive().optional(),
  provider: z.string().min(1).max(200).optional(),
});

/** GET /api/chains/{slug}/snippets. */
export const connectSnippetsSchema: z.ZodType<ConnectSnippets> = z.object({
  viem: z.string(),
  wagmi: z.string(),
  ethers: z.string(),
  web3py: z.string(),
  hardhat: z.string(),
  hardhat2: z.string(),
  foundry: z.string(),
  eip3085: z
    .object({
      chainId: z.templateLiteral(['0x', z.string()]),
      chainName: z.string(),
      nativeCurrency: nativeCurrencySchema,
      rpcUrls: z.array(z.string()),
      blockExplorerUrls: z.array(z.string()).optional(),
    })
    .nullable(),
  ethereumLists: ethereumListsChainSchema.nullable(),
});
