import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { metaForSearch } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/search')({
  validateSearch: z.object({ q: z.string().optional().catch(undefined) }),
  component: SearchPage,
});

function SearchPage() {
  const { q } = Route.useSearch();
  return <PlaceholderPage title="Search" meta={metaForSearch(siteOrigin(), q)} />;
}
