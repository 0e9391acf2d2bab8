// Security headers on every response (koa-helmet), with a Content-Security-Policy the app really runs under:
// scripts only from this origin (plus the per-response nonce of the server-rendered head, and Google's tag
// hosts only while tracking IDs are configured), nothing may frame the site, no plugins, forms post home.
import type { ServerResponse } from 'node:http';
import type { Next } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config.ts';
import type { AppCtx } from '../context.ts';
import type { TrackingIds } from '../seo/tracking.ts';
import { loadTrackingIds } from '../web/routes.ts';

// Where Tag Manager and gtag.js load from and report to (Google's published CSP guidance for GA4 + GTM).
const GOOGLE_TAG_SCRIPTS = 'https://*.googletagmanager.com';
const GOOGLE_TAG_BEACONS = 'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com';

/** Browser features the site never uses, denied to it and to every frame it shows (ads); only names Chromium knows (others log a warning). */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'autoplay', 'browsing-topics', 'camera', 'display-capture', 'geolocation', 'gyroscope',
  'hid', 'magnetometer', 'microphone', 'midi', 'payment', 'serial', 'usb', 'xr-spatial-tracking',
].map((feature) => `${feature}=()`).join(', ');

/** What varies from one server-rendered page to the next; other responses get the base policy. */
type DocumentPolicy = { nonce?: string; tracking: boolean };
const documentPolicies = new WeakMap<ServerResponse, DocumentPolicy>();
const policyOf = (res: ServerResponse): DocumentPolicy => documentPolicies.get(res) ?? { tracking: false };

const hasTracking = (ids: TrackingIds) => Boolean(ids.ga || ids.gtm);

export function securityHeaders(config: Config) {
  const https = config.publicUrl.startsWith('https://');
  const cspOptions = {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The nonce admits exactly the inline scripts this response's head was rendered with (tracking snippets).
      scriptSrc: ["'self'", (_req: unknown, res: ServerResponse) => {
        const { nonce, tracking } = policyOf(res);
        return [nonce && `'nonce-${nonce}'`, tracking && GOOGLE_TAG_SCRIPTS].filter(Boolean).join(' ');
      }],
      scriptSrcAttr: ["'none'"],
      // Inline styles are needed: Radix's scroll lock and TipTap inject <style> elements, ad slots keep their
      // sanitised box styles, the local sign-in page styles itself. Styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Provider and chain logos may live on other sites.
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", (_req: unknown, res: ServerResponse) => (policyOf(res).tracking ? GOOGLE_TAG_BEACONS : '')],
      // Ad code may hold https iframes (the sanitiser admits no other), as does Tag Manager's no-script frame.
      frameSrc: ['https:'],
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
      // A page whose head api/web rendered gets its own policy: that head's nonce (api/web leaves it in state)
      // and the tracking hosts when the same settings put tracking snippets in it (memoised: no extra query).
      const nonce = ctx.state.cspNonce;
      if (!nonce || ctx.res.headersSent) return;
      documentPolicies.set(ctx.res, { nonce, tracking: hasTracking(await loadTrackingIds(ctx)) });
      await documentCsp(ctx, async () => {});
    });
  };
}
