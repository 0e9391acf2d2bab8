// Applies a page's metadata to document.head on client-side navigation. The server rendered the same
// tags for the first URL (api/seo/meta.ts builds both), so crawlers and the SPA agree.
import { useEffect } from 'react';
import { applyPageMeta, type PageMeta } from '../../contract/meta.ts';

export type { PageMeta };

/**
 * The site's base URL as the browser sees it (canonical links are built on it). Empty while the server
 * renders the page: metadata is only applied in the browser (the server wrote the page's head itself).
 */
export const siteOrigin = (): string => (typeof window === 'undefined' ? '' : window.location.origin);

export function usePageMeta(meta: PageMeta | null | undefined): void {
  const serialized = meta ? JSON.stringify(meta) : '';
  useEffect(() => {
    if (meta) applyPageMeta(document, meta);
    // Re-applied only when the content changes, not for every render's new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialized]);
}
