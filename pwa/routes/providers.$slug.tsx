import { createFileRoute } from '@tanstack/react-router';
import { metaForNotFound } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/providers/$slug')({
  component: ProviderPage,
});

function ProviderPage() {
  const { slug } = Route.useParams();
  return <PlaceholderPage title={slug} meta={metaForNotFound(siteOrigin(), `/providers/${slug}`)} />;
}
