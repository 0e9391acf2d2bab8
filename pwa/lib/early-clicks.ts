// What the visitor did before the app hydrated: the server-rendered page's loader held back the buttons they
// pressed (api/web/preload.ts, scriptsAfterPaint), and what they typed is in the fields but not in React's state.
// Once React answers, the typed text is handed to it and the buttons are pressed again, in that order.

/**
 * The global the loader leaves behind: presses the held-back buttons again, stops holding clicks and removes
 * itself (so its absence means the page answers: the browser tests wait for that).
 */
export const EARLY_CLICKS_GLOBAL = '__rpcAtlasReplayEarlyClicks';

/** Fields whose text the visitor may have typed (checkboxes, radios and files keep their own state). */
const TEXT_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

export function replayEarlyClicks() {
  const replay = (window as unknown as Record<string, (() => void) | undefined>)[EARLY_CLICKS_GLOBAL];
  if (!replay) return; // not a server-rendered page, or already done
  // Read all first: each change re-renders, and React then sets every other controlled field to its state.
  const typedFields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => [field, field.value] as const);
  for (const [field, typed] of typedFields) {
    // React took the typed text for the rendered one when it hydrated: the field is set back to what was rendered
    // (React notes that), the typed text put in past React's note (the element's own setter), and the input event
    // is then a change to React, so the field's onChange runs with it.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  replay();
}
