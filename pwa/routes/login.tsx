import { createFileRoute } from '@tanstack/react-router';
import { metaForLogin } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/login')({
  component: () => <PlaceholderPage title="Welcome to RPC Atlas" meta={metaForLogin(siteOrigin())} />,
});
