// Editorial reviews: POST /api/admin/providers/{providerId}/editorial-review (one per provider; a new one
// replaces it) and GET /api/admin/editorial-reviews.
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { idParam } from '../lib/params.ts';
import { sanitizeRichHtml } from '../lib/sanitize.ts';
import { lockProvider } from '../../sql/queries/providers.ts';
import { findAdminEditorialReview, listAdminEditorialReviews, saveEditorialReview } from '../../sql/queries/editorial.ts';
import { editorialReviewInputSchema, type EditorialReviewSaved } from '../../contract/admin.ts';
import { presentAdminEditorial } from './presenter.ts';
import { inTransaction } from './write.ts';

export function adminEditorialRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/admin' });

  router.post('/providers/:providerId/editorial-review', requireAdmin, async (ctx) => {
    const { providerId } = parse(idParam('providerId'), ctx.params) as { providerId: number };
    const { rating, content } = parse(editorialReviewInputSchema, ctx.request.body);
    const clean = sanitizeRichHtml(content);
    if (!clean) throw new HttpError(400, 'content: Content is required (nothing was left after removing unsafe HTML)');
    const saved = await inTransaction(ctx, async (tx): Promise<EditorialReviewSaved> => {
      if (!(await lockProvider(tx, providerId))) throw new HttpError(404, 'Provider not found');
      const { id, replaced } = await saveEditorialReview(tx, { providerId, adminId: ctx.state.user?.id ?? null, rating, content: clean });
      return { ...presentAdminEditorial((await findAdminEditorialReview(tx, id))!), replaced };
    });
    ctx.status = saved.replaced ? 200 : 201;
    ctx.body = saved;
  });

  router.get('/editorial-reviews', requireAdmin, async (ctx) => {
    ctx.body = (await listAdminEditorialReviews(ctx.sql)).map(presentAdminEditorial);
  });

  return router;
}
