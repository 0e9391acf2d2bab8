// The built-in local identity provider: a real OpenID Connect server (oidc-provider) at /oidc whose
// sign-in page takes any e-mail address. Used only when Google is not configured; production refuses
// it unless LOCAL_LOGIN=1. Everything it keeps is in the database (its state through adapter.ts, its
// signing key in app_secrets) and its cookie keys derive from the shared session secret, so any number
// of instances serve it alike: a sign-in may start on one and finish on another.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Next } from 'koa';
import { koaBody } from 'koa-body';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { AppCtx } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ensureAppSecret } from '../../sql/queries/sessions.ts';
import { postgresAdapter } from './adapter.ts';
import { renderSignInPage } from './page.ts';

export const OIDC_PREFIX = '/oidc';
export const LOCAL_CLIENT_ID = 'rpc-atlas';
const INTERACTION_PATH = `${OIDC_PREFIX}/interaction/`;
const SIGNING_KEY_SECRET = 'local_oidc_signing_key';
/** The documents that are the same for every visitor (discovery, public keys): shared caches may keep them. */
const PUBLIC_DOCUMENTS = new Set(['/.well-known/openid-configuration', '/jwks']);
const PUBLIC_DOCUMENT_CACHE = 'public, max-age=3600';

export const localEmailSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address').max(254)),
});

export type LocalProviderOptions = {
  sql: Queryable;
  publicUrl: string;
  clientSecret: string;
  cookieKeys: string[];
  /** Where grant receives the code: PUBLIC_URL + /connect/local/callback. */
  redirectUri: string;
};

/**
 * The ID-token signing key (a private JWK): made by whichever instance asks first, kept in the database
 * and used by every instance, so a token signed by one verifies against the keys another publishes.
 */
async function sharedSigningKey(sql: Queryable) {
  const stored = await ensureAppSecret(sql, SIGNING_KEY_SECRET, () =>
    JSON.stringify({
      ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
      use: 'sig',
      alg: 'ES256',
      kid: randomBytes(8).toString('base64url'),
    }),
  );
  return JSON.parse(stored);
}

export async function createLocalProvider({
  sql,
  publicUrl,
  clientSecret,
  cookieKeys,
  redirectUri,
}: LocalProviderOptions) {
  // Loaded when the local sign-in is first used, not at every start.
  const { default: OidcProvider } = await import('oidc-provider');
  const provider = new OidcProvider(publicUrl + OIDC_PREFIX, {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [await sharedSigningKey(sql)] },
    adapter: postgresAdapter(sql),
    cookies: { keys: cookieKeys },
    // The subject is the e-mail itself: any address signs in, and the same address is the same account.
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: () => ({ sub, email: sub, email_verified: true, name: sub.split('@')[0] }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => INTERACTION_PATH + interaction.uid },
    pkce: { required: () => true },
    // Short lives: the provider only bridges one sign-in to this site's own session.
    ttl: {
      Interaction: 15 * 60,
      Session: 15 * 60,
      Grant: 15 * 60,
      AuthorizationCode: 60,
      AccessToken: 5 * 60,
      IdToken: 5 * 60,
    },
  });
  // The provider takes its origin from X-Forwarded-Proto/-Host, which the middleware below sets to
  // PUBLIC_URL's on every request it hands over: never from what the client sent.
  provider.proxy = true;
  return provider;
}

/** Approves every scope the client asked for: the only client is this site itself (automatic consent). */
async function grantEverything(
  provider: Provider,
  accountId: string,
  clientId: string,
  scope: string,
  existingGrantId?: string,
) {
  const grant = existingGrantId ? await provider.Grant.find(existingGrantId) : undefined;
  const g = grant ?? new provider.Grant({ accountId, clientId });
  g.addOIDCScope(scope);
  return g.save();
}

const formBody = koaBody({ urlencoded: true, json: false, text: false, multipart: false, formLimit: '4kb' });

/**
 * Middleware for everything under /oidc: the sign-in page and its form are ours, every other path is
 * the OpenID Connect server (handed the raw request, so it must run before the app's body parser).
 */
export function localProviderMiddleware(getProvider: () => Promise<Provider>) {
  const handlers = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  return async function localProvider(ctx: AppCtx, next: Next) {
    if (ctx.path !== OIDC_PREFIX && !ctx.path.startsWith(OIDC_PREFIX + '/')) return next();
    const provider = await getProvider();
    // Every URL the provider names (discovery, redirects, the interaction's return address) is built from
    // the request's scheme and host: make them PUBLIC_URL's, whatever Host or X-Forwarded-* said.
    const issuer = new URL(provider.issuer);
    Object.assign(ctx.req.headers, {
      'x-forwarded-proto': issuer.protocol.slice(0, -1),
      'x-forwarded-host': issuer.host,
    });

    if (ctx.path.startsWith(INTERACTION_PATH)) {
      const [uid, action] = ctx.path.slice(INTERACTION_PATH.length).split('/');
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (details.uid !== uid) ctx.throw(400, 'This sign-in page has expired. Start again from the site.');
      const { prompt, params } = details;
      const clientId = String(params.client_id);
      const scope = String(params.scope ?? 'openid');

      if (ctx.method === 'GET' && !action) {
        if (prompt.name === 'consent') {
          const grantId = await grantEverything(provider, details.session!.accountId, clientId, scope, details.grantId);
          ctx.respond = false;
          return provider.interactionFinished(
            ctx.req,
            ctx.res,
            { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
        }
        ctx.type = 'html';
        ctx.set('Cache-Control', 'no-store');
        ctx.body = renderSignInPage({ action: `${INTERACTION_PATH}${uid}/login` });
        return;
      }

      if (ctx.method === 'POST' && action === 'login') {
        await formBody(ctx, async () => {});
        const parsed = localEmailSchema.safeParse(ctx.request.body);
        if (!parsed.success) {
          ctx.status = 400;
          ctx.type = 'html';
          ctx.body = renderSignInPage({
            action: `${INTERACTION_PATH}${uid}/login`,
            error: parsed.error.issues[0].message,
            email:
              typeof (ctx.request.body as { email?: unknown })?.email === 'string'
                ? (ctx.request.body as { email: string }).email
                : '',
          });
          return;
        }
        const accountId = parsed.data.email;
        const grantId = await grantEverything(provider, accountId, clientId, scope);
        ctx.respond = false;
        return provider.interactionFinished(
          ctx.req,
          ctx.res,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      }
      ctx.throw(405, 'Method not allowed');
    }

    // The OpenID Connect endpoints (/oidc/auth, /token, /me, /jwks, ...): the provider answers the raw request.
    ctx.respond = false;
    Object.assign(ctx.req, { originalUrl: ctx.originalUrl });
    if (PUBLIC_DOCUMENTS.has(ctx.path.slice(OIDC_PREFIX.length)))
      ctx.res.setHeader('Cache-Control', PUBLIC_DOCUMENT_CACHE);
    ctx.req.url = ctx.originalUrl.slice(OIDC_PREFIX.length) || '/';
    if (!handlers.has(provider)) handlers.set(provider, provider.callback());
    await handlers.get(provider)!(ctx.req, ctx.res);
  };
}
