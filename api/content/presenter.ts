// Shapes site-content rows into the API's content responses (contract/content.ts).
import type { AboutRow, AdRow, CategoryRow, HomepageRow, PartnerLinkRow } from '../../sql/queries/content.ts';
import type { About, Ad, CategoryContent, Homepage, PartnerLink } from '../../contract/content.ts';

const seo = (r: { metaTitle: string | null; metaDescription: string | null; ogTitle: string | null; ogDescription: string | null; ogImage: string | null }) =>
  ({ metaTitle: r.metaTitle, metaDescription: r.metaDescription, ogTitle: r.ogTitle, ogDescription: r.ogDescription, ogImage: r.ogImage });

export const presentHomepage = (r: HomepageRow): Homepage => ({ title: r.title, introText: r.introText, seoText: r.seoText, ...seo(r) });
export const presentAbout = (r: AboutRow): About => ({ title: r.title, content: r.content, ...seo(r) });
export const presentCategory = (r: CategoryRow): CategoryContent => ({ title: r.title, contentHtml: r.contentHtml, ...seo(r) });
export const presentPartnerLink = (r: PartnerLinkRow): PartnerLink => ({ id: r.id, name: r.name, url: r.url, order: r.sortOrder });
export const presentAd = (r: AdRow): Ad =>
  ({ id: r.id, adCode: r.adCode, isActive: r.isActive, position: r.position as Ad['position'], frequency: r.frequency as Ad['frequency'] });
