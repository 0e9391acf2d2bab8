// Rich text hydrates before its sanitiser has loaded: the server's sanitised HTML stays as it is, nothing
// unsanitised is ever drawn, and the browser's own sanitised copy takes over once the sanitiser is there.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import * as sanitizer from '../lib/sanitize.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HOSTILE = '<p>Fast <b>archive</b> nodes<img src="x" onerror="alert(1)"></p>';

it('keeps the server-sanitised HTML through hydration and never draws the unsanitised one', async () => {
  const server = await import('./html-content.tsx');
  server.provideSanitizer(sanitizer);
  const html = renderToString(<server.HtmlContent html={HOSTILE} />);
  expect(html).toContain('archive');
  expect(html).not.toContain('onerror');

  // The browser: a fresh copy of the module, whose sanitiser has not loaded yet.
  vi.resetModules();
  const browser = await import('./html-content.tsx');
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const drawn: string[] = [];
  new MutationObserver(() => drawn.push(container.innerHTML)).observe(container, {
    subtree: true,
    childList: true,
    attributes: true,
  });
  const recoverable = vi.fn();
  const root = await act(async () =>
    hydrateRoot(container, <browser.HtmlContent html={HOSTILE} />, { onRecoverableError: recoverable }),
  );
  expect(container.textContent).toBe('Fast archive nodes'); // hydrated, with the server's HTML in place
  await vi.waitFor(() => expect(drawn.length).toBeGreaterThan(0)); // the browser's own copy replaced it
  expect(container.textContent).toBe('Fast archive nodes');
  expect(drawn.every((h) => !h.includes('onerror'))).toBe(true);
  expect(recoverable).not.toHaveBeenCalled();
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
