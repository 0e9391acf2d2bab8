// Contact submissions: GET /api/admin/contact-submissions (newest first), PATCH …/{id}/read, DELETE …/{id}
// (retention: an admin removes what need not be kept).
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { parse } from '../middleware/validate.ts';
import { idParam } from '../lib/params.ts';
import { deleteContactSubmission, listContactSubmissions, markContactSubmissionRead } from '../../sql/queries/content.ts';
import { presentContactSubmission } from './presenter.ts';

export function adminContactRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/admin/contact-submissions' });

  router.get('/', requireAdmin, async (ctx) => {
    ctx.body = (await listContactSubmissions(ctx.sql)).map(presentContactSubmission);
  });

  router.patch('/:id/read', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    const row = await markContactSubmissionRead(ctx.sql, id);
    if (!row) throw new HttpError(404, 'Contact submission not found');
    ctx.body = presentContactSubmission(row);
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    const { id } = parse(idParam('id'), ctx.params) as { id: number };
    if (!(await deleteContactSubmission(ctx.sql, id))) throw new HttpError(404, 'Contact submission not found');
    ctx.body = { id, deleted: true };
  });

  return router;
}
