// Public site-content reads: homepage, about, category pages, partner links, ads, tracking settings.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import { parse } from '../middleware/validate.ts';
import { getAbout, getCategoryContent, getHomepage, getTrackingSettings, listActiveAds, listPartnerLinks } from '../../sql/queries/content.ts';
import { adPositionSchema, categoryNames } from './schema.ts';
import { presentAbout, presentAd, presentCategory, presentHomepage, presentPartnerLink } from './presenter.ts';

export function contentRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api' });

  router.get('/homepage', cached, async (ctx) => {
    ctx.body = presentHomepage(await getHomepage(ctx.sql));
  });

  router.get('/about', cached, async (ctx) => {
    ctx.body = presentAbout(await getAbout(ctx.sql));
  });

  router.get('/category/:category', cached, async (ctx) => {
    const { category } = parse(z.object({ category: z.enum(categoryNames) }), ctx.params);
    ctx.body = presentCategory(await getCategoryContent(ctx.sql, category));
  });

  router.get('/partner-links', cached, async (ctx) => {
    ctx.body = (await listPartnerLinks(ctx.sql)).map(presentPartnerLink);
  });

  router.get('/ads/:position', cached, async (ctx) => {
    const { position } = parse(z.object({ position: adPositionSchema }), ctx.params);
    ctx.body = (await listActiveAds(ctx.sql, position)).map(presentAd);
  });

  router.get('/tracking-settings', cached, async (ctx) => {
    ctx.body = await getTrackingSettings(ctx.sql);
  });

  return router;
}
