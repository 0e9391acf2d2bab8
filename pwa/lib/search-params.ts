import { localReturnPath } from '../../contract/return-to.ts';

// Parsers for URL search params in routes' validateSearch. Plain functions rather than zod so the route
// tree (in the first bundle) does not pull zod in; anything malformed simply reads as "not set".
export function optionalString(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function optionalPositiveInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export function optionalOneOf<T extends string>(values: readonly T[]) {
  return (v: unknown): T | undefined => (values.includes(v as T) ? (v as T) : undefined);
}

export function optionalBoolean(v: unknown): boolean | undefined {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  return undefined;
}

/** A path on this site, normalised as the browser will read it (localReturnPath: no '/.//host', '/\\host'…). */
export function optionalLocalPath(v: unknown): string | undefined {
  // Any origin will do: only whether resolving the path keeps it is asked.
  return typeof v === 'string' ? localReturnPath(v, 'http://site.invalid') : undefined;
}
