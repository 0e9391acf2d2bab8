import { useMemo } from 'react';
import { cn } from '../lib/cn.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';

/** Server-provided rich text, sanitised, with readable typography. Renders nothing for empty HTML. */
export function HtmlContent({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!clean.trim()) return null;
  return <div className={cn('prose-content', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
