// The schema.org objects of the pages' JSON-LD: breadcrumbs, item lists, web pages and ratings.
import type { Chain } from '../../contract/chains.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';
import type { Provider } from '../../contract/providers.ts';
import { paths } from '../../contract/urls.ts';
import { siteOrigin } from './page-meta.ts';

/**
 * Listing pages name at most this many items in their ItemList (numberOfItems still says how many there
 * are): every page's head stays small even with thousands of providers, and the sitemap lists them all.
 */
export const ITEM_LIST_LIMIT = 100;

export type Crumb = { name: string; path: string };

export function breadcrumbList(baseUrl: string, crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: siteOrigin(baseUrl) + c.path,
    })),
  };
}

export const HOME_CRUMB: Crumb = { name: 'Home', path: paths.home() };

export function itemList(baseUrl: string, name: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.slice(0, ITEM_LIST_LIMIT).map((it, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: it.name,
      url: siteOrigin(baseUrl) + it.path,
    })),
  };
}

export const providerItems = (providers: Pick<Provider, 'name' | 'slug'>[]) =>
  providers.map((p) => ({ name: p.name, path: paths.provider(p.slug) }));
export const chainItems = (chains: Pick<Chain, 'name' | 'slug'>[]) =>
  chains.map((c) => ({ name: c.name, path: paths.chain(c.slug) }));

export function webPage(type: string, baseUrl: string, path: string, name: string, description: string) {
  return {
    '@context': 'https://schema.org',
    '@type': type,
    name,
    description,
    url: siteOrigin(baseUrl) + path,
    isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: siteOrigin(baseUrl) + '/' },
  };
}

export const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });
