// Ad placements: GET/POST /api/admin/ads, PUT/DELETE /api/admin/ads/{id}. Ad code is stored sanitised.
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { idParam } from '../lib/params.ts';
import { sanitizeAdCode } from '../lib/sanitize.ts';
import { deleteAd, insertAd, listAllAds, updateAd } from '../../sql/queries/content.ts';
import { adCreateSchema, adUpdateSchema } from '../../contract/admin.ts';
import { presentAdminAd } from './presenter.ts';
import { definedOnly } from './write.ts';

/** Scripts and event handlers stripped; code that was nothing but script is refused rather than stored empty. */
function cleanAdCode(code: string): string {
  const clean = sanitizeAdCode(code);
  if (!clean) throw new HttpError(400, 'adCode: Nothing is left of the ad code once scripts and event handlers are removed');
  return clean;
}

export function adminAdRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/admin/ads' });

  router.get('/', requireAdmin, async (ctx) => {
    ctx.body = (await listAllAds(ctx.sql)).map(presentAdminAd);
  });

  router.post('/', requireAdmin, async (ctx) => {
    const input = parse(adCreateSchema, ctx.request.body);
    const row = await insertAd(ctx.sql, { ...input, adCode: cleanAdCode(input.adCode) });
    ctx.status = 201;
    ctx.body = presentAdminAd(row);
  });

  router.put('/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    const input = parse(adUpdateSchema, ctx.request.body);
    const row = await updateAd(ctx.sql, id, definedOnly({
      ...input, adCode: input.adCode === undefined ? undefined : cleanAdCode(input.adCode),
    }));
    if (!row) throw new HttpError(404, 'Ad placement not found');
    ctx.body = presentAdminAd(row);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    if (!(await deleteAd(ctx.sql, id))) throw new HttpError(404, 'Ad placement not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}
