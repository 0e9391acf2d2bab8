import { createFileRoute } from '@tanstack/react-router';
import { metaForHome } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/')({
  component: () => <PlaceholderPage title="RPC Atlas Hotlist" meta={metaForHome(siteOrigin(), null)} />,
});
