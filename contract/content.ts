// Response shapes of the site-content endpoints (homepage, about, category pages, partner links,
// ads, tracking).
import { z } from 'zod';
import { seoAnswerFields } from './fields.ts';

export const homepageSchema = z.object({
  title: z.string(),
  introText: z.string(),
  seoText: z.string(),
  ...seoAnswerFields,
});
export type Homepage = z.infer<typeof homepageSchema>;

export const aboutSchema = z.object({ title: z.string(), content: z.string(), ...seoAnswerFields });
export type About = z.infer<typeof aboutSchema>;

export const categoryNames = ['providers', 'chains'] as const;
export const categoryContentSchema = z.object({ title: z.string(), contentHtml: z.string(), ...seoAnswerFields });
export type CategoryContent = z.infer<typeof categoryContentSchema>;

export const partnerLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  order: z.number().int(),
});
export type PartnerLink = z.infer<typeof partnerLinkSchema>;
export const partnerLinkListSchema = z.array(partnerLinkSchema);

export const adPositions = ['header', 'sidebar', 'footer', 'content-top', 'content-bottom', 'hotlist-inline'] as const;
export const adPositionSchema = z.enum(adPositions);
export const adFrequencies = ['3', '5', '7', '10'] as const;

/** A public ad: only active ones are served. */
export const adSchema = z.object({
  id: z.number().int(),
  adCode: z.string(),
  isActive: z.boolean(),
  position: adPositionSchema,
  frequency: z.enum(adFrequencies),
});
export type Ad = z.infer<typeof adSchema>;
export const adListSchema = z.array(adSchema);

export const trackingSettingsSchema = z.object({
  googleAnalyticsId: z.string().nullable(),
  googleTagManagerId: z.string().nullable(),
});
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>;
