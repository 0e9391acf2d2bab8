// Optional keyset paging of the big lists: `?limit=N&after=<cursor>`.
// Without `limit` a list answers its whole array (what clients without paging read). With it, at most N items of the same
// shape in the same order and, when more remain, `Link: <…>; rel="next"` naming the next page. The cursor
// is the last item's sort key (base64url JSON, opaque to clients): the next page starts right after that
// key, so rows written meanwhile neither repeat nor go missing as they would with offsets, and each page is
// one index range scan however deep into the list it starts.
import { z } from 'zod';
import type { AppCtx } from '../context.ts';
import type { Keyed, Page } from '../../sql/paging.ts';

export const MAX_PAGE_SIZE = 1000;

/** Parts of a sort key: an integer column, or a timestamp as microseconds since 1970 (exact in a JS number). */
export const keyPart = {
  int: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
  micros: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
};

const LIMIT_ERROR = `must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
const CURSOR_ERROR = "must be a cursor from this list's Link header";

const decodeCursor = (cursor: string): unknown => {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
};
const encodeCursor = (key: number[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * The `?limit&after` query of a list sorted by `key` (e.g. `z.tuple([keyPart.int, keyPart.int])`), for the route's
 * `validate({ query })`, which also puts the two keys in the OpenAPI document: the page asked for, or undefined for
 * the whole list. A bad value is a 400 naming the parameter.
 */
export function pageQuery(key: z.ZodType<number[]>) {
  return z
    .object({
      limit: z.coerce
        .number({ error: LIMIT_ERROR })
        .int(LIMIT_ERROR)
        .min(1, LIMIT_ERROR)
        .max(MAX_PAGE_SIZE, LIMIT_ERROR)
        .optional()
        .describe('At most this many items, and a Link rel="next" header naming the next page when more remain'),
      after: z
        .string({ error: CURSOR_ERROR })
        .transform((cursor, ctx) => {
          const parsed = key.safeParse(decodeCursor(cursor));
          if (parsed.success) return parsed.data;
          ctx.addIssue({ code: 'custom', message: CURSOR_ERROR });
          return z.NEVER;
        })
        .optional()
        .describe("The cursor of the Link header's next page (taken with limit only)"),
    })
    .refine((q) => q.after === undefined || q.limit !== undefined, {
      message: 'is only taken with limit',
      path: ['after'],
    })
    .transform(({ limit, after }): Page | undefined => (limit === undefined ? undefined : { limit, after }));
}

/**
 * A paged query's rows (one more than the page) cut to the page, and the path of the next page when more
 * remain: `path?limit=N&after=<the last row's key>`.
 */
export function pageOf<R extends Keyed>(rows: R[], page: Page, path: string): { rows: R[]; next?: string } {
  if (rows.length <= page.limit) return { rows };
  const kept = rows.slice(0, page.limit);
  return { rows: kept, next: `${path}?limit=${page.limit}&after=${encodeCursor(kept[page.limit - 1].pageKey)}` };
}

/** Answers a page's rows (a paged query's: one more than the page), presented, and the Link to the next page if any. */
export function answerPage<R extends Keyed, T>(ctx: AppCtx, rows: R[], page: Page, present: (row: R) => T) {
  const { rows: kept, next } = pageOf(rows, page, ctx.path);
  if (next) ctx.set('Link', `<${next}>; rel="next"`);
  ctx.body = kept.map(present);
}
