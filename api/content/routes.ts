// Public site-content reads: homepage, about, category pages, partner links, ads, tracking settings.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import { parse } from '../middleware/validate.ts';
import { adPositionSchema, categoryNames } from '../../contract/content.ts';
import { loadAbout, loadAds, loadCategory, loadHomepage, loadPartnerLinks, loadTrackingSettings } from './service.ts';

export function contentRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api' });

  router.get('/homepage', cached, async (ctx) => {
    ctx.body = await loadHomepage(ctx.sql);
  });

  router.get('/about', cached, async (ctx) => {
    ctx.body = await loadAbout(ctx.sql);
  });

  router.get('/category/:category', cached, async (ctx) => {
    const { category } = parse(z.object({ category: z.enum(categoryNames) }), ctx.params);
    ctx.body = await loadCategory(ctx.sql, category);
  });

  router.get('/partner-links', cached, async (ctx) => {
    ctx.body = await loadPartnerLinks(ctx.sql);
  });

  router.get('/ads/:position', cached, async (ctx) => {
    const { position } = parse(z.object({ position: adPositionSchema }), ctx.params);
    ctx.body = await loadAds(ctx.sql, position);
  });

  router.get('/tracking-settings', cached, async (ctx) => {
    ctx.body = await loadTrackingSettings(ctx.sql);
  });

  return router;
}
