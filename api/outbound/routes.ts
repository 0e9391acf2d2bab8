// Cloaked outbound links: GET /r/{id} sends the visitor to the provider's affiliate link (else its website)
// and counts the click; GET /api/admin/outbound-clicks gives the admin Providers tab the last 30 days.
import { createRouter } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { limitedClient } from '../middleware/rate-limit.ts';
import { idParams } from '../lib/params.ts';
import { countOutboundClick, findOutboundTarget, listOutboundClicks } from '../../sql/queries/outbound.ts';
import type { OutboundClicks } from '../../contract/outbound.ts';

/** The admin view's window of click counts. */
export const CLICK_STATS_DAYS = 30;

/**
 * The stored link as an absolute http(s) URL, or undefined: only ever redirect to a provider's own stored
 * web link (a `javascript:`, `data:` or relative value must never become a Location).
 */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function outboundRoutes() {
  const router = createRouter();

  router.get('/r/:id', async (ctx) => {
    // Never cached and never indexed: each visit is a click, and the link is not content of its own.
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex');
    // An id that is no number names no provider: 404 as for an unknown one.
    const id = idParams.safeParse(ctx.params).data?.id;
    const target = id === undefined ? undefined : await findOutboundTarget(ctx.sql, id);
    if (id === undefined || !target) throw new HttpError(404, 'Provider not found');
    const location = safeHttpUrl(target.affiliateUrl) ?? safeHttpUrl(target.website);
    if (!location) throw new HttpError(404, 'This provider has no website link');
    // HEAD (link checkers, previews) follows the redirect without counting as a visit; so does a burst of
    // repeats from one address, which would otherwise inflate the admin's click statistics.
    if (ctx.method === 'GET' && (await ctx.rateLimits.consume('clicks', `${limitedClient(ctx)}:${id}`)) === 0) {
      await countOutboundClick(ctx.sql, id);
    }
    ctx.status = 302;
    ctx.set('Location', location);
    ctx.body = `Redirecting to ${location}`;
  });

  router.get('/api/admin/outbound-clicks', requireAdmin, async (ctx) => {
    const rows = await listOutboundClicks(ctx.sql, CLICK_STATS_DAYS);
    ctx.body = rows.map((r): OutboundClicks[number] => ({ providerId: r.providerId, clicks30d: r.clicks }));
  });

  return router;
}
