// Each page's metadata, computed from the same API data the page shows: one function per page type, which the
// page's route declares as its head (pwa/lib/page-head.ts).
import type { ChainDetail, Chain } from '../../contract/chains.ts';
import type { About, CategoryContent, Homepage } from '../../contract/content.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';
import type { Provider, ProviderDetail } from '../../contract/providers.ts';
import type { SearchResult } from '../../contract/search.ts';
import { SOCIAL_LINKS } from '../../contract/social-links.ts';
import { paths } from '../../contract/urls.ts';
import {
  absoluteUrl,
  ADMIN_ROBOTS,
  pageMetaFrom,
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  DESCRIPTION_MAX,
  HOME_TITLE,
  NOT_FOUND_ROBOTS,
  pageTitle,
  SEARCH_RESULTS_ROBOTS,
  siteOrigin,
  type PageMeta,
} from './page-meta.ts';
import { breadcrumbList, chainItems, HOME_CRUMB, itemList, providerItems, rating, webPage } from './structured-data.ts';
import { nonEmpty, stripHtml, truncate } from './text.ts';

/** Review texts in the structured data are cut to these lengths. */
export const REVIEW_TEXT_MAX = 100;
export const EDITORIAL_TEXT_MAX = 200;
/** At most this many user reviews go into a provider's structured data. */
export const JSON_LD_REVIEW_LIMIT = 10;

const stars = (rating: number) => (Math.round(rating * 10) / 10).toFixed(1);

/** `/`: homepage settings win; the hotlist's providers form the item list. */
export function metaForHome(
  baseUrl: string,
  homepage: Homepage | null | undefined,
  providers: Pick<Provider, 'name' | 'slug'>[] = [],
): PageMeta {
  const base = siteOrigin(baseUrl);
  return pageMetaFrom({
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
  return pageMetaFrom({
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

  return pageMetaFrom({
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
            url: siteOrigin(baseUrl) + path,
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
  return pageMetaFrom({
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
  return pageMetaFrom({
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
  return pageMetaFrom({
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
  return pageMetaFrom({
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
  return pageMetaFrom({
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
  return pageMetaFrom({
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
  return pageMetaFrom({
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
  return pageMetaFrom({
    baseUrl,
    path: paths.admin(),
    title: pageTitle('Admin Panel'),
    robots: ADMIN_ROBOTS,
    description: 'Manage chains, providers, and editorial content',
    jsonLd: [],
  });
}
