import { createFileRoute } from '@tanstack/react-router';
import { metaForPrivacy } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/privacy')({
  component: () => <PlaceholderPage title="Privacy Policy" meta={metaForPrivacy(siteOrigin())} />,
});
