// The one URL registry: every page of the app (its router path and the builder of its URL) and the paths the
// server answers itself, which never reach the app. Browser-safe: the server, the PWA and vite.config.ts import it.

/** Router paths of the pages (the file routes' full paths; api/web/web.test.ts checks the router matches each). */
export const PAGES = {
  home: '/',
  providers: '/providers',
  provider: '/providers/$slug',
  chains: '/chains',
  chain: '/chains/$slug',
  search: '/search',
  compare: '/compare',
  apiDocs: '/docs/api',
  about: '/about',
  login: '/login',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  landing: '/landing',
  admin: '/admin',
  status: '/status',
} as const;

/** URL of each page (params encoded). */
export const paths = {
  home: () => PAGES.home,
  providers: () => PAGES.providers,
  provider: (slug: string) => PAGES.provider.replace('$slug', encodeURIComponent(slug)),
  chains: () => PAGES.chains,
  chain: (slug: string) => PAGES.chain.replace('$slug', encodeURIComponent(slug)),
  search: () => PAGES.search,
  /** `/compare?providers=a,b` (commas left readable: the address is meant to be shared). */
  compare: (...slugs: string[]) =>
    slugs.length ? `${PAGES.compare}?providers=${slugs.map(encodeURIComponent).join(',')}` : PAGES.compare,
  apiDocs: () => PAGES.apiDocs,
  about: () => PAGES.about,
  login: () => PAGES.login,
  terms: () => PAGES.terms,
  privacy: () => PAGES.privacy,
  contact: () => PAGES.contact,
  landing: () => PAGES.landing,
  admin: () => PAGES.admin,
  status: () => PAGES.status,
} as const;

/** Pages the browser renders itself: per-user and heavy, never indexed. */
export const CLIENT_ONLY_PAGES: readonly string[] = [PAGES.admin];

/** Path prefixes the server owns (the API, sign-in, outbound links, uploaded images): never an app page. */
export const SERVER_PREFIXES = ['/api', '/oidc', '/connect', '/r', '/objects'] as const;

/** Crawler files and the change feed, which the server answers. */
export const SERVER_FILES = ['/sitemap.xml', '/robots.txt', '/changes.atom'] as const;

/** `prefix` and everything under it (`/api`, `/api/…`, not `/apis`). */
export const underPrefix = (prefixes: readonly string[]) =>
  new RegExp(`^(?:${prefixes.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:/|$)`);
