// The one fetch wrapper of the app: cookies always sent, JSON bodies, and every non-2xx
// response turned into an error whose message is "{status}: {body text or status text}".
import type { z } from 'zod';

export class ApiError extends Error {
  readonly status: number;
  /** The answer's body, parsed, when it was JSON (the API's `{ message, issues? }`). */
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The error of a non-2xx answer: "{status}: {text}" as its message, and the text parsed when it is JSON. */
export function answerError(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): only the message carries it.
  }
  return new ApiError(status, `${status}: ${text}`, body);
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw answerError(res.status, (await res.text().catch(() => '')) || res.statusText);
}

/** A field the API refused and why: one of a 400's `issues`. */
export type RefusedField = { path: PropertyKey[]; message: string };

/**
 * The API's reason for refusing a request: a client error's (4xx) `message`, and the fields its `issues` name.
 * Nothing for a server error, a network failure or an answer that is not the API's.
 */
export function refusal(error: unknown): { message: string; fields: RefusedField[] } | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  const body = error.body as { message?: unknown; issues?: unknown } | null | undefined;
  if (typeof body?.message !== 'string') return undefined;
  const issues: unknown[] = Array.isArray(body.issues) ? body.issues : [];
  const fields = issues.filter(
    (issue): issue is RefusedField =>
      Array.isArray((issue as RefusedField | null)?.path) && typeof (issue as RefusedField).message === 'string',
  );
  return { message: body.message, fields };
}

/** How requests go out: the browser's fetch, or the server's own handler when it renders a page (api/web/ssr.ts). */
let send: typeof fetch = (input, init) => fetch(input, init);
export function setApiFetch(fetchImpl: typeof fetch): void {
  send = fetchImpl;
}

/**
 * A request to the API. A FormData body (a file upload) goes as multipart, its boundary set by the browser;
 * any other body as JSON. `accept` names the answer's type (JSON unless a download asks for another).
 */
export async function apiRequest(
  method: string,
  path: string,
  body?: unknown,
  accept = 'application/json',
): Promise<Response> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await send(path, {
    method,
    credentials: 'include',
    headers: json ? { Accept: accept, 'Content-Type': 'application/json' } : { Accept: accept },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * Where GET answers are kept for offline use (pwa/offline installs it at start; unset in unit tests):
 * each successful answer is offered to `save`; when the network itself fails, `load` may answer instead.
 */
export type OfflineReads = { save: (path: string, data: unknown) => void; load: (path: string) => Promise<unknown> };
let offlineReads: OfflineReads | undefined;
export function setOfflineReads(reads: OfflineReads | undefined): void {
  offlineReads = reads;
}

/** fetch rejects (a TypeError) only when no answer came at all: offline, connection refused, DNS. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * `fetchData()`'s answer, saved for offline use under `path`; when the network itself fails, the answer
 * saved there. A read made of several requests (a paged list) is kept whole under its unpaged path. While the
 * browser knows it is offline the saved answer comes first: no read waits on a network that is not there.
 */
export async function readThrough(path: string, fetchData: () => Promise<unknown>): Promise<unknown> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const saved = await offlineReads?.load(path);
    if (saved !== undefined) return saved;
  }
  try {
    const data = await fetchData();
    offlineReads?.save(path, data);
    return data;
  } catch (error) {
    const saved = isNetworkError(error) ? await offlineReads?.load(path) : undefined;
    if (saved === undefined) throw error;
    return saved;
  }
}

/** GET a JSON resource; with a schema the response is validated (and typed) by the API's own zod schema. */
export async function getJson<T = unknown>(path: string, schema?: z.ZodType<T>): Promise<T> {
  const data = await readThrough(path, async () => (await apiRequest('GET', path)).json());
  return schema ? schema.parse(data) : (data as T);
}

/** A 401: the message starts with "401:" (the body then names the reason). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: /.test(error.message);
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
