// GET /api/search?q=: providers and chains whose name or description contains the term.
import { z } from 'zod';
import { providerListSchema } from './providers.ts';
import { chainWithStatsListSchema } from './chains.ts';

export const SEARCH_TERM_MAX = 200;
/** Each list is cut at this many results, best matches first. */
export const SEARCH_RESULT_LIMIT = 100;

export const searchQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_TERM_MAX, `Search term must be ${SEARCH_TERM_MAX} characters or less`).default(''),
});

export const searchResultSchema = z.object({
  providers: providerListSchema,
  chains: chainWithStatsListSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;
