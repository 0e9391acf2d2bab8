// Input (and admin-only response) shapes of every /api/admin call; the PWA's admin forms validate with
// these too, so the browser and the server agree. HTML fields are sanitised by the routes, not here.
import { z } from 'zod';
import { adFrequencies, adPositionSchema, categoryNames } from './content.ts';
import { providerSchema, trackingLabelSchema } from './providers.ts';
import { rpcEndpointSchema } from './chains.ts';
import {
  DEFAULT_COLOR,
  hexColor,
  htmlText,
  httpUrl,
  isUrlWith,
  id,
  optionalHttpUrl,
  optionalImageUrl,
  optionalText,
  plainText,
  requiredText,
  seoFields,
  slug,
  socialLinkInputFields,
} from './fields.ts';

export { DEFAULT_COLOR, SEO_DESCRIPTION_MAX, SEO_LABELS, SEO_TITLE_MAX } from './fields.ts';

// ---------- chains ----------

export const nativeCurrencyInputSchema = z.object({
  name: requiredText('Currency name', 100),
  symbol: requiredText('Currency symbol', 20),
  decimals: z
    .number()
    .int('Decimals must be a whole number')
    .min(0, 'Decimals must be 0 or more')
    .max(36, 'Decimals must be at most 36'),
});
export const explorerInputSchema = z.object({ name: requiredText('Explorer name', 100), url: httpUrl('Explorer URL') });

export const rpcTrackingValues = ['none', 'limited', 'yes', 'unspecified'] as const;
/** An RPC endpoint's address: parsed like every URL field, over HTTP or WebSocket. */
export const isEndpointUrl = (value: string) => isUrlWith(value, ['http:', 'https:', 'ws:', 'wss:']);

const endpointFields = {
  url: z
    .string()
    .trim()
    .min(1, 'Endpoint URL is required')
    .max(2000)
    .refine(
      isEndpointUrl,
      'Endpoint URL must be an http://, https://, ws:// or wss:// URL with a host and no control characters',
    ),
  tracking: z.enum(rpcTrackingValues),
  needsApiKey: z.boolean(),
  providerId: id('Provider id').nullish(),
};
export const rpcEndpointInputSchema = z.object({
  ...endpointFields,
  tracking: endpointFields.tracking.default('unspecified'),
  needsApiKey: endpointFields.needsApiKey.default(false),
});

/** POST /api/admin/endpoints: one endpoint added at the end of its chain's list. */
export const endpointCreateSchema = rpcEndpointInputSchema.extend({ chainId: id('Chain id') });
/** PUT /api/admin/endpoints/{id}: only the fields sent change; the id (and the history on it) stays. */
export const endpointUpdateSchema = z.object(endpointFields).partial();
export type EndpointCreateInput = z.input<typeof endpointCreateSchema>;
export type EndpointUpdateInput = z.input<typeof endpointUpdateSchema>;

const rpcEndpointListSchema = z
  .array(rpcEndpointInputSchema)
  .max(500, 'At most 500 endpoints')
  .refine((list) => new Set(list.map((e) => e.url)).size === list.length, 'An endpoint URL is listed twice');

/** A chain's lifecycle, as ethereum-lists names it; the public page marks any but 'active'. */
export const chainStatusValues = ['active', 'incubating', 'deprecated'] as const;

// Every key maps to the chains column of the same (snake_cased) name.
const chainBase = z.object({
  name: requiredText('Name'),
  slug,
  title: optionalText('Title', 200),
  description: plainText('Description', 2000),
  detailedDescription: htmlText('Detailed description'),
  iconUrl: optionalImageUrl('Icon URL'),
  color: hexColor,
  websiteUrl: optionalHttpUrl('Website URL'),
  ...socialLinkInputFields,
  ...seoFields,
  // The dataset's chain facts.
  evmChainId: z
    .number()
    .int('EVM chain id must be a whole number')
    .positive('EVM chain id must be positive')
    .max(Number.MAX_SAFE_INTEGER, 'EVM chain id is too large')
    .nullish(),
  shortName: optionalText('Short name', 50),
  nativeCurrency: nativeCurrencyInputSchema.nullish(),
  explorers: z.array(explorerInputSchema).max(50, 'At most 50 explorers'),
  isTestnet: z.boolean(),
  status: z.enum(chainStatusValues, { error: `Status must be one of ${chainStatusValues.join(', ')}` }),
  /** The network it settles on (an L2's L1); null for none. */
  parentChainId: id('Parent chain id').nullish(),
});

