import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, subscribeToasts, toast, TOAST_REMOVE_DELAY_MS } from './toast.ts';

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps one toast: a new one replaces the current one', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'd', variant: 'destructive' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Second', description: 'd', variant: 'destructive', open: true });
  });
  it('notifies subscribers', () => {
    const seen: string[] = [];
    const off = subscribeToasts((ts) => seen.push(ts.map((t) => t.title).join()));
    toast({ title: 'Hello' });
    off();
    toast({ title: 'Ignored' });
    expect(seen).toEqual(['Hello']);
  });
  it('a dismissed toast closes at once and is removed after the removal delay', () => {
    vi.useFakeTimers();
    const t = toast({ title: 'Bye' });
    t.dismiss();
    expect(getToasts().find((x) => x.id === t.id)?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts().find((x) => x.id === t.id)).toBeUndefined();
  });
});
