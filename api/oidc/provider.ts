// The built-in local identity provider: a real OpenID Connect server (oidc-provider) at /oidc whose
// sign-in page takes any e-mail address. Used only when Google is not configured; production refuses
// it unless LOCAL_LOGIN=1. Its state (interactions, codes, tokens) lives in oidc-provider's in-memory
// adapter, so a sign-in must complete on the process that started it — fine for a development tool.
import { generateKeyPairSync } from 'node:crypto';
import type { Next } from 'koa';
import { koaBody } from 'koa-body';
import Provider from 'oidc-provider';
import { z } from 'zod';
import type { AppCtx } from '../context.ts';
import { renderSignInPage } from './page.ts';

export const OIDC_PREFIX = '/oidc';
export const LOCAL_CLIENT_ID = 'rpc-atlas';
const INTERACTION_PATH = `${OIDC_PREFIX}/interaction/`;

export const localEmailSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address').max(254)),
});

export type LocalProviderOptions = {
  publicUrl: string;
  clientSecret: string;
  cookieKeys: string[];
  /** Where grant receives the code: PUBLIC_URL + /connect/local/callback. */
  redirectUri: string;
};

export function createLocalProvider({ publicUrl, clientSecret, cookieKeys, redirectUri }: LocalProviderOptions) {
  // A fresh signing key per process: ID tokens only travel from this provider to this server.
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(publicUrl + OIDC_PREFIX, {
    clients: [{
      client_id: LOCAL_CLIENT_ID,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      id_token_signed_response_alg: 'ES256',
    }],
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'ES256', kid: 'local-1' }] },
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
    ttl: { Interaction: 15 * 60, Session: 15 * 60, Grant: 15 * 60, AuthorizationCode: 60, AccessToken: 5 * 60, IdToken: 5 * 60 },
  });
  provider.proxy = publicUrl.startsWith('https://');
  return provider;
}

/** Approves every scope the client asked for: the only client is this site itself (automatic consent). */
async function grantEverything(provider: Provider, accountId: string, clientId: string, scope: string, existingGrantId?: string) {
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
          return provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
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
            email: typeof (ctx.request.body as { email?: unknown })?.email === 'string' ? (ctx.request.body as { email: string }).email : '',
          });
          return;
        }
        const accountId = parsed.data.email;
        const grantId = await grantEverything(provider, accountId, clientId, scope);
        ctx.respond = false;
        return provider.interactionFinished(ctx.req, ctx.res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      }
      ctx.throw(405, 'Method not allowed');
    }

    // The OpenID Connect endpoints (/oidc/auth, /token, /me, /jwks, ...): the provider answers the raw request.
    ctx.respond = false;
    Object.assign(ctx.req, { originalUrl: ctx.originalUrl });
    ctx.req.url = ctx.originalUrl.slice(OIDC_PREFIX.length) || '/';
    if (!handlers.has(provider)) handlers.set(provider, provider.callback());
    await handlers.get(provider)!(ctx.req, ctx.res);
  };
}
