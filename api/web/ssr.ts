// Each app page rendered on the server (pwa/entry-server.tsx): its status and head from the router, and its body, so
// it paints from the HTML instead of after the JavaScript has downloaded and run. The render reads the API through the app's own
// handler, in process, with the visitor's cookies: the same answers (and response cache) the browser's
// reads get. Which renders are kept for other visitors is api/web/routes.ts's rule.
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AppCtx } from '../context.ts';
import { requestInProcess } from '../lib/in-process.ts';
import { FRESH_READ } from '../middleware/response-cache.ts';
import { sanitizeAdCode, sanitizeRichHtml } from '../lib/sanitize.ts';
import type { RenderedPage } from '../../pwa/entry-server.tsx';
import { SSR_STATE_ID } from '../../pwa/lib/site.ts';
import { CLIENT_ONLY_PAGES, underPrefix } from '../../contract/urls.ts';

/** Where index.html's body is replaced by the rendered page (the markup between is the no-render fallback). */
const BODY_START = '<!--app-html-->';
const BODY_END = '<!--/app-html-->';

const CLIENT_ONLY = underPrefix(CLIENT_ONLY_PAGES);

function toHeaders(headers: IncomingHttpHeaders | Record<string, string | string[] | number | undefined>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [String(value)]) out.append(name, v);
  }
  return out;
}

/**
 * A fetch answered by this app's own handler: the page's reads as the visitor would make them, but never answered
 * with a stale copy (a page rendered from one would be kept as if it were fresh).
 */
function fetchThroughApp(ctx: AppCtx): typeof fetch {
  const cookie = ctx.get('Cookie');
  return async (input, init) => {
    const res = await requestInProcess(
      ctx.app,
      String(input),
      { accept: 'application/json', ...FRESH_READ, ...(cookie ? { cookie } : {}) },
      init?.method,
    );
    return new Response(res.statusCode === 304 || res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: toHeaders(res.headers),
    });
  };
}

export type ReactBuild = 'production' | 'development';
let renderer: ReturnType<typeof importRenderer> | undefined;
// DOMPurify needs a browser's DOM: pages are sanitised here with the allow-lists every stored HTML field was written
// through (sanitize-html), so drawing it again changes nothing. The browser's own copy replaces it after hydration.
const importRenderer = () =>
  import('../../pwa/entry-server.tsx').then((renderer) => {
    renderer.provideSanitizer({ sanitizeHtml: sanitizeRichHtml, sanitizeAdHtml: sanitizeAdCode });
    return renderer;
  });

/** The page renderer, loaded once (React picks its build from NODE_ENV then: api/server.ts sets it). */
export const loadRenderer = () => (renderer ??= importRenderer());

/** The React build the server renders with, as loaded (undefined before the first render). */
export function loadedReactBuild(): ReactBuild | undefined {
  const files = Object.keys(createRequire(import.meta.url).cache);
  const server = files.find((f) => /react-dom-server-legacy\.node\.(production|development)\.js$/.test(f));
  return server ? (server.includes('.production.') ? 'production' : 'development') : undefined;
}

/**
 * The page rendered for this visitor: its head always, its body unless it is left to the browser or the shell has no
 * place for it. Rendered from the request's path and query only: the host of an absolute-form request line
 * (`GET http://elsewhere/terms`) is not ours.
 */
export async function renderAppPage(ctx: AppCtx, withBody: boolean): Promise<RenderedPage> {
  const { renderPage } = await loadRenderer();
  return renderPage(ctx.path + ctx.search, fetchThroughApp(ctx), {
    origin: ctx.config.publicUrl,
    body: withBody && !CLIENT_ONLY.test(ctx.path),
  });
}

/** The ids of the routes the app's router matches at `pathname` (the root alone for a path no route begins). */
export const routeIdsAt = async (pathname: string) => (await loadRenderer()).routeIdsAt(pathname);

/** Whether the shell marks where a rendered body goes (an unbuilt or older build does not: nothing is rendered). */
export const hasBodySlot = (shell: string) => shell.includes(BODY_START) && shell.includes(BODY_END);

/**
 * The shell with the rendered body in #root and its query data beside it. The white space around the markers goes
 * too: React hydrates #root's children exactly, and a text node before the page is a mismatch (React #418) that
 * makes the browser draw the whole page again.
 */
export function fillBody(shell: string, html: string, state: RenderedPage['state']): string {
  const start = shell.indexOf(BODY_START);
  const end = shell.indexOf(BODY_END);
  // JSON in an inert <script>: "<" escaped so no text can close the element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return (
    shell.slice(0, start).trimEnd() +
    html +
    shell
      .slice(end + BODY_END.length)
      .trimStart()
      .replace(/<\/body>/i, (tag) => `<script type="application/json" id="${SSR_STATE_ID}">${json}</script>${tag}`)
  );
}
