// Contact submissions: GET /api/admin/contact-submissions (newest first), PATCH …/{id}/read, DELETE …/{id}
// (retention: an admin removes what need not be kept).
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { validate } from '../middleware/validate.ts';
import { idParams } from '../lib/params.ts';
import { deleteContactSubmission, listContactSubmissions, markContactSubmissionRead } from '../../sql/queries/content.ts';
import { presentContactSubmission } from './presenter.ts';

export function adminContactRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/admin/contact-submissions' });

  router.get('/', requireAdmin, async (ctx) => {
    ctx.body = (await listContactSubmissions(ctx.sql)).map(presentContactSubmission);
  });

  router.patch('/:id/read', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    const row = await markContactSubmissionRead(ctx.sql, id);
    if (!row) throw new HttpError(404, 'Contact submission not found');
    ctx.body = presentContactSubmission(row);
  });

  router.delete('/:id', requireAdmin, validate({ params: idParams }), async (ctx) => {
    const { id } = ctx.valid.params;
    if (!(await deleteContactSubmission(ctx.sql, id))) throw new HttpError(404, 'Contact submission not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}
