// Server-side sessions: koa-session with a store in the `sessions` table, so every instance sharing the
// database shares the sessions. The cookie holds only a random id (httpOnly, SameSite=Lax, Secure under
// https, signed with the app keys). Loading the session also loads its user into ctx.state.user, in the
// same query, re-read on every request so a demoted admin or an edited name takes effect at once.
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Next } from 'koa';
import session from 'koa-session';
import type { Config } from '../config.ts';
import type { AppContext, AppCtx, AppState, SessionUser } from '../context.ts';
import { deleteSession, findSessionWithUser, saveSession, type SessionData } from '../../sql/queries/sessions.ts';
import type { UserRow } from '../../sql/queries/users.ts';

/** What the app keeps in a session (besides koa-session's own bookkeeping). */
export type AppSession = {
  /** Set once signed in. */
  userId?: number;
  /** Where to go after the sign-in that is under way. */
  returnTo?: string;
  /** grant-koa's OAuth state and, after the callback, its result (dropped at sign-in). */
  grant?: { response?: unknown };
  maxAge: number | 'session' | undefined;
  regenerate(): Promise<void>;
};

// koa-session 7 adds ctx.session at run time but ships no Koa type augmentation.
declare module 'koa' {
  interface ExtendableContext {
    get session(): AppSession | null;
    /** Replacing the data keeps the id; null ends the session (row deleted, cookie cleared). */
    set session(data: { userId?: number; returnTo?: string } | null);
  }
}

export const SESSION_COOKIE = 'rpc_atlas_sid';
const SESSION_COOKIE_PRESENT = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=[^;\\s]`);
/**
 * Whether the request carries a session: what it is answered may then be that visitor's own (a page rendered for it
 * must not sit in a shared cache). Read from the header: ctx.cookies, made on first use, would miss the signing keys
 * the session middleware sets later.
 */
export const hasSession = (ctx: Koa.Context) => SESSION_COOKIE_PRESENT.test(ctx.get('Cookie'));
/** A signed-in session lasts 30 days after the last visit that renewed it (renewed once half is used). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** A session that only carries an unfinished sign-in (OAuth state, returnTo) expires sooner. */
export const SIGN_IN_MAX_AGE_MS = 15 * 60 * 1000;

/** Paths that read or write the session; static files and the app shell never touch the table. */
const SESSION_PATHS = /^\/(api|connect)(\/|$)/;

export function isAdminEmail(config: Config, email: string | null) {
  return email !== null && config.adminEmails.includes(email.toLowerCase());
}

export function toSessionUser(config: Config, u: UserRow): SessionUser {
  return { ...u, isAdmin: isAdminEmail(config, u.email) };
}

export function sessionMiddleware(app: Koa<AppState, AppContext>, config: Config) {
  const handle = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
      signed: true,
      renew: true,
      rolling: false,
      genid: () => randomBytes(32).toString('base64url'),
      store: {
        async get(id: string, _maxAge: number, { ctx }: { ctx: AppCtx }) {
          const found = await findSessionWithUser(ctx.sql, id);
          if (!found) return undefined;
          if (found.user) ctx.state.user = toSessionUser(config, found.user);
          return found.data;
        },
        async set(id: string, data: SessionData, maxAge: number, { ctx }: { ctx: AppCtx }) {
          await saveSession(ctx.sql, id, data, maxAge);
        },
        async destroy(id: string, { ctx }: { ctx: AppCtx }) {
          await deleteSession(ctx.sql, id);
        },
      },
    },
    app as never,
  );

  return async function sessions(ctx: AppCtx, next: Next) {
    if (!SESSION_PATHS.test(ctx.path)) return next();
    await handle(ctx, next);
    // Answers that depend on who is signed in must never sit in a shared cache; those carrying the user's
    // own data are not stored at all (their routes say no-store).
    if (ctx.state.user && ctx.path.startsWith('/api/') && ctx.response.get('Cache-Control') !== 'no-store') {
      ctx.set('Cache-Control', 'private, no-cache');
    }
  };
}