/** POST /api/admin/chains. Left-out fields take their defaults (colour #3b82f6, no facts). */
export const chainCreateSchema = chainBase.extend({
  description: chainBase.shape.description.default(''),
  detailedDescription: chainBase.shape.detailedDescription.default(''),
  color: hexColor.default(DEFAULT_COLOR),
  explorers: chainBase.shape.explorers.default([]),
  isTestnet: chainBase.shape.isTestnet.default(false),
  status: chainBase.shape.status.default('active'),
  /** The chain's public RPC endpoints, in order. */
  rpcEndpoints: rpcEndpointListSchema.optional(),
});
export type ChainCreateInput = z.input<typeof chainCreateSchema>;

/** PUT /api/admin/chains/{id}: only the fields sent change; `rpcEndpoints`, when sent, replaces the list. */
export const chainUpdateSchema = chainBase.partial().extend({ rpcEndpoints: rpcEndpointListSchema.optional() });
export type ChainUpdateInput = z.input<typeof chainUpdateSchema>;

// ---------- providers ----------

const providerBase = z.object({
  name: requiredText('Name'),
  slug,
  description: plainText('Description', 2000),
  detailedDescription: htmlText('Detailed description'),
  website: optionalHttpUrl('Website'),
  /** Used by "Visit Official Website" instead of the website when present. */
  affiliateUrl: optionalHttpUrl('Affiliate URL'),
  logoUrl: optionalImageUrl('Logo URL'),
  iconUrl: optionalImageUrl('Icon URL'),
  color: hexColor,
  ...socialLinkInputFields,
  privacyPolicyUrl: optionalHttpUrl('Privacy policy URL'),
  ...seoFields,
  nofollowLinks: z.boolean(),
  cloakedLinks: z.boolean(),
  featured: z.boolean(),
  /** How the provider treats request data (chainlist's privacy labels), shown as a badge on its page. */
  tracking: z.enum(trackingLabelSchema.options, {
    error: `Tracking must be one of ${trackingLabelSchema.options.join(', ')}`,
  }),
});

/** POST /api/admin/providers (chain links are separate calls; a chainIds key is ignored). */
export const providerCreateSchema = providerBase.extend({
  description: providerBase.shape.description.default(''),
  detailedDescription: providerBase.shape.detailedDescription.default(''),
  color: hexColor.default(DEFAULT_COLOR),
  nofollowLinks: providerBase.shape.nofollowLinks.default(false),
  cloakedLinks: providerBase.shape.cloakedLinks.default(false),
  featured: providerBase.shape.featured.default(false),
  tracking: providerBase.shape.tracking.default('unspecified'),
});
export type ProviderCreateInput = z.input<typeof providerCreateSchema>;

/** PUT /api/admin/providers/{id}: only the fields sent change. */
export const providerUpdateSchema = providerBase.partial();
export type ProviderUpdateInput = z.input<typeof providerUpdateSchema>;

/** PUT /api/admin/providers/{id}/chains: replaces the provider's chain links. */
export const providerChainsSchema = z.object({
  chainIds: z
    .array(id('Chain id'))
    .max(5000)
    .transform((ids) => [...new Set(ids)]),
});

/** Answer of provider create/update and GET /api/admin/providers/{id}: the list shape plus the rich text. */
/** An endpoint as the admin endpoint routes answer it (the chain detail's shape plus its chain's id). */
export const adminEndpointSchema = rpcEndpointSchema.extend({ id: z.number().int(), chainId: z.number().int() });
export type AdminEndpoint = z.infer<typeof adminEndpointSchema>;
export const adminEndpointListSchema = z.array(adminEndpointSchema);

