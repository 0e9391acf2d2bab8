// Assembles sign-in: cookie keys from SESSION_SECRET (or one generated into app_secrets), server-side
// sessions, grant-koa for OAuth (Google when configured, else the local identity provider at /oidc).
// Everything here runs before the body parser: the OpenID Connect server reads raw requests.
import { createHmac, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Next } from 'koa';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import type { AppContext, AppCtx, AppState } from '../context.ts';
import type { Database } from '../db/index.ts';
import { sessionMiddleware } from '../middleware/session.ts';
import { answerSignInFailure, NO_SIGN_IN_UNDER_WAY } from './sign-in-failure.ts';
import { createLocalProvider, LOCAL_CLIENT_ID, localProviderMiddleware, OIDC_PREFIX } from '../oidc/provider.ts';
import { ensureAppSecret } from '../../sql/queries/sessions.ts';

export const GRANT_PREFIX = '/connect';
/** Where a sign-in starts (and is counted against the address's limit). */
export const SIGN_IN_START_PATH = '/api/login';
/** Where grant sends the browser once the provider answered (the session then holds the result). */
export const SIGN_IN_CALLBACK_PATH = '/api/auth/callback';

/** The identity provider sign-in goes to: Google when configured, else the local one. */
export function signInProvider(config: Config): 'google' | 'local' {
  return config.google ? 'google' : 'local';
}

/** Refuses configurations that would be unsafe to serve (checked when the app is built). */
export function assertSignInConfig(config: Config) {
  if (!config.production) return;
  if (!config.sessionSecret) {
    throw new Error('Refusing to start: SESSION_SECRET must be set in production (at least 32 random characters).');
  }
  if (!config.google && !config.localLoginAllowedInProduction) {
    throw new Error(
      'Refusing to start: NODE_ENV=production without GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET would use the local ' +
        'development sign-in, where anyone can sign in with any e-mail address, admin ones included. ' +
        'Configure Google sign-in, or set LOCAL_LOGIN=1 to allow it anyway.',
    );
  }
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url');

function grantConfig(config: Config, localClientSecret: string) {
  const defaults = {
    origin: config.publicUrl,
    prefix: GRANT_PREFIX,
    transport: 'session',
    state: true,
    nonce: true,
    callback: SIGN_IN_CALLBACK_PATH,
    response: ['tokens', 'profile'],
  };
  if (config.google) {
    return {
      defaults,
      google: {
        key: config.google.clientId,
        secret: config.google.clientSecret,
        scope: ['openid', 'email', 'profile'],
        pkce: true,
      },
    };
  }
  const issuer = config.publicUrl + OIDC_PREFIX;
  return {
    defaults,
    local: {
      key: LOCAL_CLIENT_ID,
      secret: localClientSecret,
      oauth: 2,
      authorize_url: `${issuer}/auth`,
      access_url: `${issuer}/token`,
      profile_url: `${issuer}/me`,
      scope: 'openid email profile',
      pkce: true,
      // Always show the sign-in page, so signing out and in again can switch accounts.
      custom_params: { prompt: 'login' },
    },
  };
}

/** `make` run once; a failure (database not reachable yet) is reported to its caller and retried by the next. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let making: Promise<T> | undefined;
  return () =>
    (making ??= make().catch((err) => {
      making = undefined;
      throw err;
    }));
}

/** Mounts sign-in on the app (before the body parser). Throws when the configuration is unsafe. */
export function mountSignIn(app: Koa<AppState, AppContext>, { db, config }: { db: Database; config: Config }) {
  assertSignInConfig(config);

  // Keys are ready before the first request is handled; the app is built synchronously, so the secret (possibly
  // generated into the database) is awaited by the first middleware instead. The sign-in itself (the local identity
  // provider, grant) is made on the first request that needs it: those packages are not loaded at every start.
  const keysReady = once(async () => {
    const secret =
      config.sessionSecret ??
      (await ensureAppSecret(db.sql, 'session_secret', () => randomBytes(32).toString('base64url')));
    app.keys = [derive(secret, 'session-cookie')];
    return secret;
  });
  const ready = once(async () => {
    const secret = await keysReady();
    const localClientSecret = derive(secret, 'local-oidc-client');
    const provider = config.google
      ? undefined
      : await createLocalProvider({
          sql: db.sql,
          publicUrl: config.publicUrl,
          clientSecret: localClientSecret,
          cookieKeys: [derive(secret, 'local-oidc-cookies')],
          redirectUri: `${config.publicUrl}${GRANT_PREFIX}/local/callback`,
        });
    const { default: grant } = await import('grant-koa');
    const oauth: Koa.Middleware = grant({ config: grantConfig(config, localClientSecret) });
    return { provider, oauth };
  });
  keysReady().catch(() => {});

  const getProvider = async (): Promise<Provider> => {
    const { provider } = await ready();
    if (!provider) throw Object.assign(new Error('Not found'), { status: 404, expose: true });
    return provider;
  };

  app.use(async (_ctx: AppCtx, next: Next) => {
    await keysReady();
    return next();
  });
  app.use(localProviderMiddleware(getProvider));
  app.use(sessionMiddleware(app, config));
  app.use(async (ctx: AppCtx, next: Next) => {
    if (!ctx.path.startsWith(GRANT_PREFIX + '/')) return next();
    // Back from the identity provider with no attempt in this browser's session (expired, cookies blocked):
    // grant would send the visitor home with its error in the query string.
    if (ctx.path === `${GRANT_PREFIX}/${signInProvider(config)}/callback`) {
      if (!ctx.session?.grant) return answerSignInFailure(ctx, NO_SIGN_IN_UNDER_WAY);
    } else if (ctx.session?.returnTo === undefined) {
      // Every sign-in starts at /api/login, which counts it against the address's limit: grant's own start
      // reached directly would create accounts uncounted.
      ctx.redirect(SIGN_IN_START_PATH);
      return;
    }
    const { oauth } = await ready();
    return oauth(ctx as never, next);
  });
}
