import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './dates.ts';

describe('formatDay', () => {
  it('writes what en-US medium date style writes in UTC, for every month and around midnight', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    const days = Array.from({ length: 12 }, (_, m) => [
      `2026-${String(m + 1).padStart(2, '0')}-01T00:00:00Z`,
      `2025-${String(m + 1).padStart(2, '0')}-28T23:59:59.999Z`,
    ]).flat();
    for (const iso of [...days, '1999-12-31T23:30:00-02:00', '2026-11-23T21:55:27.123456+00:00']) {
      expect(formatDay(iso)).toBe(intl.format(new Date(iso)));
    }
  });
});

describe('formatDateTime', () => {
  it('writes the UTC day and time', () => {
    expect(formatDateTime('2026-11-23T21:05:27Z')).toBe('Nov 23, 2026, 21:05 UTC');
  });
});
