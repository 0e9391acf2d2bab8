import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adFrequency, interleaveAds } from './ads.ts';

const shape = (xs: ReturnType<typeof interleaveAds<number>>) =>
  xs.map((x) => (x.kind === 'ad' ? 'ad' : x.item)).join(',');

describe('adFrequency', () => {
  it('parses the frequency string, defaults to 5, never below 1', () => {
    expect(adFrequency('3')).toBe(3);
    expect(adFrequency('10')).toBe(10);
    expect(adFrequency(undefined)).toBe(5);
    expect(adFrequency('abc')).toBe(5);
    expect(adFrequency('0')).toBe(1);
    expect(adFrequency('-4')).toBe(1);
  });
});

describe('interleaveAds', () => {
  it('puts an ad after every Nth card but not after the last', () => {
    expect(shape(interleaveAds([1, 2, 3, 4, 5, 6, 7], 3))).toBe('1,2,3,ad,4,5,6,ad,7');
    expect(shape(interleaveAds([1, 2, 3, 4, 5, 6], 3))).toBe('1,2,3,ad,4,5,6');
    expect(shape(interleaveAds([1, 2], 5))).toBe('1,2');
  });
  it('no ads without a frequency', () => {
    expect(shape(interleaveAds([1, 2, 3], null))).toBe('1,2,3');
  });
  it('numbers the ad slots', () => {
    const slots = interleaveAds([1, 2, 3, 4, 5], 1).flatMap((x) => (x.kind === 'ad' ? [x.slot] : []));
    expect(slots).toEqual([0, 1, 2, 3]);
  });
  it('property: items keep their order, ad count is floor((n-1)/N), never first or last', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (items, every) => {
        const out = interleaveAds(items, every);
        expect(out.flatMap((x) => (x.kind === 'item' ? [x.item] : []))).toEqual(items);
        const ads = out.filter((x) => x.kind === 'ad').length;
        expect(ads).toBe(items.length ? Math.floor((items.length - 1) / every) : 0);
        if (out.length) {
          expect(out[0].kind).toBe('item');
          expect(out[out.length - 1].kind).toBe('item');
        }
      }),
    );
  });
});
