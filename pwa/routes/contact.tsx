import { createFileRoute } from '@tanstack/react-router';
import { metaForContact } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/contact')({
  component: () => <PlaceholderPage title="Contact Us" meta={metaForContact(siteOrigin())} />,
});
