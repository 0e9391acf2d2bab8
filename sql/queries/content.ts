// Queries of the site-content tables: homepage, about, category pages, partner links, ads, tracking,
// contact submissions (reads; the admin's writes at the end).
import type { Queryable, Sql } from '../db-types.ts';
import { selectColumns, seoColumns, type RowOf } from '../columns.ts';

// Each page's columns as its answer carries them (sql/columns.ts): a title, its own HTML, the SEO columns.
export const homepageColumns = { title: 'text', introText: 'text', seoText: 'text', ...seoColumns } as const;
export const aboutColumns = { title: 'text', content: 'text', ...seoColumns } as const;
export const categoryColumns = { title: 'text', contentHtml: 'text', ...seoColumns } as const;

export type HomepageRow = RowOf<typeof homepageColumns> & { updatedAt: Date };
export type AboutRow = RowOf<typeof aboutColumns> & { updatedAt: Date };
export type CategoryRow = RowOf<typeof categoryColumns> & { updatedAt: Date };

export async function getHomepage(sql: Queryable) {
  const [row] = await sql<HomepageRow[]>`
    SELECT ${selectColumns(sql, 'h', homepageColumns)}, h.updated_at FROM homepage_content h`;
  return row;
}

export async function getAbout(sql: Queryable) {
  const [row] = await sql<AboutRow[]>`SELECT ${selectColumns(sql, 'a', aboutColumns)}, a.updated_at FROM about_page a`;
  return row;
}

export async function getCategoryContent(sql: Sql, category: 'providers' | 'chains') {
  const [row] = await sql<CategoryRow[]>`
    SELECT ${selectColumns(sql, 'c', categoryColumns)}, c.updated_at
    FROM category_content c WHERE c.category = ${category}`;
  return row;
}

export type PartnerLinkRow = { id: number; name: string; url: string; sortOrder: number };

export function listPartnerLinks(sql: Sql) {
  return sql<PartnerLinkRow[]>`SELECT id, name, url, sort_order FROM partner_links ORDER BY sort_order, id`;
}

export type AdRow = {
  id: number;
  name: string;
  position: string;
  adCode: string;
  frequency: string;
  isActive: boolean;
  createdAt: Date;
};

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

// ---------- admin writes ----------

/** Column values keyed by camelCase column name (the client's transform snake_cases them). */
export type ContentValues = Record<string, string | number | boolean | null>;

// The single-row tables and the category rows: only the columns given change.
export async function updateAbout(sql: Queryable, values: ContentValues) {
  const keys = Object.keys(values);
  if (keys.length) await sql`UPDATE about_page SET ${sql(values, keys)}, updated_at = now()`;
}

export async function updateHomepage(sql: Queryable, values: ContentValues) {
  const keys = Object.keys(values);
  if (keys.length) await sql`UPDATE homepage_content SET ${sql(values, keys)}, updated_at = now()`;
}

export async function updateCategoryContent(sql: Queryable, category: 'providers' | 'chains', values: ContentValues) {
  const keys = Object.keys(values);
  if (keys.length)
    await sql`UPDATE category_content SET ${sql(values, keys)}, updated_at = now() WHERE category = ${category}`;
}

export async function setTrackingSettings(sql: Queryable, settings: TrackingRow) {
  const [row] = await sql<TrackingRow[]>`
    UPDATE tracking_settings
    SET google_analytics_id = ${settings.googleAnalyticsId}, google_tag_manager_id = ${settings.googleTagManagerId}, updated_at = now()
    RETURNING google_analytics_id, google_tag_manager_id`;
  return row;
}

export type PartnerLinkValues = { name: string; url: string; sortOrder: number };

export async function insertPartnerLink(sql: Queryable, link: PartnerLinkValues) {
  const [row] = await sql<PartnerLinkRow[]>`
    INSERT INTO partner_links (name, url, sort_order) VALUES (${link.name}, ${link.url}, ${link.sortOrder})
    RETURNING id, name, url, sort_order`;
  return row;
}

export async function updatePartnerLink(sql: Queryable, id: number, link: PartnerLinkValues) {
  const [row] = await sql<PartnerLinkRow[]>`
    UPDATE partner_links SET name = ${link.name}, url = ${link.url}, sort_order = ${link.sortOrder} WHERE id = ${id}
    RETURNING id, name, url, sort_order`;
  return row;
}

export async function deletePartnerLink(sql: Queryable, id: number): Promise<boolean> {
  const result = await sql`DELETE FROM partner_links WHERE id = ${id}`;
  return result.count > 0;
}

/** Every ad, active or not, newest first. */
export function listAllAds(sql: Queryable) {
  return sql<
    AdRow[]
  >`SELECT id, name, position, ad_code, frequency, is_active, created_at FROM ads ORDER BY created_at DESC, id DESC`;
}

export async function insertAd(sql: Queryable, values: ContentValues) {
  const [row] = await sql<AdRow[]>`
    INSERT INTO ads ${sql(values, Object.keys(values))}
    RETURNING id, name, position, ad_code, frequency, is_active, created_at`;
  return row;
}

/** Updates the given columns; undefined when no ad has that id. */
export async function updateAd(sql: Queryable, id: number, values: ContentValues) {
  const keys = Object.keys(values);
  const [row] = keys.length
    ? await sql<AdRow[]>`
        UPDATE ads SET ${sql(values, keys)}, updated_at = now() WHERE id = ${id}
        RETURNING id, name, position, ad_code, frequency, is_active, created_at`
    : await sql<
        AdRow[]
      >`SELECT id, name, position, ad_code, frequency, is_active, created_at FROM ads WHERE id = ${id}`;
  return row;
}

export async function deleteAd(sql: Queryable, id: number): Promise<boolean> {
  const result = await sql`DELETE FROM ads WHERE id = ${id}`;
  return result.count > 0;
}

export type ContactSubmissionRow = {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  isRead: boolean;
  createdAt: Date;
};

/** Newest first. */
export function listContactSubmissions(sql: Queryable) {
  return sql<ContactSubmissionRow[]>`
    SELECT id, name, email, subject, message, is_read, created_at FROM contact_submissions ORDER BY created_at DESC, id DESC`;
}

/** False when no submission has that id. */
export async function deleteContactSubmission(sql: Queryable, id: number) {
  return (await sql`DELETE FROM contact_submissions WHERE id = ${id}`).count === 1;
}

/** Undefined when no submission has that id. */
export async function markContactSubmissionRead(sql: Queryable, id: number) {
  const [row] = await sql<ContactSubmissionRow[]>`
    UPDATE contact_submissions SET is_read = true WHERE id = ${id}
    RETURNING id, name, email, subject, message, is_read, created_at`;
  return row;
}
