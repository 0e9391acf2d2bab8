// Cross-site request forgery guard for the JSON API. A state-changing /api request must carry a JSON
// or multipart content type (a cross-site HTML form can send neither without a CORS preflight, which
// this API never grants) and, when the browser sends an Origin header, the site's own origin.
// Not under /api, hence not covered: the OAuth callback (a GET) and the local identity provider's
// form (bound to its own interaction cookie).
import type { Next } from 'koa';
import type { AppCtx } from '../context.ts';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_TYPES = new Set(['application/json', 'multipart/form-data']);

/**
 * Logout may be an HTML form's POST (a navigation): it carries no data, so the form's
 * content type is let through there; the Origin check below still applies (browsers send Origin on every POST).
 */
export const LOGOUT_PATH = '/api/logout';
const FORM_TYPE = 'application/x-www-form-urlencoded';

export async function csrfGuard(ctx: AppCtx, next: Next) {
  if (SAFE_METHODS.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();
  // A request with neither body nor content type (e.g. PUT .../approve) passes this check: HTML forms
  // always send a content type, and browsers send Origin on every cross-origin non-GET request.
  const hasBody = Boolean(ctx.request.length) || ctx.get('Transfer-Encoding') !== '';
  const type = ctx.request.type;
  if ((hasBody || type !== '') && !ALLOWED_TYPES.has(type) && !(ctx.path === LOGOUT_PATH && type === FORM_TYPE)) {
    throw new HttpError(415, 'Unsupported content type: send application/json (or multipart/form-data for uploads)');
  }
  const origin = ctx.get('Origin');
  if (origin && origin !== new URL(ctx.config.publicUrl).origin) {
    throw new HttpError(403, 'Cross-site request refused: the Origin header does not match this site');
  }
  await next();
}
