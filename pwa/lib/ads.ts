// Inline ads in provider lists: one ad block after every Nth card, never after the last card.
import { LIMITS } from './site.ts';

/** The ad's frequency string as a number; missing or invalid → 5, never below 1. */
export function adFrequency(frequency: string | null | undefined): number {
  const n = Number.parseInt(frequency ?? '', 10);
  if (!Number.isFinite(n)) return LIMITS.defaultAdFrequency;
  return Math.max(1, n);
}

export type Interleaved<T> = { kind: 'item'; item: T; index: number } | { kind: 'ad'; slot: number };

/** Items with an ad marker after every `every`-th item, except after the last item. */
export function interleaveAds<T>(items: readonly T[], every: number | null): Interleaved<T>[] {
  const out: Interleaved<T>[] = [];
  let slot = 0;
  items.forEach((item, index) => {
    out.push({ kind: 'item', item, index });
    const isLast = index === items.length - 1;
    if (every && every >= 1 && !isLast && (index + 1) % every === 0) out.push({ kind: 'ad', slot: slot++ });
  });
  return out;
}
