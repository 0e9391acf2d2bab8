// The local identity provider's sign-in page. Contract (tests and people rely on it): an
// <input name="email" type="email"> labelled "Email", a "Sign in" button, and a plain statement
// that this is the local development sign-in.
import { PRODUCT_NAME } from '../config.ts';
import { escapeHtml } from '../lib/html.ts';

export function renderSignInPage({ action, error, email = '' }: { action: string; error?: string; email?: string }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Local development sign-in · ${PRODUCT_NAME}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; margin: 0; }
  main { max-width: 24rem; margin: 4rem auto; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; padding: 2rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
  p { color: #475569; font-size: 0.9rem; line-height: 1.4; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
  input { width: 100%; box-sizing: border-box; padding: 0.6rem; font-size: 1rem; border: 1px solid #cbd5e1; border-radius: 0.5rem; }
  button { margin-top: 1rem; width: 100%; padding: 0.7rem; font-size: 1rem; border: 0; border-radius: 0.5rem; background: #2563eb; color: #fff; cursor: pointer; }
  .error { color: #b91c1c; }
</style>
</head>
<body>
<main>
  <h1>Local development sign-in</h1>
  <p>This is the local development sign-in of ${PRODUCT_NAME}, used because Google sign-in is not configured.
     Any e-mail address signs in, without a password; addresses listed in ADMIN_EMAILS become administrators.</p>
  <form method="post" action="${escapeHtml(action)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(email)}">
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <button type="submit">Sign in</button>
  </form>
</main>
</body>
</html>
`;
}
