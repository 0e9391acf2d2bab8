// A sign-in that did not complete is told to the person on a page of its own, in words, with a way to start
// again — never as a query string on the home page. API clients (no HTML in Accept) get the JSON error.
import type { AppCtx } from '../context.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';
import { escapeHtml } from '../lib/html.ts';

export const NO_SIGN_IN_UNDER_WAY = 'No sign-in is under way. Please start again.';

export function answerSignInFailure(ctx: AppCtx, message: string) {
  ctx.status = 400;
  ctx.set('Cache-Control', 'no-store');
  if (ctx.accepts('json', 'html') !== 'html') {
    ctx.body = { message };
    return;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Sign-in did not complete · ${escapeHtml(PRODUCT_NAME)}</title></head>
<body>
<main>
  <h1>Sign-in did not complete</h1>
  <p role="alert">${escapeHtml(message)}</p>
  <p><a href="/login">Sign in again</a> · <a href="/">Home</a></p>
</main>
</body>
</html>
`;
}
