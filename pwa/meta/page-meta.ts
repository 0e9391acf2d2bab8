// A page's metadata (title, description, robots, canonical, social tags, JSON-LD) and how it is put together:
// the page's computed texts, its defaults, and the SEO fields an admin set on the record, each of which wins.
import { PRODUCT_NAME } from '../../contract/product.ts';
import { nonEmpty, truncate } from './text.ts';

export type PageMeta = {
  title: string;
  description: string;
  robots: string;
  /** Absolute URL under the site's base URL. */
  canonical: string;
  ogType: 'website' | 'product' | 'article';
  ogTitle: string;
  ogDescription: string;
  /** Absolute http(s) URL, or absent. */
  ogImage?: string;
  twitterCard: 'summary' | 'summary_large_image';
  /** schema.org objects, each rendered in its own <script type="application/ld+json">. */
  jsonLd: object[];
};

export const DEFAULT_TITLE = `${PRODUCT_NAME} Directory`;
export const HOME_TITLE = `${PRODUCT_NAME} Hotlist`;
export const DEFAULT_ROBOTS = 'index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1';
export const NOT_FOUND_ROBOTS = 'noindex';
export const ADMIN_ROBOTS = 'noindex, nofollow';
/** Internal search results are thin duplicates of the listing pages: keep them out of the index, follow their links. */
export const SEARCH_RESULTS_ROBOTS = 'noindex, follow';
export const DEFAULT_DESCRIPTION =
  'Discover, compare and review blockchain RPC providers for Ethereum, Layer 2 networks and other chains: ' +
  'community ratings, user reviews and expert insights.';

/** The share image of pages without one of their own: the PWA's icon (public/icons). */
export const DEFAULT_OG_IMAGE = '/icons/icon-512.png';
/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX = 160;

/** The site's base URL without a trailing slash. */
export const siteOrigin = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** An absolute http(s) URL for a stored link: absolute ones kept, site-relative ones put under the base, others dropped. */
export function absoluteUrl(baseUrl: string, url: string | null | undefined): string | undefined {
  const value = url?.trim();
  if (!value) return undefined;
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//') && !/\s/.test(value)) return siteOrigin(baseUrl) + value;
  return undefined;
}

/** The SEO fields an admin may set on a chain, a provider, the about page, the homepage or a category page. */
export type SeoOverrides = {
  metaTitle?: string | null;
  metaDescription?: string | null;
  ogTitle?: string | null;
  ogDescription?: string | null;
  ogImage?: string | null;
};

/** What a page gives to make its metadata. */
export type PageParts = {
  baseUrl: string;
  path: string;
  title: string;
  description: string;
  robots?: string;
  ogType?: PageMeta['ogType'];
  /** Admin-managed SEO fields: each one that is set wins over the computed default. */
  overrides?: SeoOverrides;
  /** Used when no Open Graph image is set by an admin (else the app icon). */
  fallbackImage?: string | null;
  jsonLd: object[];
};

/** A page's metadata from its own texts and defaults, with the admin's SEO fields winning where set. */
export function pageMetaFrom(p: PageParts): PageMeta {
  const o = p.overrides ?? {};
  const title = nonEmpty(o.metaTitle, p.title);
  const description = truncate(nonEmpty(o.metaDescription, p.description, DEFAULT_DESCRIPTION), DESCRIPTION_MAX);
  const chosenImage = absoluteUrl(p.baseUrl, o.ogImage);
  // Social cards do not show SVG (the shipped chain icons are SVG): the app icon stands in for one.
  const fallbackImage = p.fallbackImage && !/\.svg$/i.test(p.fallbackImage) ? p.fallbackImage : DEFAULT_OG_IMAGE;
  const ogImage = chosenImage ?? absoluteUrl(p.baseUrl, fallbackImage);
  return {
    title,
    description,
    robots: p.robots ?? DEFAULT_ROBOTS,
    canonical: siteOrigin(p.baseUrl) + p.path,
    ogType: p.ogType ?? 'website',
    ogTitle: nonEmpty(o.ogTitle, title),
    ogDescription: truncate(nonEmpty(o.ogDescription, description), DESCRIPTION_MAX),
    ...(ogImage ? { ogImage } : {}),
    // A large card only for an image chosen for sharing; logos and the app icon are square.
    twitterCard: chosenImage ? 'summary_large_image' : 'summary',
    jsonLd: p.jsonLd,
  };
}

/** "{name} | RPC Atlas Directory": the title of a page below the home page. */
export const pageTitle = (name: string) => `${name} | ${DEFAULT_TITLE}`;
