import { describe, expect, it } from 'vitest';
import { providerFactsSchema } from '../../contract/facts.ts';
import { factsForm, factsInput } from './provider-facts.tsx';

describe('provider facts in the admin form', () => {
  const stored = {
    freeTier: {
      value: true,
      note: '100k requests a day',
      sourceUrl: 'https://example.com/pricing',
      asOf: '2026-11-20',
    },
    startingPrice: { value: 49, note: null, sourceUrl: 'https://example.com/pricing', asOf: '2026-11-20' },
    pricingModel: { value: 'compute units' as const, note: null, sourceUrl: 'https://example.com', asOf: '2026-11-01' },
  };

  it('round-trips stored facts; the facts not entered stay unknown (not sent)', () => {
    const form = factsForm(stored);
    expect(form.freeTier).toEqual({
      value: 'yes',
      note: '100k requests a day',
      sourceUrl: stored.freeTier.sourceUrl,
      asOf: '2026-11-20',
    });
    expect(form.archive).toEqual({ value: '', note: '', sourceUrl: '', asOf: '' });
    expect(providerFactsSchema.parse(factsInput(form))).toEqual(stored);
  });

  it('types the values typed: no → false, a price → a number; a fact with a value but no source fails', () => {
    const form = factsForm(undefined);
    form.archive = { value: 'no', note: ' ', sourceUrl: 'https://example.com', asOf: '2026-11-20' };
    form.startingPrice = { value: '12.5', note: '', sourceUrl: 'https://example.com', asOf: '2026-11-20' };
    expect(factsInput(form)).toEqual({
      archive: { value: false, note: null, sourceUrl: 'https://example.com', asOf: '2026-11-20' },
      startingPrice: { value: 12.5, note: null, sourceUrl: 'https://example.com', asOf: '2026-11-20' },
    });
    form.websocket = { value: 'yes', note: '', sourceUrl: '', asOf: '' };
    const result = providerFactsSchema.strict().safeParse(factsInput(form));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['websocket.sourceUrl', 'websocket.asOf']);
  });
});
