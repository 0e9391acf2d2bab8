import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arithmeticCaptcha,
  captchaAnswer,
  captchaQuestion,
  isCaptchaSolved,
  sumCaptcha,
  type Random,
} from './captcha.ts';

/** A random source replaying the given values. */
const replay = (...values: number[]): Random => {
  let i = 0;
  return () => values[i++ % values.length];
};
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('sumCaptcha (contact page)', () => {
  it('adds two numbers from 1 to 10, whatever the random source gives', () => {
    fc.assert(
      fc.property(unit, unit, (x, y) => {
        const c = sumCaptcha(replay(x, y));
        expect(c.op).toBe('+');
        for (const n of [c.a, c.b]) expect(n >= 1 && n <= 10 && Number.isInteger(n)).toBe(true);
        expect(captchaAnswer(c)).toBe(c.a + c.b);
      }),
    );
  });
  it('reaches both ends of the range', () => {
    expect(sumCaptcha(replay(0, 0.9999))).toEqual({ a: 1, b: 10, op: '+' });
  });
});

describe('arithmeticCaptcha (contact dialog)', () => {
  it('is a sum or a non-negative difference of numbers from 1 to 10', () => {
    fc.assert(
      fc.property(unit, unit, unit, (x, y, z) => {
        const c = arithmeticCaptcha(replay(x, y, z));
        for (const n of [c.a, c.b]) expect(n >= 1 && n <= 10 && Number.isInteger(n)).toBe(true);
        expect(captchaAnswer(c)).toBeGreaterThanOrEqual(0);
        expect(captchaAnswer(c)).toBe(c.op === '+' ? c.a + c.b : c.a - c.b);
      }),
    );
  });
  it('puts the larger number first in a difference', () => {
    expect(arithmeticCaptcha(replay(0.1, 0.75, 0.9))).toEqual({ a: 8, b: 2, op: '-' });
    expect(arithmeticCaptcha(replay(0.1, 0.75, 0.2))).toEqual({ a: 2, b: 8, op: '+' });
  });
  it('asks both kinds over many draws', () => {
    const ops = new Set(Array.from({ length: 200 }, () => arithmeticCaptcha().op));
    expect(ops).toEqual(new Set(['+', '-']));
  });
});

describe('checking an answer', () => {
  const c = { a: 7, b: 3, op: '-' } as const;
  it('accepts the right whole number, with surrounding spaces', () => {
    expect(isCaptchaSolved(c, '4')).toBe(true);
    expect(isCaptchaSolved(c, ' 4 ')).toBe(true);
    expect(isCaptchaSolved({ a: 7, b: 3, op: '+' }, '10')).toBe(true);
  });
  it('rejects wrong, empty and non-integer answers', () => {
    for (const wrong of ['5', '10', '', ' ', '4.0', '4a', '0x4', '+4', '04x'])
      expect(isCaptchaSolved(c, wrong)).toBe(false);
  });
  it('phrases the question with the operator', () => {
    expect(captchaQuestion({ a: 7, b: 3, op: '+' })).toBe('What is 7 + 3?');
    expect(captchaQuestion(c)).toBe('What is 7 − 3?');
  });
});
