// /docs/api: the reference of the open API, drawn by Redoc (2.5, its standalone bundle) from GET /api/openapi.json.
// Redoc (0.9 MB) loads on this page only, once it has rendered; the server renders the introduction and the link.
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { metaForApiDocs } from '../meta/pages.ts';
import { Page, PageTitle } from '../components/page.tsx';
import { routeHead } from '../lib/page-head.ts';

const OPENAPI_URL = '/api/openapi.json';

export const Route = createFileRoute('/docs/api')({
  head: ({ match }) => routeHead(match, metaForApiDocs),
  component: ApiDocsPage,
});

/**
 * Redoc's colours that fall short of WCAG AA: its section headers on white ("Header parameters", "Response schema",
 * 2.9:1, fixed in its styles: only its extension hook reaches them), its inline code (3.9:1) and its error responses'
 * tabs on the dark panel (3.5:1).
 */
const REDOC_THEME = {
  colors: { responses: { error: { tabTextColor: '#f87171' } } },
  typography: { code: { color: '#b91c1c' } },
  extensionsHook: (component: string) => (component === 'UnderlinedHeader' ? 'color: #475569;' : ''),
};

type RedocGlobal = { init: (specUrl: string, options: object, element: HTMLElement | null) => void };

function ApiDocsPage() {
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    const script = document.createElement('script');
    script.onload = () => {
      const redoc = (window as Window & { Redoc?: RedocGlobal }).Redoc;
      if (!live) return;
      if (!redoc) return setState('failed');
      // Search runs in a blob: worker, which the Content-Security-Policy does not admit.
      redoc.init(OPENAPI_URL, { disableSearch: true, expandResponses: '200', theme: REDOC_THEME }, element.current);
      setState('ready');
    };
    script.onerror = () => live && setState('failed');
    // The bundle's address, not its code (a UMD that defines window.Redoc), asked for here only: the server renders
    // this module too, and loading the bundle there stops the process.
    void import('redoc/bundles/redoc.standalone.js?url').then(
      ({ default: url }) => {
        script.src = url;
        document.body.append(script);
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <Page breadcrumbs={[{ label: 'API reference' }]}>
      <PageTitle
        title="API reference"
        subtitle="Every public read as JSON: chains, providers, reviews, page texts and copy-ready connect snippets."
      />
      <div className="mb-6 space-y-2 text-sm text-slate-700">
        <p>
          Any site or tool may read these answers (<code>Access-Control-Allow-Origin: *</code>, no credentials). They
          change only when the directory does: send the <code>ETag</code> back as <code>If-None-Match</code> for a 304.
        </p>
        <p>
          The OpenAPI 3.1 document:{' '}
          <a href={OPENAPI_URL} className="font-medium text-link">
            {OPENAPI_URL}
          </a>
        </p>
        {state === 'loading' && (
          <p role="status" className="text-slate-500">
            Loading the reference…
          </p>
        )}
        {state === 'failed' && (
          <p role="alert" className="text-red-700">
            The reference viewer did not load; the document above has it all.
          </p>
        )}
      </div>
      <div ref={element} className="-mx-4 overflow-hidden rounded-xl border border-slate-200 bg-white sm:mx-0" />
    </Page>
  );
}
