// Site content: PUT /api/admin/about, /homepage, /category/{chains|providers}; POST /api/admin/tracking-settings;
// POST/PUT/DELETE /api/admin/partner-links[/{id}]. Answers are the public shapes, so the PWA can put them in its cache.
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { idParam } from '../lib/params.ts';
import { sanitizeRichHtml } from '../lib/sanitize.ts';
import { presentAbout, presentCategory, presentHomepage, presentPartnerLink } from '../content/presenter.ts';
import {
  deletePartnerLink, getAbout, getCategoryContent, getHomepage, insertPartnerLink, setTrackingSettings, updateAbout,
  updateCategoryContent, updateHomepage, updatePartnerLink,
} from '../../sql/queries/content.ts';
import {
  aboutInputSchema, categoryContentInputSchema, categoryParamSchema, homepageInputSchema, partnerLinkInputSchema,
  trackingSettingsInputSchema,
} from '../../contract/admin.ts';
import { definedOnly } from './write.ts';

const sanitizeIfSent = (html: string | undefined) => (html === undefined ? undefined : sanitizeRichHtml(html));

export function adminPageRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/admin' });

  router.put('/about', requireAdmin, async (ctx) => {
    const input = parse(aboutInputSchema, ctx.request.body);
    await updateAbout(ctx.sql, definedOnly({ ...input, content: sanitizeIfSent(input.content) }));
    ctx.body = presentAbout(await getAbout(ctx.sql));
  });

  router.put('/homepage', requireAdmin, async (ctx) => {
    const input = parse(homepageInputSchema, ctx.request.body);
    await updateHomepage(ctx.sql, definedOnly({
      ...input, introText: sanitizeIfSent(input.introText), seoText: sanitizeIfSent(input.seoText),
    }));
    ctx.body = presentHomepage(await getHomepage(ctx.sql));
  });

  router.put('/category/:category', requireAdmin, async (ctx) => {
    const { category } = parse(categoryParamSchema, ctx.params);
    const input = parse(categoryContentInputSchema, ctx.request.body);
    await updateCategoryContent(ctx.sql, category, definedOnly({ ...input, contentHtml: sanitizeIfSent(input.contentHtml) }));
    ctx.body = presentCategory(await getCategoryContent(ctx.sql, category));
  });

  router.post('/tracking-settings', requireAdmin, async (ctx) => {
    const input = parse(trackingSettingsInputSchema, ctx.request.body ?? {});
    ctx.body = await setTrackingSettings(ctx.sql, input);
  });

  router.post('/partner-links', requireAdmin, async (ctx) => {
    const { name, url, order } = parse(partnerLinkInputSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentPartnerLink(await insertPartnerLink(ctx.sql, { name, url, sortOrder: order }));
  });

  router.put('/partner-links/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    const { name, url, order } = parse(partnerLinkInputSchema, ctx.request.body);
    const row = await updatePartnerLink(ctx.sql, id, { name, url, sortOrder: order });
    if (!row) throw new HttpError(404, 'Partner link not found');
    ctx.body = presentPartnerLink(row);
  });

  router.delete('/partner-links/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    if (!(await deletePartnerLink(ctx.sql, id))) throw new HttpError(404, 'Partner link not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}
