// Shared zod field helpers for admin input (contract/admin.ts builds its schemas from them).
// Optional text fields treat a blank string as "no value" (null), so a cleared form field clears the column.
import { z } from 'zod';
import { perSocialLink, socialLinkLabel } from './social-links.ts';

export const DEFAULT_COLOR = '#3b82f6';
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;

/**
 * Whether `value` holds a C0 or C1 control character or DEL: never part of a URL as typed (the URL parser would drop
 * or escape it).
 */
const hasControlCharacter = (value: string) =>
  [...value].some((c) => c <= '\u001f' || (c >= '\u007f' && c <= '\u009f'));

/** True for an absolute URL with a host, one of `protocols` (e.g. 'https:') and no control character. */
export function isUrlWith(value: string, protocols: readonly string[]): boolean {
  if (hasControlCharacter(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return protocols.includes(url.protocol) && url.hostname !== '';
}

/** True for absolute http:// or https:// URLs (the only schemes a stored link may use: no javascript:, data:, …). */
export const isHttpUrl = (value: string) => isUrlWith(value, ['http:', 'https:']);

/** An uploaded object's path, as the upload answers it ("/objects/{uuid}"). */
const UPLOADED_OBJECT_PATH = /^\/objects\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A chain icon shipped with the app (public/chain-icons/, data/chain-icons.json): a static file, no action. */
const SHIPPED_ICON_PATH = /^\/chain-icons\/[a-z0-9-]+\.svg$/;

/**
 * Where an image goes, only an uploaded object, a shipped chain icon or an https: URL: any other path of this site could be an
 * action the visitor's browser performs by loading it (e.g. "/api/logout" as a logo), and http: images are
 * mixed content.
 */
export function isImageUrl(value: string): boolean {
  if (UPLOADED_OBJECT_PATH.test(value) || SHIPPED_ICON_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

const blankToNull = (v: string | null | undefined) => (v === '' ? null : v);

/** Required single-line text, trimmed. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional single-line text, trimmed; blank → null. */
export const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).nullish().transform(blankToNull);

/** Plain text that is never null in the database: null and blank are both stored as ''. */
export const plainText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => v ?? '');

/** Rich text (HTML), null meaning ''. Sanitised by the route before it is stored (api/lib/sanitize.ts); the cap keeps rows sane. */
export const htmlText = (label: string, max = 200_000) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => v ?? '');

/** Optional http(s) URL; blank → null; javascript:, data:, relative paths … are refused. */
export const optionalHttpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => v === '' || isHttpUrl(v), `${label} must be an http:// or https:// URL`)
    .nullish()
    .transform(blankToNull);

/** Required http(s) URL. */
export const httpUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000, `${label} must be at most 2000 characters`)
    .refine(isHttpUrl, `${label} must be an http:// or https:// URL`);

/** Optional image URL (isImageUrl): an https: URL or an uploaded object's path; blank → null. */
export const optionalImageUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => v === '' || isImageUrl(v), `${label} must be an https:// URL or an uploaded image`)
    .nullish()
    .transform(blankToNull);

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** URL slug: lowercase letters, digits and single hyphens (input is trimmed and lowercased first). */
export const slug = z
  .string({ error: 'Slug is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Slug is required')
  .max(200, 'Slug must be at most 200 characters')
  .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and single hyphens (e.g. "base-sepolia")');

export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, `Colour must be a hex colour like ${DEFAULT_COLOR}`);

/** How the admin form labels each SEO field and the input's error messages name it. */
export const SEO_LABELS = {
  metaTitle: 'SEO title',
  metaDescription: 'SEO description',
  ogTitle: 'Open Graph title',
  ogDescription: 'Open Graph description',
  ogImage: 'Open Graph image',
} as const;

/** The SEO fields of every record that is a public page: chains, providers, about, homepage, category pages. */
export const seoFields = {
  metaTitle: optionalText(SEO_LABELS.metaTitle, SEO_TITLE_MAX),
  metaDescription: optionalText(SEO_LABELS.metaDescription, SEO_DESCRIPTION_MAX),
  ogTitle: optionalText(SEO_LABELS.ogTitle, SEO_TITLE_MAX),
  ogDescription: optionalText(SEO_LABELS.ogDescription, SEO_DESCRIPTION_MAX),
  ogImage: optionalImageUrl(SEO_LABELS.ogImage),
};

/** The SEO fields as every public page's answer carries them (what an admin left blank is null). */
export const seoAnswerFields = {
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  ogTitle: z.string().nullable(),
  ogDescription: z.string().nullable(),
  ogImage: z.string().nullable(),
};

/** The social profile links chains and providers both carry in their answers (null: none). */
export const socialLinkAnswerFields = perSocialLink(() => z.string().nullable());

/** The social profile links as an admin sends them: each an http(s) URL or blank. */
export const socialLinkInputFields = perSocialLink((link) => optionalHttpUrl(socialLinkLabel(link)));

/** A database id in a path or body (a positive 32-bit integer; path strings are coerced). */
export const id = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(2147483647, `${label} is too large`);
