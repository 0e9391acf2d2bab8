import { useMemo } from 'react';
import { cn } from '../lib/cn.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';

/** Server-provided rich text, sanitised, with readable typography. Renders nothing for empty HTML. */
export function HtmlContent({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!clean.trim()) return null;
  return <div className={cn('prose-content', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The admin-edited title and HTML at the top of /providers or /chains (spec 000 §2); nothing when both are empty. */
export function CategoryIntro({ category, label }: { category: { title: string; contentHtml: string } | undefined; label: string }) {
  if (!category || !(category.title || category.contentHtml)) return null;
  return (
    <section className="mb-8" aria-label={label}>
      {category.title && <h2 className="mb-3 text-xl font-semibold text-slate-900">{category.title}</h2>}
      <HtmlContent html={category.contentHtml} />
    </section>
  );
}
