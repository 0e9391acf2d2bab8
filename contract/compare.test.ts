import { describe, expect, it } from 'vitest';
import { bestOf, compareChains, compareSlugs } from './compare.ts';
import { paths } from './urls.ts';

const chain = (id: number) => ({ id, name: `C${id}`, slug: `c${id}`, iconUrl: null, color: '#000000' });
const serving = (...ids: number[]) => ({ chains: ids.map(chain) });

describe('compareSlugs', () => {
  it('reads the comma list, without blanks or repeats, at most four', () => {
    expect(compareSlugs(' Alchemy, infura,,alchemy ,ankr,quicknode,drpc')).toEqual([
      'alchemy',
      'infura',
      'ankr',
      'quicknode',
    ]);
    expect(compareSlugs(undefined)).toEqual([]);
    expect(compareSlugs(['a', 'b'])).toEqual([]);
  });

  it('writes the shareable path back', () => {
    expect(paths.compare('alchemy', 'infura')).toBe('/compare?providers=alchemy,infura');
    expect(paths.compare()).toBe('/compare');
  });
});

describe('compareChains', () => {
  it('finds the chains all serve and those only one serves', () => {
    const { common, unique } = compareChains([serving(1, 2, 3), serving(2, 3, 4), serving(3, 2, 5)]);
    expect(common.map((c) => c.id)).toEqual([2, 3]);
    expect(unique.map((u) => u.map((c) => c.id))).toEqual([[1], [4], [5]]);
  });

  it('says how each provider serves a common chain (a list without kinds listed public endpoints)', () => {
    const keyed = (id: number) => ({ ...chain(id), kind: 'api-key' as const });
    const { common, unique } = compareChains([
      { chains: [chain(1), keyed(2), keyed(3)] },
      { chains: [{ ...chain(1), kind: 'public-endpoint' as const }, chain(2)] },
    ]);
    expect(common.map((c) => [c.id, c.kinds])).toEqual([
      [1, ['public-endpoint', 'public-endpoint']],
      [2, ['api-key', 'public-endpoint']],
    ]);
    expect(unique[0]).toEqual([keyed(3)]);
  });
});

describe('bestOf', () => {
  it('marks the best values only where they differ', () => {
    expect([...bestOf([4.5, 3, 4.5])]).toEqual([0, 2]);
    expect([...bestOf([2, 2, 2])]).toEqual([]);
    expect([...bestOf([10, 3], 'lower')]).toEqual([1]);
    expect([...bestOf([null, 3])]).toEqual([1]);
    expect([...bestOf([null, null])]).toEqual([]);
  });
});
