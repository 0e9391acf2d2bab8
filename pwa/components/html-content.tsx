import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { cn } from '../lib/cn.ts';

// The sanitiser (DOMPurify, 11 KB gzip) is not part of a page's first scripts. A server-rendered page already
// holds the HTML, sanitised by the same code on the server, and React keeps it as it is while it hydrates (it
// neither compares nor rewrites dangerouslySetInnerHTML then). The sanitiser loads only when a render needs it:
// content drawn in the browser (another page, new data, the offline shell). Until then nothing is drawn from the
// HTML: never the unsanitised text.
type Sanitizer = Pick<typeof import('../lib/sanitize.ts'), 'sanitizeHtml' | 'sanitizeAdHtml'>;
let sanitizer: Sanitizer | undefined;
let loading: Promise<Sanitizer> | undefined;
const loadSanitizer = () => (loading ??= import('../lib/sanitize.ts').then((module) => (sanitizer = module)));

/** The server's render draws the sanitised HTML at once, with its own sanitiser (pwa/entry-server.tsx). */
export function provideSanitizer(module: Sanitizer): void {
  sanitizer = module;
}

const subscribeToNothing = () => () => {};

/**
 * `html` sanitised by the sanitiser's function `pick`; '' until the sanitiser has loaded — which it is only asked to
 * when there is HTML and the page does not already show the server's copy of this very `html`.
 */
export function useSanitized(html: string, pick: keyof Sanitizer): string {
  // React reads the server snapshot while it hydrates, and only then: `hydrated` is the HTML the server drew here.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [hydrated] = useState(() => (hydrating ? html : undefined));
  const needsSanitizer = html.trim() !== '' && html !== hydrated;
  const [ready, setReady] = useState(sanitizer);
  useEffect(() => {
    if (!ready && needsSanitizer) void loadSanitizer().then(setReady);
  }, [ready, needsSanitizer]);
  return useMemo(() => (ready ? ready[pick](html) : ''), [ready, html, pick]);
}

/**
 * Server-provided rich text, sanitised, with readable typography. Renders nothing for empty HTML (and an empty,
 * hidden box when sanitising leaves nothing: the server and the hydrating browser must draw the same elements).
 */
export function HtmlContent({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useSanitized(html ?? '', 'sanitizeHtml');
  if (!html?.trim()) return null;
  return (
    <div
      className={cn('prose-content empty:hidden', className)}
      dangerouslySetInnerHTML={{ __html: clean }}
      suppressHydrationWarning
    />
  );
}

/** The admin-edited title and HTML at the top of /providers or /chains; nothing when both are empty. */
export function CategoryIntro({
  category,
  label,
}: {
  category: { title: string; contentHtml: string } | undefined;
  label: string;
}) {
  if (!category || !(category.title || category.contentHtml)) return null;
  return (
    <section className="mb-8" aria-label={label}>
      {category.title && <h2 className="mb-3 text-xl font-semibold text-slate-900">{category.title}</h2>}
      <HtmlContent html={category.contentHtml} />
    </section>
  );
}
