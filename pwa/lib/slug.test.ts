import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '../../contract/fields.ts';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('makes a valid slug of a name', () => {
    expect(slugify('  Base Sepolia!  ')).toBe('base-sepolia');
    expect(slugify('Ünïcode  Chain')).toBe('unicode-chain');
    expect(slugify('--Arbitrum One (Nova)--')).toMatch(SLUG_PATTERN);
  });
});
