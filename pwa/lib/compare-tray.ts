// The comparison tray: the providers a visitor collected with the cards' "Compare" toggle (at most COMPARE_MAX),
// kept in localStorage so it survives reloads and follows the visitor across tabs. Read with useCompareTray().
import { useSyncExternalStore } from 'react';
// zod's small build: the tray is read as the app starts, and the full zod would weigh on every page's first load.
import * as z from 'zod/mini';
import { COMPARE_MAX } from '../../contract/compare.ts';
import { OFFLINE } from '../offline/keys.ts';

export type TrayItem = { slug: string; name: string };
const traySchema = z.array(z.object({ slug: z.string(), name: z.string() })).check(z.maxLength(COMPARE_MAX));

const listeners = new Set<() => void>();
const EMPTY: readonly TrayItem[] = [];
let cached: { raw: string | null; items: readonly TrayItem[] } = { raw: null, items: EMPTY };

/** The tray as stored (the same array until it changes, as useSyncExternalStore needs); empty when unreadable. */
export function readTray(): readonly TrayItem[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(OFFLINE.compareTrayKey);
  } catch {
    return EMPTY; // storage blocked (private mode settings): the tray simply stays empty
  }
  if (raw !== cached.raw) {
    const parsed = raw === null ? undefined : traySchema.safeParse(safeJson(raw)).data;
    cached = { raw, items: parsed ?? EMPTY };
  }
  return cached.items;
}

const safeJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

function write(items: readonly TrayItem[]) {
  try {
    localStorage.setItem(OFFLINE.compareTrayKey, JSON.stringify(items));
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the tray.
  const onStorage = (event: StorageEvent) => event.key === OFFLINE.compareTrayKey && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The tray; empty on the server and in the first render, which must match it. */
export function useCompareTray(): readonly TrayItem[] {
  return useSyncExternalStore(subscribe, readTray, () => EMPTY);
}

/** Adds the provider, or removes it when it is in already; a full tray takes no more (false). */
export function toggleTray(item: TrayItem): boolean {
  const items = readTray();
  if (items.some((i) => i.slug === item.slug)) {
    write(items.filter((i) => i.slug !== item.slug));
    return true;
  }
  if (items.length >= COMPARE_MAX) return false;
  write([...items, item]);
  return true;
}

export const clearTray = () => write([]);
