// Work that can wait for a quiet moment. Safari has no requestIdleCallback: a short timer stands in there.
import { pageAnswers } from './early-clicks.ts';

/** Runs `job` when the browser is idle, or after `timeoutMs` at most; returns a function that cancels it. */
export function whenIdle(job: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(job, Math.min(500, timeoutMs));
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(job, { timeout: timeoutMs });
  return () => cancelIdleCallback(id);
}

/**
 * Runs `job` at the first idle moment after the page's load event and the app's taking over of the page (its
 * hydration, or 2 s after both at most); returns a canceller.
 */
export function atIdleAfterLoad(job: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  const idle = () =>
    void pageAnswers.then(() => {
      if (!cancelled) cancelIdle = whenIdle(job, 2000);
    });
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    cancelIdle?.();
  };
}

/**
 * How long after the page has loaded the work that can wait longer waits (the outbox of an earlier visit, the
 * tracking settings' refresh): the first seconds belong to the page the visitor opened — its hydration, their
 * reading and tapping.
 */
export const BACKGROUND_AFTER_LOAD_MS = 5000;

/**
 * Runs `job` once the page has loaded and BACKGROUND_AFTER_LOAD_MS more have passed, when the browser is idle (or
 * 2 s later at most); returns a function that cancels it.
 */
export function afterLoad(job: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    timer = setTimeout(() => {
      cancelIdle = whenIdle(job, 2000);
    }, BACKGROUND_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    clearTimeout(timer);
    cancelIdle?.();
  };
}
