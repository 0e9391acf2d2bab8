// What every request handler can reach: the database, configuration, logger and response cache.
import type { ParameterizedContext } from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, Sql } from './db/index.ts';
import type { RateLimits } from './middleware/rate-limit.ts';
import type { ResponseCache } from './middleware/response-cache.ts';

/** The signed-in user as request handlers see it (re-read from the database on every request). */
export type SessionUser = {
  id: number;
  email: string | null;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
};

export type AppState = {
  user?: SessionUser;
  /** The response is an app page, whose inline loader (api/web/preload.ts) the Content-Security-Policy admits. */
  appPage?: boolean;
  /** The request is a write that changes nothing any visitor shares (signing out): no cache is invalidated. */
  changesNoSharedData?: boolean;
  /** The probe agent a request's bearer token names (the agent API). */
  agent?: { id: number; region: string };
};
export type AppContext = {
  sql: Sql;
  db: Database;
  config: Config;
  log: Logger;
  cache: ResponseCache;
  /** Abuse limits shared through the database (use the `rateLimit(name)` route middleware). */
  rateLimits: RateLimits;
};
export type AppCtx = ParameterizedContext<AppState, AppContext>;
export type AppRouter = Router<AppState, AppContext>;

/**
 * A router of the app. Its routes answer only their paths exactly as written: '/API/contact' is not '/api/contact'.
 * The guards before the routers (CSRF, sessions, caching) compare paths as written, so a route answering another
 * spelling would be reached past them. (Percent-encoded spellings never match: paths are not decoded.)
 */
export function createRouter(prefix?: string): AppRouter {
  return new Router<AppState, AppContext>({ ...(prefix && { prefix }), sensitive: true });
}
