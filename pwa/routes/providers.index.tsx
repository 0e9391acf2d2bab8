import { createFileRoute } from '@tanstack/react-router';
import { metaForProviders } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/providers/')({
  component: () => <PlaceholderPage title="All RPC Providers" meta={metaForProviders(siteOrigin(), null, [])} />,
});
