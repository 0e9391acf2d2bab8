// POST /api/contact: a visitor's message, stored unread for the admin's Contact tab.
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { parse } from '../middleware/validate.ts';
import { insertContactSubmission } from '../../sql/queries/contact.ts';
import { contactMessageSchema, type ContactSent } from '../../contract/contact.ts';

export function contactRoutes() {
  const router = new Router<AppState, AppContext>({ prefix: '/api/contact' });

  router.post('/', rateLimit('contact'), async (ctx) => {
    const message = parse(contactMessageSchema, ctx.request.body);
    const { id } = await insertContactSubmission(ctx.sql, message);
    ctx.status = 201;
    ctx.body = { success: true, id } satisfies ContactSent;
  });

  return router;
}
