// Product-wide constants and path builders (no path literals scattered through components).
import { paths as pagePaths } from '../../contract/urls.ts';
import { CARD_CHAIN_BADGES } from '../../contract/chain-page.ts';

export { PRODUCT_NAME } from '../../contract/product.ts';

/** The element of a server-rendered page holding the query data it was rendered from (api/web/ssr.ts fillBody). */
export const SSR_STATE_ID = 'ssr-state';

/**
 * Marks around the head tags the server wrote for the page (`<!--page-head-->…<!--/page-head-->`): a page drawn in
 * the browser rather than hydrated removes them, since its <HeadContent /> draws them anew (pwa/main.tsx).
 */
export const PAGE_HEAD_MARK = 'page-head';

/** How many items each list shows, and the timings of ads and of the sign-in redirect. */
export const LIMITS = {
  headerChains: 16,
  headerProviders: 15,
  sidebarProviders: 5,
  sidebarChains: 90,
  footerChains: 10,
  cardChainBadges: CARD_CHAIN_BADGES,
  otherChains: 5,
  adRotationMs: 5000,
  defaultAdFrequency: 5,
  unauthorizedRedirectMs: 500,
} as const;

export const paths = {
  ...pagePaths,
  /** Full-page navigations handled by the server. */
  googleLogin: (returnTo?: string) =>
    returnTo ? `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}` : '/api/auth/google',
  apiLogin: () => '/api/login',
  logout: () => '/api/logout',
  /** Cloaked outbound link of a provider. */
  redirect: (providerId: number) => `/r/${providerId}`,
} as const;

/** Full-page navigation (sign-in, logout): leaves the SPA on purpose so the server sets cookies. */
export function navigateFullPage(url: string): void {
  window.location.assign(url);
}
