// Google Tag Manager / Analytics snippets, built ONLY from IDs that match
// their strict formats — never from stored HTML — so a bad setting cannot inject markup or script.
// The server renders them into each page; the PWA applies them after client-side changes.
import type { TrackingSettings } from './content.ts';

export const GA_ID_PATTERN = /^G-[A-Z0-9]+$/;
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/;

/** Marks the injected elements (value "gtm" or "ga") so the PWA can find and replace them when the settings change. */
export const TRACKING_ATTRIBUTE = 'data-tracking';

export type TrackingIds = { ga?: string; gtm?: string };

/** The usable IDs: trimmed, empty ones left out, anything not in the strict format refused. */
export function trackingIds(settings: Partial<TrackingSettings> | null | undefined): TrackingIds {
  const ga = settings?.googleAnalyticsId?.trim();
  const gtm = settings?.googleTagManagerId?.trim();
  return {
    ...(ga && GA_ID_PATTERN.test(ga) ? { ga } : {}),
    ...(gtm && GTM_ID_PATTERN.test(gtm) ? { gtm } : {}),
  };
}

// The inline code; the IDs are JSON string literals (they can hold only [A-Z0-9-] anyway).
const gtmInline = (id: string) =>
  `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});` +
  `var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;` +
  `j.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(i);` +
  `f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(id)});`;
const gaInline = (id: string) =>
  `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}` +
  `gtag('js',new Date());gtag('config',${JSON.stringify(id)});`;
const gaLoaderSrc = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
const gtmFrameSrc = (id: string) => `https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(id)}`;

/**
 * The inline snippets of these IDs, exactly as rendered and as applyTracking inserts them: the
 * Content-Security-Policy admits them by hash, where the server rendered them and where the browser inserts them.
 */
export function trackingInlineScripts(ids: TrackingIds): string[] {
  return [ids.gtm && gtmInline(ids.gtm), ids.ga && gaInline(ids.ga)].filter((code): code is string => Boolean(code));
}

/** Scripts for the end of <head>: the Content-Security-Policy admits the inline ones by hash, the loader by host. */
export function renderTrackingHead(ids: TrackingIds): string {
  const out: string[] = [];
  if (ids.gtm) out.push(`<script ${TRACKING_ATTRIBUTE}="gtm">${gtmInline(ids.gtm)}</script>`);
  if (ids.ga) {
    out.push(`<script ${TRACKING_ATTRIBUTE}="ga" async src="${gaLoaderSrc(ids.ga)}"></script>`);
    out.push(`<script ${TRACKING_ATTRIBUTE}="ga">${gaInline(ids.ga)}</script>`);
  }
  return out.join('\n');
}

/** Tag Manager's no-script frame, for just after <body> (hidden without an inline style, which a CSP would block). */
export function renderTrackingBody(ids: TrackingIds): string {
  if (!ids.gtm) return '';
  return `<noscript ${TRACKING_ATTRIBUTE}="gtm"><iframe src="${gtmFrameSrc(ids.gtm)}" height="0" width="0" hidden></iframe></noscript>`;
}

/**
 * Browser side: makes the document carry exactly the snippets of these settings — the server already
 * rendered them on a full page load; this adds them when the app shell came from the service worker and
 * removes or replaces them when an admin changes the settings.
 */
export function applyTracking(doc: Document, settings: Partial<TrackingSettings> | null | undefined): void {
  const ids = trackingIds(settings);
  const wanted = { gtm: ids.gtm ? gtmInline(ids.gtm) : undefined, ga: ids.ga ? gaInline(ids.ga) : undefined };
  for (const kind of ['gtm', 'ga'] as const) {
    const present = Array.from(doc.querySelectorAll(`[${TRACKING_ATTRIBUTE}="${kind}"]`));
    const current = present.find((el) => el.tagName === 'SCRIPT' && !el.hasAttribute('src'))?.textContent ?? undefined;
    if (current === wanted[kind]) continue;
    for (const el of present) el.remove();
    const code = wanted[kind];
    if (!code) continue;
    const add = (src?: string) => {
      const el = doc.createElement('script');
      el.setAttribute(TRACKING_ATTRIBUTE, kind);
      if (src) {
        el.async = true;
        el.src = src;
      } else {
        el.textContent = code;
      }
      doc.head.appendChild(el);
    };
    if (kind === 'ga') add(gaLoaderSrc(ids.ga!));
    add();
  }
}
