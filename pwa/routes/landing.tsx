import { createFileRoute } from '@tanstack/react-router';
import { metaForLanding } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/landing')({
  component: () => <PlaceholderPage title="Find the Best RPC Providers for Blockchain Development" meta={metaForLanding(siteOrigin())} />,
});
