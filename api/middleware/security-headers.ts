// Security headers on every response (koa-helmet), with a Content-Security-Policy the app really runs under:
// scripts only from this origin (plus, in HTML documents, the pages' one inline loader by its hash, and Google's tag
// hosts and snippets only while tracking IDs are configured), nothing may frame the site, no plugins, forms post
// home. The policy holds no per-response nonce, so a page's bytes are the same for every visitor and can be kept.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Next } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config.ts';
import type { AppCtx } from '../context.ts';
import { trackingInlineScripts, type TrackingIds } from '../../contract/tracking.ts';
import { APP_LOADER_HASH } from '../web/preload.ts';
import { loadTrackingIds } from '../content/service.ts';

// Where Tag Manager and gtag.js load from and report to (Google's published CSP guidance for GA4 + GTM).
const GOOGLE_TAG_SCRIPTS = 'https://*.googletagmanager.com';
const GOOGLE_TAG_BEACONS =
  'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com';

/** Browser features the site never uses, denied to it and to every frame it shows (ads); only names Chromium knows (others log a warning). */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * What an HTML document's policy adds: on app pages their loader (api/web/preload.ts), and while tracking is
 * configured the hashes of its inline snippets. Other responses get the base policy.
 */
type DocumentPolicy = {
  appPage?: boolean;
  trackingHashes?: string[];
  calledEndpoints?: boolean;
  firstPartyOnly?: boolean;
};

/**
 * A chain's page, whose "Test from my browser" calls the chain's RPC endpoints from the visitor's browser: its
 * policy lets the page connect to any https or wss origin. Every other page connects to this site only.
 */
const isChainPage = (pathname: string) => /^\/chains\/[^/]+\/?$/.test(pathname);
/**
 * The API reference (Redoc) shows no provider logos and no ads: its policy admits images and frames from this
 * origin only (and the tag hosts while tracking is configured), so nothing the viewer draws reaches another site.
 */
const isApiReferencePage = (pathname: string) => /^\/docs\/api\/?$/.test(pathname);
const documentPolicies = new WeakMap<ServerResponse, DocumentPolicy>();
const policyOf = (res: ServerResponse): DocumentPolicy => documentPolicies.get(res) ?? {};

/**
 * The snippets' hashes admit them where the server rendered them and where the PWA inserts them (applyTracking)
 * into the app shell the service worker serves, whose policy is the one stored with /index.html.
 */
function trackingHashes(ids: TrackingIds): string[] | undefined {
  const scripts = trackingInlineScripts(ids);
  return scripts.length
    ? scripts.map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`)
    : undefined;
}

export function securityHeaders(config: Config) {
  const https = config.publicUrl.startsWith('https://');
  const cspOptions = {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // Hashes admit exactly the inline scripts the server writes (the loader, the tracking snippets).
      scriptSrc: [
        "'self'",
        (_req: unknown, res: ServerResponse) => {
          const { appPage, trackingHashes } = policyOf(res);
          return [appPage && APP_LOADER_HASH, ...(trackingHashes ? [GOOGLE_TAG_SCRIPTS, ...trackingHashes] : [])]
            .filter(Boolean)
            .join(' ');
        },
      ],
      scriptSrcAttr: ["'none'"],
      // Inline styles are needed: Radix's scroll lock and TipTap inject <style> elements, ad slots keep their
      // sanitised box styles, the local sign-in page styles itself. Styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Provider and chain logos may live on other sites; the API reference shows none.
      imgSrc: [
        "'self'",
        'data:',
        (_req: unknown, res: ServerResponse) => {
          const { firstPartyOnly, trackingHashes } = policyOf(res);
          return firstPartyOnly ? (trackingHashes ? GOOGLE_TAG_BEACONS : '') : 'https:';
        },
      ],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [
        "'self'",
        (_req: unknown, res: ServerResponse) => {
          const { trackingHashes, calledEndpoints } = policyOf(res);
          return [calledEndpoints && 'https: wss:', trackingHashes && GOOGLE_TAG_BEACONS].filter(Boolean).join(' ');
        },
      ],
      // Ad code may hold https iframes (the sanitiser admits no other), as does Tag Manager's no-script frame.
      frameSrc: [
        (_req: unknown, res: ServerResponse) => {
          const { firstPartyOnly, trackingHashes } = policyOf(res);
          return firstPartyOnly ? (trackingHashes ? GOOGLE_TAG_SCRIPTS : "'none'") : 'https:';
        },
      ],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      mediaSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      // The local sign-in form posts to /oidc and is redirected on to /connect and /api: all this origin.
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
  const headers = helmet({
    contentSecurityPolicy: cspOptions,
    // Only a site served over https may pin browsers to https; sibling subdomains are not ours to pin.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' }, // for browsers without frame-ancestors
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const documentCsp = helmet.contentSecurityPolicy(cspOptions);

  return async function setSecurityHeaders(ctx: AppCtx, next: Next) {
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    // Set before the handlers run, so responses written straight to the socket (the OpenID Connect server) carry them too.
    await headers(ctx, async () => {
      await next();
      // An HTML document gets its own policy: an app page its loader's hash and, while tracking is configured,
      // the tag hosts and snippet hashes, from the settings the head used (memoised).
      // A 304 revalidating a kept page counts too: the browser takes its headers for the page it has cached.
      const document = ctx.response.is('html') || (ctx.status === 304 && ctx.state.appPage);
      if (ctx.res.headersSent || !document) return;
      let ids: TrackingIds;
      try {
        ids = await loadTrackingIds(ctx);
      } catch {
        return; // database unreachable: the stricter base policy stands (a rendered page has failed already)
      }
      documentPolicies.set(ctx.res, {
        appPage: ctx.state.appPage,
        trackingHashes: trackingHashes(ids),
        calledEndpoints: ctx.state.appPage && isChainPage(ctx.path),
        firstPartyOnly: ctx.state.appPage && isApiReferencePage(ctx.path),
      });
      await documentCsp(ctx, async () => {});
    });
  };
}
