import { describe, expect, it } from 'vitest';
import { chainKindFromEndpoints } from './key-rule.ts';

describe('the key rule', () => {
  it('a provider serves a chain publicly only when at least one of its endpoints listed there needs no key', () => {
    expect(chainKindFromEndpoints([{ needsApiKey: false }])).toBe('public-endpoint');
    expect(chainKindFromEndpoints([{ needsApiKey: true }, { needsApiKey: false }])).toBe('public-endpoint');
    // Every listed endpoint needs a key (Dwellir's and Owlracle's on Base): API key only.
    expect(chainKindFromEndpoints([{ needsApiKey: true }, { needsApiKey: true }])).toBe('api-key');
    // None listed: the chain is known from the provider's published coverage (Infura's documentation on Base).
    expect(chainKindFromEndpoints([])).toBe('api-key');
  });
});
