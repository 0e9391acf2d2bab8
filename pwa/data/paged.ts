// The big lists read page by page (`?limit=…` and the Link rel="next" header; api/lib/paging.ts) into the
// one array the unpaged path answers: query keys, screens and the offline copy (saved under the unpaged
// path) stay as they were, while at 10,000 providers no single answer runs to megabytes.
import type { z } from 'zod';
import { apiRequest, readThrough } from '../lib/api.ts';
import { loadSchemas, type Schemas } from './parsed.ts';

/**
 * Items per request: the shipped directory (59 providers, 139 chains) takes one request per list, and at
 * 10,000 providers a page is ~200 KB (bench/RESULTS.md: pages of 100 and 200 stay well under p95 50 ms at
 * 50 connections; pages of 500 did not).
 */
export const PAGE_SIZE = 200;

/** The target of a Link header's rel="next", if there is one. */
export function nextPageUrl(link: string | null): string | undefined {
  return link?.match(/<([^>]*)>\s*;\s*rel="?next"?/)?.[1];
}

/** One page of a paged list at `url`: its items (not validated yet) and the path of the next page, if any. */
export async function fetchPage(url: string): Promise<{ items: unknown[]; next: string | null }> {
  const res = await apiRequest('GET', url);
  return { items: (await res.json()) as unknown[], next: nextPageUrl(res.headers.get('Link')) ?? null };
}

/** GET every page of the list at `path` and validate the whole array with the chosen schema. */
export async function getAllPages<T>(path: string, pick: (s: Schemas) => z.ZodType<T>, pageSize = PAGE_SIZE): Promise<T> {
  const [data, schemas] = await Promise.all([
    readThrough(path, async () => {
      const items: unknown[] = [];
      for (let url: string | null = `${path}?limit=${pageSize}`; url; ) {
        const page = await fetchPage(url);
        items.push(...page.items);
        url = page.next;
      }
      return items;
    }),
    loadSchemas(),
  ]);
  return pick(schemas).parse(data);
}
