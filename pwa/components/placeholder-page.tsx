// Temporary body of a screen that is still being built: its title and breadcrumb, so navigation works.
import type { PageMeta } from '../../contract/meta.ts';
import { Page, PageTitle } from './page.tsx';
import { usePageMeta } from './use-page-meta.ts';

export function PlaceholderPage({ title, meta }: { title: string; meta: PageMeta }) {
  usePageMeta(meta);
  return (
    <Page breadcrumbs={[{ label: title }]}>
      <PageTitle title={title} />
    </Page>
  );
}
