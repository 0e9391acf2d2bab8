// Requests answered by the app's own handler in this process, without a socket: a page render's API reads (with the
// visitor's cookies) and the response cache's background refreshes go through every middleware a visitor's would.
import type Koa from 'koa';
import inject from 'light-my-request';

/** A Koa app, whatever its context's type. */
export type InProcessApp = Pick<Koa, 'callback'>;

const handlers = new WeakMap<InProcessApp, ReturnType<Koa['callback']>>();

export function requestInProcess(app: InProcessApp, url: string, headers: Record<string, string>, method = 'GET') {
  let handler = handlers.get(app);
  if (!handler) handlers.set(app, (handler = app.callback()));
  return inject(handler, { method: method as 'GET', url, headers });
}
