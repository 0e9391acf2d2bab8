import { createFileRoute } from '@tanstack/react-router';
import { metaForTerms } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/terms')({
  component: () => <PlaceholderPage title="Terms of Service" meta={metaForTerms(siteOrigin())} />,
});
