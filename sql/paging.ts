// The query side of keyset paging (api/lib/paging.ts reads `?limit&after` and answers the page).
import type { Queryable } from './db-types.ts';

/** A page request: `after` is the sort key of the previous page's last row (absent on the first page). */
export type Page = { limit: number; after?: number[] };

/** Rows of a paged query carry their sort key, e.g. `json_build_array(p.sort_rank, p.id) AS page_key`. */
export type Keyed = { pageKey: number[] };

/** A paged query's LIMIT: one row more than asked, which tells whether another page follows. */
export const pageLimit = (sql: Queryable, page: Page | undefined) => (page ? sql`LIMIT ${page.limit + 1}` : sql``);
