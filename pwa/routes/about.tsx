import { createFileRoute } from '@tanstack/react-router';
import { metaForAbout } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/about')({
  component: () => <PlaceholderPage title="About RPC Atlas Directory" meta={metaForAbout(siteOrigin(), null)} />,
});
