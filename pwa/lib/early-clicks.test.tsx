import { act, Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_CLICKS_GLOBAL, noteEarlyChoices, replayEarlyClicks } from './early-clicks.ts';
import { lazyPart } from './lazy-part.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sent: string[] = [];
function Form() {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        sent.push(`${name}|${note}`);
      }}
    >
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <textarea aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit">Send</button>
    </form>
  );
}

const globals = window as unknown as Record<string, (() => void) | undefined>;
afterEach(() => {
  document.body.innerHTML = '';
  delete globals[EARLY_CLICKS_GLOBAL];
  sent.length = 0;
});

describe('what a visitor did before hydration', () => {
  it('reaches React: the typed text first, then the held-back press', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Form />);
    // Typed into the server's HTML, and Send pressed (the loader held that press back).
    container.querySelector('input')!.value = 'Ada';
    container.querySelector('textarea')!.value = 'Hello';
    let replayed = 0;
    globals[EARLY_CLICKS_GLOBAL] = () => {
      replayed++;
      delete globals[EARLY_CLICKS_GLOBAL];
      container.querySelector('button')!.click();
    };
    const root = await act(async () => hydrateRoot(container, <Form />));
    await act(async () => replayEarlyClicks());
    expect(sent).toEqual(['Ada|Hello']);
    // Once: a second call (StrictMode's second effect run) does nothing.
    await act(async () => replayEarlyClicks());
    expect(replayed).toBe(1);
    act(() => root.unmount());
  });

  it('hands React a box ticked, a radio and an option chosen before hydration', async () => {
    const seen: string[] = [];
    function Choices() {
      const [tick, setTick] = useState(false);
      const [size, setSize] = useState('s');
      const [sort, setSort] = useState('rating');
      seen.push(`${tick}|${size}|${sort}`);
      return (
        <form>
          <input type="checkbox" aria-label="Tick" checked={tick} onChange={(e) => setTick(e.target.checked)} />
          {['s', 'l'].map((v) => (
            <input key={v} type="radio" name="size" value={v} checked={size === v} onChange={() => setSize(v)} />
          ))}
          <select aria-label="Sort" value={sort} onChange={(e) => setSort(e.target.value)}>
            <option value="rating">Rating</option>
            <option value="name">Name</option>
          </select>
        </form>
      );
    }
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Choices />);
    container.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked = true;
    container.querySelector<HTMLInputElement>('input[value=l]')!.checked = true;
    container.querySelector('select')!.value = 'name';
    globals[EARLY_CLICKS_GLOBAL] = () => {
      delete globals[EARLY_CLICKS_GLOBAL];
    };
    noteEarlyChoices(); // as the app's code starts
    const root = await act(async () => hydrateRoot(container, <Choices />));
    await act(async () => replayEarlyClicks());
    expect(seen.at(-1)).toBe('true|l|name');
    act(() => root.unmount());
  });

  it('a lazily loaded part answers a press as soon as its code has arrived, before React has drawn it', async () => {
    // On a busy phone the part's own hydration pass can come after the replay: the press then makes React hydrate
    // the part at once, which works only if the code that arrived is known to React without a further wait.
    const pressed: string[] = [];
    const Menu = () => <button onClick={() => pressed.push('menu')}>Menu</button>;
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(
      <Suspense fallback={null}>
        <Menu />
      </Suspense>,
    );
    const { Part, load } = lazyPart(() => Promise.resolve({ default: Menu }));
    // No act() here: React must not render anything before the press.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const root = hydrateRoot(
      container,
      <Suspense fallback={null}>
        <Part />
      </Suspense>,
    );
    try {
      await load();
      container.querySelector('button')!.click();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(pressed).toEqual(['menu']);
    act(() => root.unmount());
  });

  it('does nothing on a page the browser rendered itself (no loader)', () => {
    expect(() => replayEarlyClicks()).not.toThrow();
  });
});
