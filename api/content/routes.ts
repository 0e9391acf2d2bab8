// Public site-content reads: homepage, about, category pages, partner links, ads, tracking settings.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';
import type { Sql } from '../db/index.ts';
import { cached } from '../middleware/response-cache.ts';
import { parse } from '../middleware/validate.ts';
import { getAbout, getCategoryContent, getHomepage, getTrackingSettings, listActiveAds, listPartnerLinks } from '../../sql/queries/content.ts';
import {
  adPositionSchema, categoryNames, type About, type Ad, type adPositions, type CategoryContent, type Homepage, type PartnerLink,
  type TrackingSettings,
} from './schema.ts';
import { presentAbout, presentAd, presentCategory, presentHomepage, presentPartnerLink } from './presenter.ts';

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

// Each route's answer, also read by the offline directory (api/directory), which must hold exactly what these routes answer.

/** GET /api/homepage. */
export async function loadHomepage(sql: Sql): Promise<Homepage> {
  return presentHomepage(await getHomepage(sql));
}

/** GET /api/about. */
export async function loadAbout(sql: Sql): Promise<About> {
  return presentAbout(await getAbout(sql));
}

/** GET /api/category/{category}. */
export async function loadCategory(sql: Sql, category: (typeof categoryNames)[number]): Promise<CategoryContent> {
  return presentCategory(await getCategoryContent(sql, category));
}

/** GET /api/partner-links. */
export async function loadPartnerLinks(sql: Sql): Promise<PartnerLink[]> {
  return (await listPartnerLinks(sql)).map(presentPartnerLink);
}

/** GET /api/ads/{position}. */
export async function loadAds(sql: Sql, position: (typeof adPositions)[number]): Promise<Ad[]> {
  return (await listActiveAds(sql, position)).map(presentAd);
}

/** GET /api/tracking-settings. */
export function loadTrackingSettings(sql: Sql): Promise<TrackingSettings> {
  return getTrackingSettings(sql);
}
