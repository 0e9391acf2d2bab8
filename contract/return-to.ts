// Where the browser may be sent back to after sign-in: the server's /api/login and the PWA's /login agree.

/**
 * `raw` as a path on `origin`, normalised the way the browser will read it ('/.//x' is '//x'), or undefined
 * when it would leave the site: not starting with '/', control characters, or a normalised path starting
 * with '//' or '/\' (which browsers read as another host). The answer is the normalised form, the one checked.
 */
export function localReturnPath(raw: string, origin: string): string | undefined {
  if (!raw.startsWith('/') || /\p{Cc}/u.test(raw)) return undefined;
  const url = new URL(raw, origin);
  if (url.origin !== origin || /^\/[/\\]/.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}
