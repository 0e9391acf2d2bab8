import { describe, expect, it } from 'vitest';
import {
  optionalBoolean,
  optionalLocalPath,
  optionalOneOf,
  optionalPositiveInt,
  optionalString,
} from './search-params.ts';

describe('search param parsers', () => {
  it('optionalString', () => {
    expect(optionalString('eth')).toBe('eth');
    expect(optionalString('')).toBeUndefined();
    expect(optionalString(42)).toBe('42');
    expect(optionalString({})).toBeUndefined();
  });
  it('optionalPositiveInt', () => {
    expect(optionalPositiveInt(3)).toBe(3);
    expect(optionalPositiveInt('17')).toBe(17);
    expect(optionalPositiveInt('0')).toBeUndefined();
    expect(optionalPositiveInt('1.5')).toBeUndefined();
    expect(optionalPositiveInt('x')).toBeUndefined();
    expect(optionalPositiveInt('')).toBeUndefined();
    expect(optionalPositiveInt(-2)).toBeUndefined();
  });
  it('optionalOneOf', () => {
    const sort = optionalOneOf(['rating', 'name'] as const);
    expect(sort('name')).toBe('name');
    expect(sort('bogus')).toBeUndefined();
    expect(sort(undefined)).toBeUndefined();
  });
  it('optionalBoolean', () => {
    expect(optionalBoolean(true)).toBe(true);
    expect(optionalBoolean('false')).toBe(false);
    expect(optionalBoolean('yes')).toBeUndefined();
  });
  it('optionalLocalPath', () => {
    expect(optionalLocalPath('/providers/x')).toBe('/providers/x');
    expect(optionalLocalPath('//evil.example')).toBeUndefined();
    expect(optionalLocalPath('https://evil.example')).toBeUndefined();
    // Judged after normalising, and answered normalised: these all resolve to //evil.example.
    for (const evil of [
      '/.//evil.example/phish',
      '/..//evil.example',
      '/x/..//evil.example',
      '/\\evil.example',
      '/./\\evil.example',
    ]) {
      expect(optionalLocalPath(evil)).toBeUndefined();
    }
    expect(optionalLocalPath('/a/./b/../c?d=1#e')).toBe('/a/c?d=1#e');
  });
});
