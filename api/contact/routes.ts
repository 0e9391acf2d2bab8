// Contact: POST /api/contact (a visitor's message, stored unread for the admin's Contact tab); the admin's
// GET /api/admin/contact-submissions (newest first), PATCH …/{id}/read and DELETE …/{id} (retention: an admin
// removes what need not be kept).
import { createRouter } from '../context.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';
import { insertContactSubmission } from '../../sql/queries/contact.ts';
import { contactMessageSchema, type ContactSent } from '../../contract/contact.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { idParams } from '../lib/params.ts';
import {
  deleteContactSubmission,
  listContactSubmissions,
  markContactSubmissionRead,
} from '../../sql/queries/content.ts';
import { presentContactSubmission } from './presenter.ts';

export function contactRoutes() {
  const router = createRouter('/api/contact');

  router.post('/', rateLimit('contact'), validate({ body: contactMessageSchema }), async (ctx) => {
    const message = ctx.valid.body;
    const { id } = await insertContactSubmission(ctx.sql, message);
    ctx.status = 201;
    ctx.body = { success: true, id } satisfies ContactSent;
  });

  return router;
}

export function adminContactRoutes() {
  const router = createRouter('/api/admin/contact-submissions');

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