export const adminProviderSchema = providerSchema.extend({ detailedDescription: z.string() });
export type AdminProvider = z.infer<typeof adminProviderSchema>;

/** Answer of both chain-link calls. */
export const providerChainsResponseSchema = z.object({
  providerId: z.number().int(),
  chainIds: z.array(z.number().int()),
});
export type ProviderChainsResponse = z.infer<typeof providerChainsResponseSchema>;

// ---------- editorial reviews ----------

export const EDITORIAL_DEFAULT_RATING = 5;

/** POST /api/admin/providers/{providerId}/editorial-review. One per provider: a new one replaces it. */
export const editorialReviewInputSchema = z.object({
  rating: z
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number')
    .min(1, 'Rating must be from 1 to 5')
    .max(5, 'Rating must be from 1 to 5')
    .default(EDITORIAL_DEFAULT_RATING),
  content: htmlText('Content').refine((s) => s.trim() !== '', 'Content is required'),
});
export type EditorialReviewInput = z.input<typeof editorialReviewInputSchema>;

export const adminEditorialReviewSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  providerName: z.string(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  createdAt: z.string(),
});
export type AdminEditorialReview = z.infer<typeof adminEditorialReviewSchema>;
export const adminEditorialReviewListSchema = z.array(adminEditorialReviewSchema);
/** The POST answer: the stored review, and whether it replaced the provider's previous one. */
export const editorialReviewSavedSchema = adminEditorialReviewSchema.extend({ replaced: z.boolean() });
export type EditorialReviewSaved = z.infer<typeof editorialReviewSavedSchema>;

// ---------- ads ----------

export const AD_CODE_PREVIEW_LENGTH = 200;

const adBase = z.object({
  name: requiredText('Name'),
  position: adPositionSchema,
  adCode: z
    .string({ error: 'Ad code is required' })
    .trim()
    .min(1, 'Ad code is required')
    .max(100_000, 'Ad code must be at most 100000 characters'),
  // Only used for hotlist-inline (an ad after every n-th card); forms send it as a string, numbers are accepted too.
  frequency: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.enum(adFrequencies, { error: `Frequency must be one of ${adFrequencies.join(', ')}` }),
  ),
  isActive: z.boolean(),
});

/** POST /api/admin/ads. */
export const adCreateSchema = adBase.extend({
  position: adBase.shape.position.default('header'),
  frequency: adBase.shape.frequency.default('5'),
  isActive: adBase.shape.isActive.default(true),
});
export type AdCreateInput = z.input<typeof adCreateSchema>;
/** PUT /api/admin/ads/{id}: only the fields sent change (e.g. {isActive: false} toggles). */
export const adUpdateSchema = adBase.partial();
export type AdUpdateInput = z.input<typeof adUpdateSchema>;

export const adminAdSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: adPositionSchema,
  adCode: z.string(),
  frequency: z.enum(adFrequencies),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;
export const adminAdListSchema = z.array(adminAdSchema);

// ---------- contact submissions ----------

export const contactSubmissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;
export const contactSubmissionListSchema = z.array(contactSubmissionSchema);

// ---------- pages ----------

/** A content page: its title, then its own HTML fields, then the SEO fields. */
const pageBase = z.object({ title: plainText('Title', 200) });

/** PUT /api/admin/about (the og fields are read by the public page too). Only the fields sent change. */
export const aboutInputSchema = pageBase.extend({ content: htmlText('Content'), ...seoFields }).partial();
export type AboutInput = z.input<typeof aboutInputSchema>;

/** PUT /api/admin/homepage. Only the fields sent change. */
export const homepageInputSchema = pageBase
  .extend({ introText: htmlText('Intro text'), seoText: htmlText('SEO text'), ...seoFields })
  .partial();
export type HomepageInput = z.input<typeof homepageInputSchema>;

export const categoryParamSchema = z.object({
  category: z.enum(categoryNames, { error: 'Category must be chains or providers' }),
});

/** PUT /api/admin/category/{chains|providers}: the seven fields. Only the fields sent change. */
export const categoryContentInputSchema = pageBase.extend({ contentHtml: htmlText('Content'), ...seoFields }).partial();
export type CategoryContentInput = z.input<typeof categoryContentInputSchema>;

