// Long link lists beside a page (the sidebars: up to 90 chains, Browse by Blockchain, Supported Chains) drawn a
// batch at a time. The HTML and the hydration carry the first batch only — every row parsed, styled and hydrated
// before the page answers is main-thread time a phone spends with the page frozen — and the next batch is drawn
// when the list's end comes within a screen of the viewport, or when "Show more" is pressed (keyboards, screen
// readers). A list mounted after the first render (a client-side navigation) draws everything at once, so scroll
// restoration finds the page as long as it was. The pages' own lists (provider and chain cards) are always whole.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

export const FIRST_BATCH = 12;
const NEXT_BATCH = 24;
/** Shorter lists (the header's menus, most search results) are drawn whole. */
const SHORT_LIST = 2 * FIRST_BATCH;

/** Set once the first render's effects have run; never on the server (no effects there). */
let firstRenderDone = false;

/**
 * How many of `total` items to draw now, and the list's last item while more remain: a "Show more {noun}"
 * button that also presses itself as it nears the viewport.
 */
export function useShowMore(total: number, noun: string, className?: string): { shown: number; showMore: ReactNode } {
  const [count, setCount] = useState(() => (firstRenderDone ? Infinity : FIRST_BATCH));
  useEffect(() => {
    firstRenderDone = true;
  }, []);
  const shown = total <= SHORT_LIST ? total : Math.min(count, total);
  const showMore = shown < total && (
    <li key="show-more" className={cn('list-none', className)}>
      <ShowMoreButton label={`Show more ${noun}`} shown={shown} onShow={() => setCount(shown + NEXT_BATCH)} />
    </li>
  );
  return { shown, showMore };
}

/** The same button for every batch, so a keyboard user's focus stays on it after pressing. */
function ShowMoreButton({ label, shown, onShow }: { label: string; shown: number; onShow: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const show = useRef(onShow);
  show.current = onShow;
  // A new observer per batch (`shown`): it reports at once if the end is still near after the last one.
  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && show.current(), {
      rootMargin: '100% 0px',
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [shown]);
  return (
    <Button ref={ref} variant="outline" className="w-full" onClick={onShow}>
      {label}
    </Button>
  );
}
