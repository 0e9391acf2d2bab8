// Builds the Koa application (no port: tests call createApp and listen wherever they like).
import Koa from 'koa';
import compress from 'koa-compress';
import conditionalGet from 'koa-conditional-get';
import etag from '@koa/etag';
import { koaBody } from 'koa-body';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { AppContext, AppRouter, AppState } from './context.ts';
import type { Database } from './db/index.ts';
import { mountSignIn } from './auth/sign-in.ts';
import { authRoutes } from './auth/routes.ts';
import { adminReviewRoutes, reviewRoutes } from './reviews/routes.ts';
import { voteRoutes } from './votes/routes.ts';
import { adminContactRoutes, contactRoutes } from './contact/routes.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { errorHandler, HttpError, rejectInvalidUtf8 } from './middleware/errors.ts';
import { createRateLimits } from './middleware/rate-limit.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { createResponseCache } from './middleware/response-cache.ts';
import { adminChainRoutes, chainRoutes } from './chains/routes.ts';
import { adminAdRoutes, adminPageRoutes, contentRoutes } from './content/routes.ts';
import { adminEditorialRoutes, adminProviderRoutes, providerRoutes } from './providers/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { directoryRoutes } from './directory/routes.ts';
import { adminCsvRoutes } from './admin/csv.ts';
import { adminRefreshRoutes } from './refresh/routes.ts';
import { objectRoutes } from './objects/routes.ts';
import { crawlerRoutes, webRoutes } from './web/routes.ts';
import { outboundRoutes } from './outbound/routes.ts';
import { adminEndpointRoutes, changesFeedRoutes, healthRoutes } from './health/routes.ts';
import { adminWebhookRoutes } from './webhooks/routes.ts';
import { adminProbeAgentRoutes, agentRoutes } from './health/agents.ts';
import { openApiRoutes } from './openapi/routes.ts';

/** `distDir`: the built web app to serve (default dist/; tests give a fixture). */
export type AppDeps = { db: Database; config: Config; log: Logger; distDir?: string };

/** Largest JSON body accepted (rich-text fields included). */
export const JSON_BODY_LIMIT = '1mb';

export function createApp({ db, config, log, distDir }: AppDeps) {
  // An https PUBLIC_URL means one proxy in front, whose X-Forwarded-* headers are trusted; the client
  // address is the last X-Forwarded-For entry, the one that proxy added (earlier ones are the visitor's to write).
  const app = new Koa<AppState, AppContext>({ proxy: config.publicUrl.startsWith('https://'), maxIpsCount: 1 });
  const cache = createResponseCache(db, app);
  const rateLimits = createRateLimits(db.sql, config);
  Object.assign(app.context, { sql: db.sql, db, config, log, cache, rateLimits });

  // Errors Koa sees after the response has started. A browser leaving mid-response is routine, not a fault.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    log.error({ err }, 'response failed');
  });
  app.use(requestLog(log));
  app.use(errorHandler(log));
  app.use(securityHeaders(config));
  app.use(compressUnlessRefused(compress({ threshold: 1024 })));
  app.use(conditionalGet());
  app.use(etag());
  app.use(webRoutes({ distDir }));
  app.use(async (ctx, next) => {
    // API answers may change with any write: browsers must revalidate (cheap: ETag → 304).
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-cache');
    await next();
  });
  app.use(cache.serveHits);

  app.use(async (ctx, next) => {
    if (ctx.path !== '/healthz') return next();
    try {
      await db.sql`SELECT 1`;
      ctx.body = { status: 'ok', database: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'error', database: 'unreachable' };
    }
  });

  app.use(csrfGuard);
  mountSignIn(app, { db, config }); // sessions, OAuth and the local identity provider: before the body parser
  app.use(cache.invalidateOnWrite);
  app.use(
    koaBody({
      onError: refuseUndecodableBody,
      jsonLimit: JSON_BODY_LIMIT,
      jsonStrict: true,
      urlencoded: false,
      text: false,
      multipart: false,
      includeUnparsed: true,
    }),
  );
  app.use(rejectInvalidUtf8);

  for (const router of apiRouters()) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}

/**
 * koa-compress answers a client that accepts no encoding at all, identity included ("identity;q=0", "*;q=0"), with
 * an undefined Content-Encoding (a 500): such a client gets the body as it is, the only form there is.
 */
function compressUnlessRefused(compression: ReturnType<typeof compress>): Koa.Middleware {
  // The encodings this koa-compress can make on this Node (zstd only on newer ones), identity last (untyped).
  const { preferredEncodings } = compression as unknown as { preferredEncodings: string[] };
  return (ctx, next) => {
    if (!ctx.acceptsEncodings(preferredEncodings)) ctx.compress = false;
    return compression(ctx, next);
  };
}

/**
 * A request body that fails to decompress (Content-Encoding: gzip, deflate or br over bytes that are not) is the
 * client's fault: zlib's error carries no status, so it would be a 500. The body parser's own errors keep theirs.
 */
function refuseUndecodableBody(err: Error & { status?: number }, ctx: Koa.Context): never {
  const encoding = ctx.get('Content-Encoding');
  if (err.status === undefined && encoding && encoding !== 'identity') {
    throw new HttpError(400, `Request body is not valid ${encoding} data`);
  }
  throw err;
}

/** Every router of the app, in mount order. Tests enumerate it (e.g. to check each /api/admin route is guarded). */
export function apiRouters(): AppRouter[] {
  const routers = [
    chainRoutes(),
    providerRoutes(),
    contentRoutes(),
    directoryRoutes(),
    searchRoutes(),
    authRoutes(),
    reviewRoutes(),
    adminReviewRoutes(),
    voteRoutes(),
    contactRoutes(),
    outboundRoutes(),
    crawlerRoutes(),
    adminChainRoutes(),
    adminProviderRoutes(),
    adminEditorialRoutes(),
    adminAdRoutes(),
    adminContactRoutes(),
    adminPageRoutes(),
    adminCsvRoutes(),
    adminRefreshRoutes(),
    objectRoutes(),
    healthRoutes(),
    changesFeedRoutes(),
    adminEndpointRoutes(),
    adminWebhookRoutes(),
    adminProbeAgentRoutes(),
    agentRoutes(),
  ];
  return [...routers, openApiRoutes(routers)];
}