// ---------- tracking ----------

export const GA_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,20}$/;

const trackingId = (label: string, pattern: RegExp, example: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || pattern.test(v), `${label} must look like ${example}`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * POST /api/admin/tracking-settings. The body is the whole setting: an ID left out or blank is removed
 * (so its script disappears from the pages). Only these shapes are accepted: the server builds the
 * injected snippets from the ID, never from stored HTML.
 */
export const trackingSettingsInputSchema = z.object({
  googleAnalyticsId: trackingId('Google Analytics ID', GA_ID_PATTERN, 'G-XXXXXXXXXX'),
  googleTagManagerId: trackingId('Google Tag Manager ID', GTM_ID_PATTERN, 'GTM-XXXXXXX'),
});
export type TrackingSettingsInput = z.input<typeof trackingSettingsInputSchema>;

// ---------- partner links ----------

/** A non-numeric order becomes 0; a number must be a whole number ≥ 0. */
const partnerOrder = z.preprocess(
  (v) => {
    if (typeof v === 'number') return Number.isNaN(v) ? 0 : v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return 0;
  },
  z
    .number()
    .int('Order must be a whole number')
    .min(0, 'Order must be 0 or more')
    .max(1_000_000, 'Order must be at most 1000000'),
);

/** POST /api/admin/partner-links and PUT /api/admin/partner-links/{id}. */
export const partnerLinkInputSchema = z.object({
  name: requiredText('Name'),
  url: httpUrl('URL'),
  order: partnerOrder,
});
export type PartnerLinkInput = z.input<typeof partnerLinkInputSchema>;

// ---------- uploads and CSV ----------

export const uploadFolders = ['logos', 'icons', 'images'] as const;
export type UploadFolder = (typeof uploadFolders)[number];

const MB = 1024 * 1024;
const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'image/webp'];
/**
 * Per folder: accepted types and size limit, with messages shaped "Title - description". The server
 * decides by the file's bytes; the admin uploader checks the same rules first so a wrong file never leaves the browser.
 */
/** The upload failure message: also the answer to an SVG that is no longer one once cleaned. */
export const UPLOAD_FAILED = 'Upload failed';

export const UPLOAD_RULES: Record<
  UploadFolder,
  { types: string[]; maxBytes: number; invalidType: string; tooLarge: string }
> = {
  logos: {
    types: LOGO_TYPES,
    maxBytes: 5 * MB,
    invalidType: 'Invalid file type - Please upload a JPG, PNG, GIF, SVG, or WebP image.',
    tooLarge: 'File too large - Please upload an image smaller than 5MB.',
  },
  icons: {
    types: LOGO_TYPES,
    maxBytes: 5 * MB,
    invalidType: 'Invalid file type - Please upload a JPG, PNG, GIF, SVG, or WebP image.',
    tooLarge: 'File too large - Please upload an image smaller than 5MB.',
  },
  images: {
    types: ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml'],
    maxBytes: 10 * MB,
    invalidType: 'Invalid file type - Please upload a JPG, PNG, GIF, or SVG image.',
    tooLarge: 'File too large - Please upload an image smaller than 10MB.',
  },
};
export const uploadResponseSchema = z.object({ uploadURL: z.string() });

/** The CSV columns, in order (export writes exactly these; import requires them). */
export const CSV_COLUMNS = [
  'Type',
  'Name',
  'Slug',
  'Description',
  'DetailedDescription',
  'Website',
  'LogoUrl',
  'IconUrl',
  'Color',
  'MetaTitle',
  'MetaDescription',
  'NofollowLinks',
  'Title',
  'Content',
  'OgTitle',
  'OgDescription',
  'OgImage',
  'IntroText',
  'SeoText',
  'EditorialRating',
  'EditorialContent',
  'Chains',
  'CreatedAt',
  'UpdatedAt',
] as const;
export const csvImportResponseSchema = z.object({
  imported: z.object({ chains: z.number().int(), providers: z.number().int() }),
});
export type CsvImportResponse = z.infer<typeof csvImportResponseSchema>;
