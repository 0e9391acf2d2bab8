// A route's `head` (rendered by <HeadContent /> in pwa/routes/__root.tsx): the page's metadata, or the not-found
// metadata where the router's not-found lands (an unknown slug, a path no route takes).
import type { AnyRouteMatch } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../contract/product.ts';
import type { PageMeta } from '../meta/page-meta.ts';
import { metaForNotFound } from '../meta/pages.ts';
import { isNotFoundMatch } from './router-internals.ts';

export type PageHead = {
  meta: (
    | { title: string }
    | { name: string; content: string }
    | { property: string; content: string }
    | { 'script:ld+json': Record<string, unknown> }
  )[];
  links: { rel: string; href: string }[];
};

/**
 * The page's tags: <HeadContent /> renders them, on the server (into the page's <head>) and in the browser on every
 * navigation. It escapes the JSON-LD so no text can end its <script>.
 */
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

type HeadMatch = Pick<AnyRouteMatch, 'status' | '_notFound' | 'pathname'> & { context: { origin: string } };

type RouteHead = { meta: AnyRouteMatch['meta']; links: AnyRouteMatch['links'] };

// The React adapter types `meta` entries as <meta> props; <HeadContent /> takes the router core's whole set
// (MetaDescriptor), `title` and `script:ld+json` included.
const asRouteHead = (head: PageHead): RouteHead => ({ meta: head.meta as AnyRouteMatch['meta'], links: head.links });

export const notFoundHead = (match: HeadMatch): RouteHead =>
  asRouteHead(pageHead(metaForNotFound(match.context.origin, match.pathname)));

/**
 * `meta` gets the site's origin (canonical URLs): the public URL on the server, the page's origin in the browser.
 * Without its data (a detail whose read failed) the page has no metadata of its own: it says not found.
 */
export function routeHead(match: HeadMatch, meta: (origin: string) => PageMeta | undefined): RouteHead {
  const own = isNotFoundMatch(match) ? undefined : meta(match.context.origin);
  return own ? asRouteHead(pageHead(own)) : notFoundHead(match);
}
