// The site-content routes' answers, also read by the offline directory (api/directory), which must hold exactly
// what these routes answer, and by the server-rendered pages.
import type { AppCtx } from '../context.ts';
import type { Sql } from '../db/index.ts';
import {
  getAbout,
  getCategoryContent,
  getHomepage,
  getTrackingSettings,
  listActiveAds,
  listPartnerLinks,
} from '../../sql/queries/content.ts';
import type {
  About,
  Ad,
  adPositions,
  CategoryContent,
  categoryNames,
  Homepage,
  PartnerLink,
  TrackingSettings,
} from '../../contract/content.ts';
import { trackingIds } from '../../contract/tracking.ts';
import { presentAbout, presentAd, presentCategory, presentHomepage, presentPartnerLink } from './presenter.ts';

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

/** The tracking IDs the page heads carry (the Content-Security-Policy admits their hosts from the same value). */
export const loadTrackingIds = (ctx: AppCtx) =>
  ctx.cache.memo('tracking-settings', async () => trackingIds(await getTrackingSettings(ctx.sql)));
