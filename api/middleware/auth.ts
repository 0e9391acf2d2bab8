// Route guards. ctx.state.user is filled from the server-side session on every request
// (re-read from the database, so a demoted admin loses access at once).
import type { Next } from 'koa';
import type { AppCtx } from '../context.ts';
import { HttpError } from './errors.ts';

export async function requireUser(ctx: AppCtx, next: Next) {
  if (!ctx.state.user) throw new HttpError(401, 'Unauthorized');
  await next();
}

export async function requireAdmin(ctx: AppCtx, next: Next) {
  if (!ctx.state.user) throw new HttpError(401, 'Unauthorized');
  if (!ctx.state.user.isAdmin) throw new HttpError(403, 'Forbidden');
  await next();
}
