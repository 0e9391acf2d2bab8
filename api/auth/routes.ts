// Sign-in routes: /api/login and /api/auth/google start it (full-page navigations), grant brings the
// browser back to /api/auth/callback, /api/logout ends it (GET or the app's form POST); /api/auth/user and /api/auth/profile.
import { z } from 'zod';
import { createRouter, type AppCtx } from '../context.ts';
import { requireUser } from '../middleware/auth.ts';
import { LOGOUT_PATH } from '../middleware/csrf.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { changesNoSharedData } from '../middleware/response-cache.ts';
import { isAdminEmail, SESSION_MAX_AGE_MS, SIGN_IN_MAX_AGE_MS, toSessionUser } from '../middleware/session.ts';
import { validate } from '../middleware/validate.ts';
import { updateProfile, upsertUserFromIdentity } from '../../sql/queries/users.ts';
import { deleteExpiredSessions } from '../../sql/queries/sessions.ts';
import { presentUser } from './presenter.ts';
import { answerSignInFailure, NO_SIGN_IN_UNDER_WAY } from './sign-in-failure.ts';
import { localReturnPath } from '../../contract/return-to.ts';
import { profileUpdateSchema, signInStartQuerySchema } from '../../contract/auth.ts';
import { GRANT_PREFIX, signInProvider } from './sign-in.ts';

/** The same-origin path to return to after sign-in (localReturnPath), else '/'; never the sign-in machinery itself. */
export function safeReturnTo(raw: string | undefined, publicUrl: string): string {
  const path = raw === undefined ? undefined : localReturnPath(raw, new URL(publicUrl).origin);
  if (!path || /^\/(api|connect|oidc)(\/|$)/.test(path)) return '/';
  return path;
}

// What the identity provider tells us about the person (OpenID Connect userinfo claims).
const profileSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email().max(320).optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.url().max(2000).optional(),
});

const grantResultSchema = z.object({
  error: z.unknown().optional(),
  profile: z.unknown().optional(),
});

/**
 * Whether a logout request is the visitor's own, not something another page made their browser send (a link on
 * another site, an <img src="/api/logout"> or a frame here), which would sign visitors out against their will.
 * Browsers send Fetch Metadata (all current ones do): a GET must be a top-level document navigation
 * (Sec-Fetch-Mode navigate, Sec-Fetch-Dest document) that this site started or the visitor typed
 * (Sec-Fetch-Site same-origin or none); a POST (the app's form, past the CSRF guard) must come from this site.
 * Without Sec-Fetch-Site (browsers older than 2023, curl) the Referer decides when there is one: this site's.
 */
function isWantedLogout(ctx: AppCtx): boolean {
  const site = ctx.get('Sec-Fetch-Site');
  if (!site) {
    const referer = ctx.get('Referer');
    return !referer || (URL.canParse(referer) && new URL(referer).origin === new URL(ctx.config.publicUrl).origin);
  }
  if (ctx.method === 'POST') return site === 'same-origin';
  return (
    (site === 'same-origin' || site === 'none') &&
    ctx.get('Sec-Fetch-Mode') === 'navigate' &&
    ctx.get('Sec-Fetch-Dest') === 'document'
  );
}

async function logout(ctx: AppCtx) {
  if (isWantedLogout(ctx)) ctx.session = null; // deletes the row and clears the cookie
  // Either way the visitor lands on the home page: a refused request changes nothing and shows no error.
  ctx.redirect('/');
}

/** Keeps a provider-supplied name within the column limits ('' becomes null). */
const clip = (value: string | undefined, max: number) => value?.trim().slice(0, max) || null;

async function startSignIn(ctx: AppCtx) {
  // The attempt lives in a cookie of the host it starts on, and the identity provider comes back to PUBLIC_URL's:
  // a visitor who typed another name for this server (127.0.0.1 for localhost) starts over on the canonical one.
  const site = new URL(ctx.config.publicUrl);
  // The path and query only: an absolute-form request line ("GET http://other.example/api/login") names a host too.
  if (ctx.host !== site.host) {
    ctx.redirect(site.origin + ctx.path + ctx.search);
    return;
  }
  const { returnTo } = signInStartQuerySchema.parse(ctx.query);
  const session = ctx.session!;
  // A signed-out visitor's session only carries this sign-in attempt: let it expire soon.
  if (!session.userId) session.maxAge = SIGN_IN_MAX_AGE_MS;
  session.returnTo = safeReturnTo(returnTo, ctx.config.publicUrl);
  ctx.redirect(`${GRANT_PREFIX}/${signInProvider(ctx.config)}`);
}

export function authRoutes() {
  const router = createRouter('/api');

  // Each sign-in may create an account (with its own review, vote and contact quotas): counted per address, signed in
  // or not.
  router.get('/login', rateLimit('signIn', { per: 'address' }), startSignIn);
  router.get('/auth/google', rateLimit('signIn', { per: 'address' }), startSignIn);

  router.get('/auth/callback', async (ctx) => {
    const session = ctx.session!;
    if (!session.grant?.response) return answerSignInFailure(ctx, NO_SIGN_IN_UNDER_WAY);
    const result = grantResultSchema.parse(session.grant.response);
    const returnTo = typeof session.returnTo === 'string' ? session.returnTo : '/';
    // Nothing of the attempt (OAuth state, tokens) outlives this request, whatever its outcome.
    delete session.grant;
    delete session.returnTo;
    if (result.error || !result.profile) {
      return answerSignInFailure(
        ctx,
        `Sign-in did not complete${result.error ? `: ${JSON.stringify(result.error)}` : ''}. Please start again.`,
      );
    }
    const profile = profileSchema.parse(result.profile);
    const email = profile.email && profile.email_verified !== false ? profile.email.toLowerCase() : null;
    const userId = await upsertUserFromIdentity(ctx.sql, {
      identityProvider: signInProvider(ctx.config),
      subject: profile.sub,
      email,
      displayName: clip(profile.name, 100),
      firstName: clip(profile.given_name, 50),
      lastName: clip(profile.family_name, 50),
      profileImageUrl: profile.picture ?? null,
      isAdmin: isAdminEmail(ctx.config, email),
    });
    // Only the user id is kept, under a brand-new session id.
    ctx.session = { userId };
    const signedIn = ctx.session!;
    signedIn.maxAge = SESSION_MAX_AGE_MS;
    await signedIn.regenerate();
    await deleteExpiredSessions(ctx.sql);
    // The user's picture may appear in cached review lists.
    await ctx.cache.invalidate();
    ctx.redirect(returnTo);
  });

  // Signing out deletes the visitor's own session row, which no shared answer shows.
  router.get(LOGOUT_PATH.slice('/api'.length), logout);
  router.post(LOGOUT_PATH.slice('/api'.length), changesNoSharedData, logout);

  router.get('/auth/user', async (ctx) => {
    // Who is signed in (e-mail, name): kept in no cache, so nothing of it outlives the session on a shared device.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = ctx.state.user ? presentUser(ctx.state.user) : { authenticated: false };
  });

  router.put(
    '/auth/profile',
    requireUser,
    rateLimit('profile'),
    validate({ body: z.preprocess((body) => body ?? {}, profileUpdateSchema) }),
    async (ctx) => {
      const changes = ctx.valid.body;
      const row = await updateProfile(ctx.sql, ctx.state.user!.id, {
        displayName: changes.displayName,
        firstName: changes.firstName === null ? '' : changes.firstName,
        lastName: changes.lastName === null ? '' : changes.lastName,
      });
      ctx.body = presentUser(toSessionUser(ctx.config, row));
    },
  );

  return router;
}
