// Search API: GET /api/search?q={term}.
import { queryOptions } from '@tanstack/react-query';
import { searchResultSchema } from '../../api/search/schema.ts';
import { getJson } from '../lib/api.ts';

export const searchKeys = {
  all: ['/api/search'] as const,
  term: (q: string) => [...searchKeys.all, { q }] as const,
};

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.term(q),
    queryFn: () => getJson(`/api/search?q=${encodeURIComponent(q)}`, searchResultSchema),
    enabled: q.trim().length > 0,
  });
