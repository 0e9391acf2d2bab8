// Stub so /admin resolves; the admin panel's owner replaces this file (guard + panel, spec 001 §2).
import { createFileRoute } from '@tanstack/react-router';
import { metaForAdmin } from '../../api/seo/meta.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { siteOrigin } from '../components/use-page-meta.ts';

export const Route = createFileRoute('/admin')({
  component: () => <PlaceholderPage title="Admin Panel" meta={metaForAdmin(siteOrigin())} />,
});
