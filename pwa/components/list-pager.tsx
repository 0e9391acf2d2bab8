// Full lists carry every item in the page up to LIST_PAGE_SIZE; a longer one is cut into pages with real URLs
// (`?page=2`, the other query parameters kept) linked by rel="prev"/"next", each page whole.
import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { optionalPositiveInt } from '../lib/search-params.ts';
import { buttonClasses } from './ui/button.tsx';

export const LIST_PAGE_SIZE = 200;

/** Page `page` (1-based; out of range → the nearest page) of `items`, and how many pages there are. */
export function pageOf<T>(items: readonly T[], page: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / LIST_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * LIST_PAGE_SIZE, current * LIST_PAGE_SIZE), page: current, pages };
}

/** The page of `items` the URL's `?page=` names, and its pager (nothing while the list fits on one page). */
export function useListPage<T>(items: readonly T[] | undefined): { items: readonly T[] | undefined; pager: ReactNode } {
  const { pathname, searchStr } = useRouterState({ select: (s) => s.location });
  if (!items || items.length <= LIST_PAGE_SIZE) return { items, pager: null };
  const params = new URLSearchParams(searchStr);
  const current = pageOf(items, optionalPositiveInt(params.get('page')) ?? 1);
  const href = (page: number) => {
    if (page === 1) params.delete('page');
    else params.set('page', String(page));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const pager = (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4 text-sm text-slate-600">
      {current.page > 1 ? (
        <a rel="prev" href={href(current.page - 1)} className={buttonClasses('outline', 'sm')}>
          Previous page
        </a>
      ) : (
        <span />
      )}
      <span>
        Page {current.page} of {current.pages}
      </span>
      {current.page < current.pages ? (
        <a rel="next" href={href(current.page + 1)} className={buttonClasses('outline', 'sm')}>
          Next page
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
  return { items: current.items, pager };
}
