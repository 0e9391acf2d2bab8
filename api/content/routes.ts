// Site content: the public reads (homepage, about, category pages, partner links, ads, tracking settings) and the
// admin writes: ad placements (GET/POST /api/admin/ads, PUT/DELETE /api/admin/ads/{id}; ad code stored sanitised),
// PUT /api/admin/about, /homepage, /category/{chains|providers}, POST /api/admin/tracking-settings and
// POST/PUT/DELETE /api/admin/partner-links[/{id}]. Admin answers are the public shapes, so the PWA can cache them.
import { z } from 'zod';
import { createRouter } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import { validate } from '../middleware/validate.ts';
import {
  aboutSchema,
  adListSchema,
  adPositionSchema,
  categoryContentSchema,
  categoryNames,
  homepageSchema,
  partnerLinkListSchema,
  trackingSettingsSchema,
} from '../../contract/content.ts';
import { loadAbout, loadAds, loadCategory, loadHomepage, loadPartnerLinks, loadTrackingSettings } from './service.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { idParams } from '../lib/params.ts';
import { sanitizeAdCode, sanitizeIfSent } from '../lib/sanitize.ts';
import {
  deleteAd,
  deletePartnerLink,
  getAbout,
  getCategoryContent,
  getHomepage,
  insertAd,
  insertPartnerLink,
  listAllAds,
  setTrackingSettings,
  updateAbout,
  updateAd,
  updateCategoryContent,
  updateHomepage,
  updatePartnerLink,
} from '../../sql/queries/content.ts';
import {
  aboutInputSchema,
  adCreateSchema,
  adUpdateSchema,
  categoryContentInputSchema,
  categoryParamSchema,
  homepageInputSchema,
  partnerLinkInputSchema,
  trackingSettingsInputSchema,
} from '../../contract/admin.ts';
import { presentAbout, presentAdminAd, presentCategory, presentHomepage, presentPartnerLink } from './presenter.ts';
import { definedOnly } from '../lib/write.ts';
import { answers } from '../openapi/document.ts';

export function contentRoutes() {
  const router = createRouter('/api');

  router.get('/homepage', cached, answers(homepageSchema, 'The home page texts'), async (ctx) => {
    ctx.body = await loadHomepage(ctx.sql);
  });

  router.get('/about', cached, answers(aboutSchema, 'The About page'), async (ctx) => {
    ctx.body = await loadAbout(ctx.sql);
  });

  router.get(
    '/category/:category',
    cached,
    answers(categoryContentSchema, 'A category page text'),
    validate({ params: z.object({ category: z.enum(categoryNames) }) }),
    async (ctx) => {
      const { category } = ctx.valid.params;
      ctx.body = await loadCategory(ctx.sql, category);
    },
  );

  router.get('/partner-links', cached, answers(partnerLinkListSchema, 'The partner links'), async (ctx) => {
    ctx.body = await loadPartnerLinks(ctx.sql);
  });

  router.get(
    '/ads/:position',
    cached,
    answers(adListSchema, 'The active ads of a position'),
    validate({ params: z.object({ position: adPositionSchema }) }),
    async (ctx) => {
      const { position } = ctx.valid.params;
      ctx.body = await loadAds(ctx.sql, position);
    },
  );

  router.get('/tracking-settings', cached, answers(trackingSettingsSchema, 'Site analytics settings'), async (ctx) => {
    ctx.body = await loadTrackingSettings(ctx.sql);
  });

  return router;
}

/** Scripts and event handlers stripped; code that was nothing but script is refused rather than stored empty. */
function cleanAdCode(code: string): string {
  const clean = sanitizeAdCode(code);
  if (!clean)
    throw new HttpError(400, 'adCode: Nothing is left of the ad code once scripts and event handlers are removed');
  return clean;
}

export function adminAdRoutes() {
  const router = createRouter('/api/admin/ads');

  router.get('/', requireAdmin, async (ctx) => {
    ctx.body = (await listAllAds(ctx.sql)).map(presentAdminAd);
  });

  router.post('/', requireAdmin, validate({ body: adCreateSchema }), async (ctx) => {
    const input = ctx.valid.body;
    const row = await insertAd(ctx.sql, { ...input, adCode: cleanAdCode(input.adCode) });
    ctx.status = 201;
    ctx.body = presentAdminAd(row);
  });

  router.put('/:id', requireAdmin, validate({ params: idParams, body: adUpdateSchema }), async (ctx) => {
    const { id } = ctx.valid.params;
    const input = ctx.valid.body;
    const row = await updateAd(
      ctx.sql,
      id,
      definedOnly({
        ...input,
        adCode: input.adCode === undefined ? undefined : cleanAdCode(input.adCode),
      }),
    );
    if (!row) throw new HttpError(404, 'Ad placement not found');
    ctx.body = presentAdminAd(row);
  });

  router.delete('/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    if (!(await deleteAd(ctx.sql, id))) throw new HttpError(404, 'Ad placement not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}

export function adminPageRoutes() {
  const router = createRouter('/api/admin');

  router.put('/about', requireAdmin, validate({ body: aboutInputSchema }), async (ctx) => {
    const input = ctx.valid.body;
    await updateAbout(ctx.sql, definedOnly({ ...input, content: sanitizeIfSent(input.content) }));
    ctx.body = presentAbout(await getAbout(ctx.sql));
  });

  router.put('/homepage', requireAdmin, validate({ body: homepageInputSchema }), async (ctx) => {
    const input = ctx.valid.body;
    await updateHomepage(
      ctx.sql,
      definedOnly({
        ...input,
        introText: sanitizeIfSent(input.introText),
        seoText: sanitizeIfSent(input.seoText),
      }),
    );
    ctx.body = presentHomepage(await getHomepage(ctx.sql));
  });

  router.put(
    '/category/:category',
    requireAdmin,
    validate({ params: categoryParamSchema, body: categoryContentInputSchema }),
    async (ctx) => {
      const { category } = ctx.valid.params;
      const input = ctx.valid.body;
      await updateCategoryContent(
        ctx.sql,
        category,
        definedOnly({ ...input, contentHtml: sanitizeIfSent(input.contentHtml) }),
      );
      ctx.body = presentCategory(await getCategoryContent(ctx.sql, category));
    },
  );

  router.post(
    '/tracking-settings',
    requireAdmin,
    validate({ body: z.preprocess((body) => body ?? {}, trackingSettingsInputSchema) }),
    async (ctx) => {
      const input = ctx.valid.body;
      ctx.body = await setTrackingSettings(ctx.sql, input);
    },
  );

  router.post('/partner-links', requireAdmin, validate({ body: partnerLinkInputSchema }), async (ctx) => {
    const { name, url, order } = ctx.valid.body;
    ctx.status = 201;
    ctx.body = presentPartnerLink(await insertPartnerLink(ctx.sql, { name, url, sortOrder: order }));
  });

  router.put(
    '/partner-links/:id',
    requireAdmin,
    validate({ params: idParams, body: partnerLinkInputSchema }),
    async (ctx) => {
      const { id } = ctx.valid.params;
      const { name, url, order } = ctx.valid.body;
      const row = await updatePartnerLink(ctx.sql, id, { name, url, sortOrder: order });
      if (!row) throw new HttpError(404, 'Partner link not found');
      ctx.body = presentPartnerLink(row);
    },
  );

  router.delete('/partner-links/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    if (!(await deletePartnerLink(ctx.sql, id))) throw new HttpError(404, 'Partner link not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}
