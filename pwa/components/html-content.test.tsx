// Rich text hydrates before its sanitiser has loaded: the server's sanitised HTML stays as it is and the sanitiser is
// not even loaded for it; HTML drawn in the browser (new data, a fresh render) is sanitised there, and nothing
// unsanitised is ever drawn.
import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import * as sanitizer from '../lib/sanitize.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HOSTILE = '<p>Fast <b>archive</b> nodes<img src="x" onerror="alert(1)"></p>';
const NEWER = '<p>Now with <i>traces</i><script>alert(2)</script></p>';

/** Every state of `container` from now on. */
function watch(container: Element): string[] {
  const drawn: string[] = [];
  new MutationObserver(() => drawn.push(container.innerHTML)).observe(container, {
    subtree: true,
    childList: true,
    attributes: true,
  });
  return drawn;
}

it('keeps the server-sanitised HTML through hydration without loading the sanitiser, and sanitises new HTML', async () => {
  const server = await import('./html-content.tsx');
  server.provideSanitizer(sanitizer);
  const html = renderToString(<server.HtmlContent html={HOSTILE} />);
  expect(html).toContain('archive');
  expect(html).not.toContain('onerror');

  // The browser: fresh copies of the modules, whose sanitiser has not loaded yet.
  vi.resetModules();
  const browser = await import('./html-content.tsx');
  const loads = vi.fn();
  vi.doMock('../lib/sanitize.ts', async (original) => {
    loads();
    return original();
  });
  let show: (html: string) => void = () => {};
  function Page() {
    const [content, setContent] = useState(HOSTILE);
    show = setContent;
    return <browser.HtmlContent html={content} />;
  }
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const serverNodes = [...container.querySelectorAll('*')];
  const drawn = watch(container);
  const recoverable = vi.fn();
  const root = await act(async () => hydrateRoot(container, <Page />, { onRecoverableError: recoverable }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(container.textContent).toBe('Fast archive nodes'); // hydrated, the server's nodes themselves in place
  expect([...container.querySelectorAll('*')]).toEqual(serverNodes);
  expect(drawn).toEqual([]);
  expect(loads).not.toHaveBeenCalled();
  expect(recoverable).not.toHaveBeenCalled();

  await act(async () => show(NEWER)); // new data: the sanitiser loads and draws it sanitised
  await vi.waitFor(() => expect(container.textContent).toBe('Now with traces'));
  expect(loads).toHaveBeenCalledTimes(1);
  expect(drawn.every((h) => !h.includes('onerror') && !h.includes('<script'))).toBe(true);
  act(() => root.unmount());
  vi.doUnmock('../lib/sanitize.ts');
});

it('sanitises HTML it draws without a server copy (the offline shell, another page)', async () => {
  vi.resetModules();
  const { HtmlContent } = await import('./html-content.tsx');
  const container = document.body.appendChild(document.createElement('div'));
  const drawn = watch(container);
  const root = createRoot(container);
  await act(async () => root.render(<HtmlContent html={HOSTILE} />));
  await vi.waitFor(() => expect(container.textContent).toBe('Fast archive nodes'));
  expect(drawn.every((h) => !h.includes('onerror'))).toBe(true);
  act(() => root.unmount());
});

it('draws nothing for empty HTML, and a hidden empty box when sanitising leaves nothing', async () => {
  const { HtmlContent, provideSanitizer } = await import('./html-content.tsx');
  provideSanitizer(sanitizer);
  expect(renderToString(<HtmlContent html="  " />)).toBe('');
  expect(renderToString(<HtmlContent html="<script>alert(1)</script>" />)).toMatch(
    /^<div class="prose-content empty:hidden"><\/div>$/,
  );
});
