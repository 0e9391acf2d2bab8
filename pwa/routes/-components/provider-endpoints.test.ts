import { describe, expect, it } from 'vitest';
import { groupByChain } from './provider-endpoints.tsx';
import { UNMEASURED_CAPABILITIES, UNVERIFIED_HEALTH } from '../../../contract/health-rule.ts';

const chain = (id: number, name: string) => ({ id, name, slug: name.toLowerCase(), iconUrl: null, color: '#3b82f6' });
const ep = (url: string, c: ReturnType<typeof chain>) => ({
  url,
  chain: c,
  tracking: 'none' as const,
  needsApiKey: false,
  health: UNVERIFIED_HEALTH,
  capabilities: UNMEASURED_CAPABILITIES,
});

describe('groupByChain', () => {
  it('groups endpoints by chain in first-seen order, keeping each group in order', () => {
    const eth = chain(1, 'Ethereum');
    const base = chain(8453, 'Base');
    const groups = groupByChain([ep('https://a/eth', eth), ep('https://a/base', base), ep('wss://a/eth', eth)]);
    expect(groups.map((g) => [g.chain.name, g.endpoints.map((e) => e.url)])).toEqual([
      ['Ethereum', ['https://a/eth', 'wss://a/eth']],
      ['Base', ['https://a/base']],
    ]);
  });
  it('is empty for no endpoints', () => {
    expect(groupByChain([])).toEqual([]);
  });
});
