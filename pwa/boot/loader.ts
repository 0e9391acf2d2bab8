// The inline loader at the end of every server-rendered page (api/web/preload.ts inlines this file's code, as
// esbuild writes it without types, and the Content-Security-Policy admits it by its hash). It runs before the app:
// nothing here may import, and it must stay one function that only uses its parameters and the browser's globals.

/**
 * Adds the page's scripts (named in the JSON of #`scriptsId`) once the page has painted, `perTask` modulepreloads per
 * task, and holds back the buttons pressed meanwhile; `window[replayGlobal]()` (pwa/lib/early-clicks.ts) presses them
 * again once the app answers, and removes itself.
 */
export function bootLoader(scriptsId: string, replayGlobal: string, perTask: number): void {
  const { entry, preloads } = JSON.parse(document.getElementById(scriptsId)!.textContent!) as {
    entry: string;
    preloads: string[];
  };
  const early: HTMLButtonElement[] = [];
  const holdBack = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const button = target?.closest?.('button');
    // A form with its own action (the header's search) works without scripts: its submit goes through.
    if (!button || (button.type === 'submit' && button.form?.hasAttribute('action'))) return;
    event.preventDefault();
    event.stopPropagation();
    if (!early.includes(button)) early.push(button); // a double press counts once
  };
  document.addEventListener('click', holdBack, true);
  const globals = window as unknown as Record<string, (() => void) | undefined>;
  globals[replayGlobal] = () => {
    delete globals[replayGlobal];
    document.removeEventListener('click', holdBack, true);
    const Press = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
    for (const button of early.splice(0)) {
      if (!button.isConnected) continue;
      // Radix menus open on pointerdown, everything else on click: both, as a press makes them.
      button.dispatchEvent(
        new Press('pointerdown', {
          bubbles: true,
          cancelable: true,
          button: 0,
          isPrimary: true,
          pointerType: 'mouse',
        } as PointerEventInit),
      );
      button.click();
    }
  };
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    const add = (tag: 'script' | 'link', props: Record<string, string>) =>
      document.head.append(Object.assign(document.createElement(tag), { crossOrigin: '', ...props }));
    add('script', { type: 'module', src: entry });
    // Each element costs a resource lookup (about 1 ms on a phone, and a page has 20-40): a few per task, so that
    // adding them is never one long task.
    const more = (from: number) => {
      for (const href of preloads.slice(from, from + perTask)) add('link', { rel: 'modulepreload', href });
      if (from + perTask < preloads.length) setTimeout(() => more(from + perTask));
    };
    more(0);
  };
  requestAnimationFrame(() => setTimeout(load));
  setTimeout(load, 1000);
}
