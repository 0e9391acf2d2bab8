import { createFileRoute } from '@tanstack/react-router';
import { metaForNotFound } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/chains/$slug')({
  component: ChainPage,
});

function ChainPage() {
  const { slug } = Route.useParams();
  return <PlaceholderPage title={slug} meta={metaForNotFound(siteOrigin(), `/chains/${slug}`)} />;
}
