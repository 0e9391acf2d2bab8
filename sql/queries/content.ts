// Read queries of the site-content tables: homepage, about, category pages, partner links, ads, tracking.
import type { Sql } from '../../api/db/index.ts';

type Seo = { metaTitle: string | null; metaDescription: string | null; ogTitle: string | null; ogDescription: string | null; ogImage: string | null };
export type HomepageRow = Seo & { title: string; introText: string; seoText: string; updatedAt: Date };
export type AboutRow = Seo & { title: string; content: string; updatedAt: Date };
export type CategoryRow = Seo & { title: string; contentHtml: string; updatedAt: Date };

export async function getHomepage(sql: Sql) {
  const [row] = await sql<HomepageRow[]>`
    SELECT title, intro_text, seo_text, meta_title, meta_description, og_title, og_description, og_image, updated_at
    FROM homepage_content`;
  return row;
}

export async function getAbout(sql: Sql) {
  const [row] = await sql<AboutRow[]>`
    SELECT title, content, meta_title, meta_description, og_title, og_description, og_image, updated_at FROM about_page`;
  return row;
}

export async function getCategoryContent(sql: Sql, category: 'providers' | 'chains') {
  const [row] = await sql<CategoryRow[]>`
    SELECT title, content_html, meta_title, meta_description, og_title, og_description, og_image, updated_at
    FROM category_content WHERE category = ${category}`;
  return row;
}

export type PartnerLinkRow = { id: number; name: string; url: string; sortOrder: number };

export function listPartnerLinks(sql: Sql) {
  return sql<PartnerLinkRow[]>`SELECT id, name, url, sort_order FROM partner_links ORDER BY sort_order, id`;
}

export type AdRow = { id: number; name: string; position: string; adCode: string; frequency: string; isActive: boolean; createdAt: Date };

export function listActiveAds(sql: Sql, position: string) {
  return sql<AdRow[]>`
    SELECT id, name, position, ad_code, frequency, is_active, created_at
    FROM ads WHERE position = ${position} AND is_active ORDER BY id`;
}

export type TrackingRow = { googleAnalyticsId: string | null; googleTagManagerId: string | null };

export async function getTrackingSettings(sql: Sql) {
  const [row] = await sql<TrackingRow[]>`SELECT google_analytics_id, google_tag_manager_id FROM tracking_settings`;
  return row;
}
