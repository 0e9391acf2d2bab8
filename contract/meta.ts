// Per-page metadata (title, description, robots, canonical, social tags, JSON-LD), computed from the same
// API data the page shows. Pure and browser-safe: each route declares its head with these builders (pageHead).
import type { Chain, ChainDetail } from './chains.ts';
import type { About, CategoryContent, Homepage } from './content.ts';
import type { Provider, ProviderDetail } from './providers.ts';
import type { SearchResult } from './search.ts';
import { PRODUCT_NAME } from './product.ts';
import { SOCIAL_LINKS } from './social-links.ts';
import { paths } from './urls.ts';

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
/** Review texts in the structured data are cut to these lengths. */
export const REVIEW_TEXT_MAX = 100;
export const EDITORIAL_TEXT_MAX = 200;
/** At most this many user reviews go into a provider's structured data. */
export const JSON_LD_REVIEW_LIMIT = 10;

/**
 * Listing pages name at most this many items in their ItemList (numberOfItems still says how many there
 * are): every page's head stays small even with thousands of providers, and the sitemap lists them all.
 */
export const ITEM_LIST_LIMIT = 100;

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Cuts text to at most `max` characters, ending with an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).trimEnd()}…`;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of an HTML fragment (tags dropped, script/style bodies dropped, common entities decoded). */
export function stripHtml(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      // Block-level tags separate words; inline ones (<b>, <a>…) sit inside them.
      .replace(
        /<\/?(p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi,
        ' ',
      )
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
        if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const nonEmpty = (...values: (string | null | undefined)[]) => values.map((v) => v?.trim()).find((v) => v) ?? '';

/** The site's base URL without a trailing slash. */
const origin = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** An absolute http(s) URL for a stored link: absolute ones kept, site-relative ones put under the base, others dropped. */
export function absoluteUrl(baseUrl: string, url: string | null | undefined): string | undefined {
  const value = url?.trim();
  if (!value) return undefined;
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//') && !/\s/.test(value)) return origin(baseUrl) + value;
  return undefined;
}

const stars = (rating: number) => (Math.round(rating * 10) / 10).toFixed(1);

// ---------------------------------------------------------------------------------------------
// Structured-data builders

type Crumb = { name: string; path: string };

function breadcrumbList(baseUrl: string, crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: origin(baseUrl) + c.path,
    })),
  };
}

const HOME_CRUMB: Crumb = { name: 'Home', path: paths.home() };

function itemList(baseUrl: string, name: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.slice(0, ITEM_LIST_LIMIT).map((it, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: it.name,
      url: origin(baseUrl) + it.path,
    })),
  };
}

const providerItems = (providers: Pick<Provider, 'name' | 'slug'>[]) =>
  providers.map((p) => ({ name: p.name, path: paths.provider(p.slug) }));
const chainItems = (chains: Pick<Chain, 'name' | 'slug'>[]) =>
  chains.map((c) => ({ name: c.name, path: paths.chain(c.slug) }));

function webPage(type: string, baseUrl: string, path: string, name: string, description: string) {
  return {
    '@context': 'https://schema.org',
    '@type': type,
    name,
    description,
    url: origin(baseUrl) + path,
    isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: origin(baseUrl) + '/' },
  };
}

// ---------------------------------------------------------------------------------------------
// Assembly

type SeoOverrides = {
  metaTitle?: string | null;
  metaDescription?: string | null;
  ogTitle?: string | null;
  ogDescription?: string | null;
  ogImage?: string | null;
};

type Parts = {
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

function assemble(p: Parts): PageMeta {
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
    canonical: origin(p.baseUrl) + p.path,
    ogType: p.ogType ?? 'website',
    ogTitle: nonEmpty(o.ogTitle, title),
    ogDescription: truncate(nonEmpty(o.ogDescription, description), DESCRIPTION_MAX),
    ...(ogImage ? { ogImage } : {}),
    // A large card only for an image chosen for sharing; logos and the app icon are square.
    twitterCard: chosenImage ? 'summary_large_image' : 'summary',
    jsonLd: p.jsonLd,
  };
}

const pageTitle = (name: string) => `${name} | ${DEFAULT_TITLE}`;

// ---------------------------------------------------------------------------------------------
// One function per page type

/** `/`: homepage settings win; the hotlist's providers form the item list. */
export function metaForHome(
  baseUrl: string,
  homepage: Homepage | null | undefined,
  providers: Pick<Provider, 'name' | 'slug'>[] = [],
): PageMeta {
  const base = origin(baseUrl);
  return assemble({
    baseUrl,
    path: paths.home(),
    title: nonEmpty(homepage?.title, HOME_TITLE),
    description: DEFAULT_DESCRIPTION,
    overrides: homepage ?? undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: PRODUCT_NAME,
        url: `${base}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${base}${paths.search()}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      breadcrumbList(baseUrl, [HOME_CRUMB]),
      ...(providers.length ? [itemList(baseUrl, HOME_TITLE, providerItems(providers))] : []),
    ],
  });
}

