// Search API: GET /api/search?q={term}.
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from './parsed.ts';

export const searchKeys = {
  all: ['/api/search'] as const,
  term: (q: string) => [...searchKeys.all, { q }] as const,
};

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.term(q),
    queryFn: () => getParsed(`/api/search?q=${encodeURIComponent(q)}`, (s) => s.searchResultSchema),
    enabled: q.trim().length > 0,
  });
