// Layout of the legal pages (/terms, /privacy): title, date, a table of contents and numbered sections.
import type { ReactNode } from 'react';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { Page } from './page.tsx';
import { Card } from './ui/card.tsx';

export const LEGAL_LAST_UPDATED = 'January 2025';

export type LegalSection = { id: string; title: string; body: ReactNode };

export function LegalDocument({
  title,
  intro,
  sections,
  crumb,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  crumb: string;
}) {
  return (
    <Page>
      {/* The breadcrumbs in the reading column too, so they line up with the title rather than the page edge. */}
      <div className="mx-auto max-w-3xl">
        <Breadcrumbs items={[{ label: crumb }]} />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className="prose-content mt-6">{intro}</div>
        <Card className="mt-8 p-5">
          <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">Contents</h2>
          <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm sm:grid-cols-2">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-accent-700 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </Card>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-24">
            <h2 id={`${s.id}-title`} className="text-xl font-semibold text-slate-900">
              {i + 1}. {s.title}
            </h2>
            <div className="prose-content mt-3">{s.body}</div>
          </section>
        ))}
      </div>
    </Page>
  );
}
