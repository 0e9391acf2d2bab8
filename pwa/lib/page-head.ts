// A route's `head` (rendered by <HeadContent /> in pwa/routes/__root.tsx): the page's metadata, or the not-found
// metadata where the router's not-found lands (an unknown slug, a path no route takes).
import type { AnyRouteMatch } from '@tanstack/react-router';
import { metaForNotFound, pageHead, type PageHead, type PageMeta } from '../../contract/meta.ts';
import { isNotFoundMatch } from './router-internals.ts';

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
