import { describe, expect, it } from 'vitest';
import { formatRating, pluralize, reviewCountLabel, starFills, toRating } from './rating.ts';

describe('rating display', () => {
  it('shows one decimal, accepting numeric strings', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating('3.67')).toBe('3.7');
    expect(formatRating(null)).toBe('0.0');
    expect(formatRating('n/a')).toBe('0.0');
  });
  it('clamps to the 0-5 scale', () => {
    expect(toRating(7)).toBe(5);
    expect(toRating(-1)).toBe(0);
  });
  it('fills whole stars, a half star from .5, the rest empty', () => {
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(3.4)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills('4.9')).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
  it('labels review counts', () => {
    expect(reviewCountLabel(0)).toBe('(0 reviews)');
    expect(reviewCountLabel(1)).toBe('(1 review)');
    expect(reviewCountLabel(12)).toBe('(12 reviews)');
    expect(pluralize(1, 'provider')).toBe('1 provider');
    expect(pluralize(59, 'provider')).toBe('59 providers');
  });
});
