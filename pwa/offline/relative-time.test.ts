import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000 + 30_000, '5 minutes ago'],
    [3600_000, '1 hour ago'],
    [26 * 3600_000, 'yesterday'],
    [3 * 24 * 3600_000, '3 days ago'],
    [8 * 24 * 3600_000, 'last week'],
    [400 * 24 * 3600_000, 'last year'],
  ])('%i ms ago reads "%s"', (ago, text) => {
    expect(relativeTime(now - ago, now)).toBe(text);
  });

  it('never speaks of the future (a clock set back reads "just now")', () => {
    expect(relativeTime(now + 60_000, now)).toBe('just now');
  });
});
