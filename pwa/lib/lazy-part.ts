// Not in early-clicks.ts: the server imports that file before it switches React to its production build, and React
// must not be loaded before then (api/server.ts).
import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { holdPressesFor } from './early-clicks.ts';

/**
 * A lazily loaded part of a server-rendered page (React's `lazy`, made for early presses): `load()` asks for its
 * code once, and presses stay held back until it has arrived. Once it has, the part draws at once: a press replayed
 * on its server markup makes React hydrate it in that moment, and `lazy` would still suspend there (it learns that
 * its import resolved only a microtask after its first read), which dropped the press when the part's own
 * hydration pass had not come yet — a busy phone's case.
 */
export function lazyPart<P extends object>(
  importPart: () => Promise<{ default: ComponentType<P> }>,
): { Part: (props: P) => ReactNode; load: () => Promise<unknown> } {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const load = () =>
    (loading ??= holdPressesFor(
      importPart().then((module) => {
        Loaded = module.default;
      }),
    ));
  const Part = (props: P) => {
    if (!Loaded) use(load());
    return createElement(Loaded!, props);
  };
  return { Part, load };
}