/** `/providers`: the providers category content wins. */
export function metaForProviders(
  baseUrl: string,
  category: CategoryContent | null | undefined,
  providers: Pick<Provider, 'name' | 'slug'>[],
): PageMeta {
  const name = nonEmpty(category?.title, 'All RPC Providers');
  const description = `Compare ${providers.length} blockchain RPC providers: ratings, user reviews, supported chains and features.`;
  return assemble({
    baseUrl,
    path: paths.providers(),
    title: pageTitle(name),
    description,
    overrides: category ?? undefined,
    jsonLd: [
      webPage('CollectionPage', baseUrl, paths.providers(), name, description),
      breadcrumbList(baseUrl, [HOME_CRUMB, { name: 'Providers', path: paths.providers() }]),
      itemList(baseUrl, name, providerItems(providers)),
    ],
  });
}

function reviewAuthor(r: ProviderDetail['userReviews'][number]): string {
  if (r.isAnonymous) return 'Anonymous';
  const full = [r.user.firstName, r.user.lastName].filter((s) => s?.trim()).join(' ');
  return nonEmpty(r.user.displayName, full, 'Anonymous');
}

const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });

/** `/providers/{slug}`: the provider's own SEO fields win; rich results carry its rating and reviews. */
export function metaForProvider(baseUrl: string, provider: ProviderDetail): PageMeta {
  const path = paths.provider(provider.slug);
  const rated = provider.totalReviews > 0;
  const ratingLine = rated
    ? ` Rated ${stars(provider.averageRating)}/5 from ${provider.totalReviews} review${provider.totalReviews === 1 ? '' : 's'}.`
    : '';
  // The rating line survives the cut: a shared link should show it.
  const description =
    truncate(
      nonEmpty(provider.description, `${provider.name} is a blockchain RPC provider.`),
      DESCRIPTION_MAX - ratingLine.length,
    ) + ratingLine;
  const website = absoluteUrl(baseUrl, provider.website);
  const image = absoluteUrl(baseUrl, provider.logoUrl);
  const sameAs = SOCIAL_LINKS.map((link) => absoluteUrl(baseUrl, provider[link.name])).filter((u): u is string =>
    Boolean(u),
  );

  const organization = {
    '@type': 'Organization',
    name: provider.name,
    ...(website ? { url: website } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };

  const reviews: object[] = [];
  const editorial = provider.editorialReview;
  if (editorial) {
    const body = truncate(stripHtml(editorial.content), EDITORIAL_TEXT_MAX);
    reviews.push({
      '@type': 'Review',
      author: { '@type': 'Organization', name: PRODUCT_NAME },
      reviewRating: rating(editorial.rating),
      datePublished: editorial.createdAt.slice(0, 10),
      ...(body ? { reviewBody: body } : {}),
    });
  }
  for (const r of provider.userReviews.filter((u) => u.isApproved).slice(0, JSON_LD_REVIEW_LIMIT)) {
    const body = r.comment ? truncate(r.comment, REVIEW_TEXT_MAX) : '';
    reviews.push({
      '@type': 'Review',
      author: { '@type': 'Person', name: reviewAuthor(r) },
      reviewRating: rating(r.rating),
      datePublished: r.createdAt.slice(0, 10),
      ...(body ? { reviewBody: body } : {}),
    });
  }

  return assemble({
    baseUrl,
    path,
    ogType: 'product',
    title: pageTitle(`${provider.name} RPC Reviews & Ratings`),
    description,
    overrides: provider,
    fallbackImage: provider.logoUrl,
    jsonLd: [
      // A Product rich result needs a rating or reviews; without them the provider is described as the
      // Organization it is, so the markup stays valid.
      rated || reviews.length
        ? {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: provider.name,
            description: truncate(nonEmpty(provider.description, description), 500),
            url: origin(baseUrl) + path,
            category: 'Blockchain RPC provider',
            ...(image ? { image } : {}),
            brand: organization,
            ...(rated
              ? {
                  aggregateRating: {
                    '@type': 'AggregateRating',
                    ratingValue: provider.averageRating,
                    reviewCount: provider.totalReviews,
                    bestRating: 5,
                    worstRating: 1,
                  },
                }
              : {}),
            ...(reviews.length ? { review: reviews } : {}),
          }
        : {
            '@context': 'https://schema.org',
            ...organization,
            description: truncate(nonEmpty(provider.description, description), 500),
            ...(image ? { logo: image } : {}),
          },
      breadcrumbList(baseUrl, [
        HOME_CRUMB,
        { name: 'Providers', path: paths.providers() },
        { name: provider.name, path },
      ]),
    ],
  });
}

/** `/chains`: the chains category content wins. */
export function metaForChains(
  baseUrl: string,
  category: CategoryContent | null | undefined,
  chains: Pick<Chain, 'name' | 'slug'>[],
): PageMeta {
  const name = nonEmpty(category?.title, 'All Blockchain Networks');
  const description = `Browse ${chains.length} blockchain networks and the RPC providers that serve them, with ratings and public endpoints.`;
  return assemble({
    baseUrl,
    path: paths.chains(),
    title: pageTitle(name),
    description,
    overrides: category ?? undefined,
    jsonLd: [
      webPage('CollectionPage', baseUrl, paths.chains(), name, description),
      breadcrumbList(baseUrl, [HOME_CRUMB, { name: 'Chains', path: paths.chains() }]),
      itemList(baseUrl, name, chainItems(chains)),
    ],
  });
}

/** `/chains/{slug}`: the chain's own SEO fields win; its providers form the item list. */
export function metaForChain(
  baseUrl: string,
  chain: ChainDetail,
  providers: Pick<Provider, 'name' | 'slug'>[] = [],
): PageMeta {
  const path = paths.chain(chain.slug);
  const description = nonEmpty(
    chain.description,
    `${chain.name}: ${chain.providerCount} RPC provider${chain.providerCount === 1 ? '' : 's'} and public endpoints, compared.`,
  );
  const heading = nonEmpty(chain.title, `${chain.name} RPC Providers`);
  return assemble({
    baseUrl,
    path,
    title: pageTitle(heading),
    description,
    overrides: chain,
    fallbackImage: chain.iconUrl,
    jsonLd: [
      webPage('CollectionPage', baseUrl, path, heading, description),
      breadcrumbList(baseUrl, [HOME_CRUMB, { name: 'Chains', path: paths.chains() }, { name: chain.name, path }]),
      ...(providers.length ? [itemList(baseUrl, `${chain.name} RPC providers`, providerItems(providers))] : []),
    ],
  });
}

/** `/search?q=`: with a term the results are listed but kept out of the index. */
export function metaForSearch(
  baseUrl: string,
  term: string | null | undefined,
  result?: Pick<SearchResult, 'providers' | 'chains'>,
): PageMeta {
  const q = term?.trim() ?? '';
  const name = q ? `Search results for "${truncate(q, 50)}"` : 'Search';
  const description =
    q && result
      ? `${result.providers.length + result.chains.length} RPC providers and blockchain networks matching "${truncate(q, 50)}".`
      : 'Search RPC providers and blockchain networks by name or description.';
  return assemble({
    baseUrl,
    path: paths.search(),
    title: pageTitle(name),
    description,
    robots: q ? SEARCH_RESULTS_ROBOTS : undefined,
    jsonLd: [
      webPage('SearchResultsPage', baseUrl, paths.search(), name, description),
      breadcrumbList(baseUrl, [HOME_CRUMB, { name: 'Search', path: paths.search() }]),
      ...(q && result
        ? [itemList(baseUrl, name, [...providerItems(result.providers), ...chainItems(result.chains)])]
        : []),
    ],
  });
}

/** `/compare?providers=…`: the providers found, in the order asked; like search results, kept out of the index. */
export function metaForCompare(baseUrl: string, providers: Pick<Provider, 'name' | 'slug'>[]): PageMeta {
  const names = providers.map((p) => p.name);
  const name = names.length ? `Compare ${names.join(' vs ')}` : 'Compare RPC providers';
  const description = names.length
    ? `${names.join(', ')} side by side: ratings, reviews, votes, privacy and the chains each serves.`
    : 'Compare two to four RPC providers side by side: ratings, reviews, votes, privacy and the chains they serve.';
  const path = paths.compare(...providers.map((p) => p.slug));
  return assemble({
    baseUrl,
    path,
    title: pageTitle(name),
    description,
    robots: SEARCH_RESULTS_ROBOTS,
    jsonLd: [
      webPage('WebPage', baseUrl, path, name, description),
      breadcrumbList(baseUrl, [HOME_CRUMB, { name: 'Providers', path: paths.providers() }, { name: 'Compare', path }]),
      ...(providers.length ? [itemList(baseUrl, name, providerItems(providers))] : []),
    ],
  });
}

/** `/about`: the about page's SEO fields win; fallback title 'About {product} Directory'. */
export function metaForAbout(baseUrl: string, about: About | null | undefined): PageMeta {
  const heading = about?.title.trim();
  const name = heading || `About ${DEFAULT_TITLE}`;
  const description = nonEmpty(
    about ? truncate(stripHtml(about.content), DESCRIPTION_MAX) : '',
    `What ${PRODUCT_NAME} is, how providers are rated and ranked, and who keeps the directory up to date.`,
  );
  return assemble({
    baseUrl,
    path: paths.about(),
    title: heading ? pageTitle(heading) : name,
    description,
    overrides: about ?? undefined,
    jsonLd: [
      webPage('AboutPage', baseUrl, paths.about(), name, description),
      breadcrumbList(baseUrl, [HOME_CRUMB, { name: 'About', path: paths.about() }]),
    ],
  });
}

function staticPage(
  baseUrl: string,
  path: string,
  crumb: string,
  title: string,
  description: string,
  type = 'WebPage',
): PageMeta {
  return assemble({
    baseUrl,
    path,
    title,
    description,
    jsonLd: [
      webPage(type, baseUrl, path, crumb, description),
      breadcrumbList(baseUrl, [HOME_CRUMB, { name: crumb, path }]),
    ],
  });
}

export const metaForLogin = (baseUrl: string) =>
  staticPage(
    baseUrl,
    paths.login(),
    'Login',
    pageTitle('Login'),
    `Sign in to ${PRODUCT_NAME} to write reviews and rate blockchain RPC providers.`,
  );

export const metaForTerms = (baseUrl: string) =>
  staticPage(
    baseUrl,
    paths.terms(),
    'Terms of Service',
    pageTitle('Terms of Service'),
    `The terms of use of ${PRODUCT_NAME}: use of the site, reviews licence, disclaimer, external links and governing law.`,
  );

export const metaForPrivacy = (baseUrl: string) =>
  staticPage(
    baseUrl,
    paths.privacy(),
    'Privacy Policy',
    pageTitle('Privacy Policy'),
    `How ${PRODUCT_NAME} handles your data: what is collected, cookies, advertising and analytics, and your rights.`,
  );

export const metaForApiDocs = (baseUrl: string) =>
  staticPage(
    baseUrl,
    paths.apiDocs(),
    'API reference',
    pageTitle('API reference'),
    `The ${PRODUCT_NAME} open API: every chain, provider, review and connect snippet as JSON, readable from any site.`,
  );

export const metaForContact = (baseUrl: string) =>
  staticPage(
    baseUrl,
    paths.contact(),
    'Contact',
    pageTitle('Contact'),
    `Contact ${PRODUCT_NAME}: general inquiries, business partnerships, technical issues and provider updates.`,
    'ContactPage',
  );

export const metaForLanding = (baseUrl: string) =>
  staticPage(
    baseUrl,
    paths.landing(),
    'Welcome',
    `Find the Best RPC Providers for Blockchain Development | ${PRODUCT_NAME}`,
    'Community reviews, expert insights and comprehensive data on supported chains, features and pricing of blockchain RPC providers, always up to date.',
  );

export const metaForStatus = (baseUrl: string) =>
  staticPage(
    baseUrl,
    paths.status(),
    'Status',
    pageTitle('Endpoint Health Status'),
    `How ${PRODUCT_NAME} checks public RPC endpoints from its servers: prober state, endpoints per status, the rule.`,
  );

/** The not-found fallback (and unknown provider/chain slugs): never indexed. */
export function metaForNotFound(baseUrl: string, path = '/'): PageMeta {
  return assemble({
    baseUrl,
    path,
    title: pageTitle('Page Not Found'),
    robots: NOT_FOUND_ROBOTS,
    description: "The page you're looking for doesn't exist.",
    jsonLd: [],
  });
}

/** `/admin`: never indexed, links never followed. */
export function metaForAdmin(baseUrl: string): PageMeta {
  return assemble({
    baseUrl,
    path: paths.admin(),
    title: pageTitle('Admin Panel'),
    robots: ADMIN_ROBOTS,
    description: 'Manage chains, providers, and editorial content',
    jsonLd: [],
  });
}

// ---------------------------------------------------------------------------------------------
// The page's tags as a route's `head`: TanStack Router's <HeadContent /> renders them, on the server (into the
// page's <head>) and in the browser on every navigation. It escapes the JSON-LD so no text can end its <script>.

export type PageHead = {
  meta: (
    | { title: string }
    | { name: string; content: string }
    | { property: string; content: string }
    | { 'script:ld+json': Record<string, unknown> }
  )[];
  links: { rel: string; href: string }[];
};

export function pageHead(meta: PageMeta): PageHead {
  const named = (name: string, content: string) => ({ name, content });
  const property = (prop: string, content: string) => ({ property: prop, content });
  return {
    meta: [
      { title: meta.title },
      named('description', meta.description),
      named('robots', meta.robots),
      property('og:type', meta.ogType),
      property('og:site_name', PRODUCT_NAME),
      property('og:title', meta.ogTitle),
      property('og:description', meta.ogDescription),
      property('og:url', meta.canonical),
      ...(meta.ogImage ? [property('og:image', meta.ogImage)] : []),
      named('twitter:card', meta.twitterCard),
      named('twitter:title', meta.ogTitle),
      named('twitter:description', meta.ogDescription),
      ...(meta.ogImage ? [named('twitter:image', meta.ogImage)] : []),
      ...meta.jsonLd.map((data) => ({ 'script:ld+json': data as Record<string, unknown> })),
    ],
    links: [{ rel: 'canonical', href: meta.canonical }],
  };
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
