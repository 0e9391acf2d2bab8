// The API's response schemas, gathered in one module the data layer imports lazily: zod (≈ 25 KB gzip)
// then loads in parallel with the first request instead of delaying the first paint.
export { chainDetailSchema, chainListSchema, chainWithStatsListSchema } from '../../api/chains/schema.ts';
export { providerDetailSchema, providerListSchema } from '../../api/providers/schema.ts';
export {
  aboutSchema, adListSchema, categoryContentSchema, homepageSchema, partnerLinkListSchema, trackingSettingsSchema,
} from '../../api/content/schema.ts';
export { searchResultSchema } from '../../api/search/schema.ts';
export { authUserSchema, profileUpdateSchema } from '../../api/auth/schema.ts';
export { myReviewSchema, reviewSubmittedSchema } from '../../api/reviews/schema.ts';
