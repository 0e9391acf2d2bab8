// The API's response schemas, gathered in one module the data layer imports lazily: zod (≈ 25 KB gzip)
// then loads in parallel with the first request instead of delaying the first paint.
export {
  chainDetailSchema, chainListSchema, chainSummaryListSchema, chainWithStatsListSchema, connectSnippetsSchema,
} from '../../contract/chains.ts';
export { providerDetailSchema, providerListSchema, providerOnChainListSchema } from '../../contract/providers.ts';
export {
  aboutSchema, adListSchema, categoryContentSchema, homepageSchema, partnerLinkListSchema, trackingSettingsSchema,
} from '../../contract/content.ts';
export { searchResultSchema } from '../../contract/search.ts';
export { authUserSchema, profileUpdateSchema } from '../../contract/auth.ts';
export { myReviewSchema, reviewSubmittedSchema } from '../../contract/reviews.ts';
export { endpointHistorySchema, proberStateSchema } from '../../contract/health.ts';
