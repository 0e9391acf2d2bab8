import { createFileRoute } from '@tanstack/react-router';
import { metaForChains } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/chains/')({
  component: () => <PlaceholderPage title="All Blockchain Networks" meta={metaForChains(siteOrigin(), null, [])} />,
});
