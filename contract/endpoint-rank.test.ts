import { describe, expect, it } from 'vitest';
import { rankEndpoints } from './endpoint-rank.ts';

describe('rankEndpoints', () => {
  it('puts keyless endpoints first, then by privacy label, keeping the dataset order on ties', () => {
    const endpoints = [
      { url: 'key-none', needsApiKey: true, tracking: 'none' as const },
      { url: 'yes', needsApiKey: false, tracking: 'yes' as const },
      { url: 'unspecified', needsApiKey: false, tracking: 'unspecified' as const },
      { url: 'limited', needsApiKey: false, tracking: 'limited' as const },
      { url: 'none-1', needsApiKey: false, tracking: 'none' as const },
      { url: 'none-2', needsApiKey: false, tracking: 'none' as const },
    ];
    expect(rankEndpoints(endpoints).map((e) => e.url)).toEqual(['none-1', 'none-2', 'limited', 'unspecified', 'yes', 'key-none']);
    expect(endpoints[0]!.url).toBe('key-none');
  });
});
