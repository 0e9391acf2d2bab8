// What the visitor did before the app hydrated: the server-rendered page's loader held back the buttons they
// pressed (api/web/preload.ts, scriptsAfterPaint), and what they typed, ticked or chose is in the fields but not
// in React's state. Once React answers — and the code of every lazily loaded part the page shows has arrived — the
// fields are handed to it and the buttons are pressed again, in that order.

/**
 * The global the loader leaves behind: presses the held-back buttons again, stops holding clicks and removes
 * itself (so its absence means the page answers: the browser tests wait for that).
 */
export const EARLY_CLICKS_GLOBAL = '__rpcAtlasReplayEarlyClicks';

/** Fields whose text the visitor may have typed (checkboxes, radios and files keep their own state). */
const TEXT_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

type Replay = (() => void) | undefined;
const loaderReplay = () => (window as unknown as Record<string, Replay>)[EARLY_CLICKS_GLOBAL];

/** The imports of lazily loaded parts rendered while the loader still held presses back. */
const partsLoading: Promise<unknown>[] = [];

/**
 * A lazily loaded part's import (pwa/lib/lazy-part.ts): until it has arrived, presses stay held back. React leaves a
 * server-rendered part whose code it has not got as inert markup and drops presses on it.
 */
export function holdPressesFor<T>(load: Promise<T>): Promise<T> {
  if (typeof window === 'undefined') serverPartsLoading.add(load);
  else if (loaderReplay()) partsLoading.push(load);
  return load;
}

/** On the server: the lazily loaded parts asked for so far (a render that met one before it arrived draws again). */
const serverPartsLoading = new Set<Promise<unknown>>();
export const lazyPartsArrived = () => Promise.allSettled(serverPartsLoading);

/**
 * The options chosen in selects before hydration. React sets a select back to its rendered option as it hydrates
 * it, so the choice is noted as the app's code starts (before hydrating) and as it is made until the replay.
 */
const chosenEarly = new Map<HTMLSelectElement, string>();
const noteChoice = (select: HTMLSelectElement) => {
  if ([...select.options].some((option) => option.selected !== option.defaultSelected))
    chosenEarly.set(select, select.value);
};
const onChoice = (event: Event) => {
  if (event.target instanceof HTMLSelectElement) noteChoice(event.target);
};

/** Starts noting the selects' choices (on a server-rendered page whose presses are held back). */
export function noteEarlyChoices() {
  if (typeof document === 'undefined' || !loaderReplay()) return;
  document.querySelectorAll('select').forEach(noteChoice);
  document.addEventListener('change', onChoice, true);
}
noteEarlyChoices();

/** Sets a field's value or checked state past React's note of it (the element's own setter), as typing does. */
function setNatively(field: HTMLInputElement | HTMLTextAreaElement, property: 'value' | 'checked', value: unknown) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(field, value);
}

/** Hands React what the visitor typed, ticked and chose before it hydrated (read all first, then hand over). */
function handOverFields() {
  // Read all first: each change re-renders, and React then sets every other controlled field to its state.
  const typed = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => [field, field.value] as const);
  // A radio counts where it was chosen (the one it replaced changed only because of that).
  const ticked = [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]')].filter(
    (field) => field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked),
  );
  document.removeEventListener('change', onChoice, true);
  const chosen = [...chosenEarly].filter(([select]) => select.isConnected);
  chosenEarly.clear();

  for (const [field, text] of typed) {
    // React took the typed text for the rendered one when it hydrated: the field is set back to what was rendered
    // (React notes that), the typed text put in past React's note, and the input event is then a change to React.
    field.value = field.defaultValue;
    setNatively(field, 'value', text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const field of ticked) {
    // Back to the rendered state (React notes that), then ticked again as a click does: React sees the change.
    field.checked = field.defaultChecked;
    field.click();
  }
  // A select has no note of React's: its change event alone tells React the option chosen.
  for (const [select, value] of chosen) {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

let markAnswering = () => {};
/**
 * Resolves once the page answers the visitor: after the replay on a server-rendered page, at once on a page the app
 * draws itself. Background work (the offline copy) waits for it rather than compete with hydration.
 */
export const pageAnswers = new Promise<void>((resolve) => {
  markAnswering = resolve;
  if (typeof window !== 'undefined' && !loaderReplay()) resolve();
});

/** Once every lazily loaded part has arrived: hands over the fields, then presses the held-back buttons again. */
export async function replayEarlyClicks() {
  if (!loaderReplay()) return; // not a server-rendered page, or already done
  if (partsLoading.length) {
    await Promise.allSettled(partsLoading.splice(0));
    // In a task of its own, after React's own answer to the arrival: the part then hydrates on the press.
    await new Promise((resolve) => setTimeout(resolve));
  }
  const replay = loaderReplay();
  if (!replay) return; // a second call got here first
  handOverFields();
  replay();
  markAnswering();
}
