import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { ChainWithStats } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { SEARCH_RESULT_LIMIT } from '../../contract/search.ts';
import { searchDirectory } from './search.ts';

const provider = (id: number, name: string, description: string, popularityScore = 0) =>
  ({ id, name, description, popularityScore, slug: `p${id}` }) as Provider;
const chain = (id: number, name: string, description = '') =>
  ({ id, name, description, slug: `c${id}` }) as ChainWithStats;

const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('searchDirectory (the offline twin of GET /api/search)', () => {
  it('matches a case-insensitive substring of the name or the description', () => {
    const providers = [
      provider(1, 'Alchemy', 'Web3 APIs'),
      provider(2, 'Ankr', 'node infrastructure'),
      provider(3, 'Other', 'nothing'),
    ];
    expect(names(searchDirectory(providers, [], 'ALCH').providers)).toEqual(['Alchemy']);
    expect(names(searchDirectory(providers, [], 'web3').providers)).toEqual(['Alchemy']);
    expect(names(searchDirectory(providers, [], 'n').providers)).toEqual(['Ankr', 'Other']);
  });

  it('orders providers: exact name, then name matches, then description matches; each by popularity, then id', () => {
    const providers = [
      provider(1, 'Node Cloud', 'x', 1),
      provider(2, 'Zeta', 'runs a node', 9),
      provider(3, 'node', 'exact', 0),
      provider(4, 'Nodes Inc', 'y', 5),
      provider(5, 'Another node host', 'z', 5),
      provider(6, 'Quiet', 'node too', 9),
    ];
    expect(names(searchDirectory(providers, [], 'Node').providers)).toEqual([
      'node',
      'Nodes Inc',
      'Another node host',
      'Node Cloud',
      'Zeta',
      'Quiet',
    ]);
  });

  it('orders chains: exact name, then name matches, then description matches; each in the list order', () => {
    const chains = [
      chain(10, 'Base Sepolia'),
      chain(3, 'Polygon', 'an L2 near base'),
      chain(7, 'Base'),
      chain(1, 'Coinbase chain'),
    ];
    expect(names(searchDirectory([], chains, 'base').chains)).toEqual([
      'Base',
      'Base Sepolia',
      'Coinbase chain',
      'Polygon',
    ]);
  });

  it('treats %, _ and \\ as plain characters, as the server escapes them', () => {
    const providers = [
      provider(1, '100% uptime', ''),
      provider(2, '100 uptime', ''),
      provider(3, 'a_b', ''),
      provider(4, 'axb', ''),
    ];
    expect(names(searchDirectory(providers, [], '0%').providers)).toEqual(['100% uptime']);
    expect(names(searchDirectory(providers, [], 'a_b').providers)).toEqual(['a_b']);
  });

  it('trims the term; an empty term finds nothing', () => {
    const providers = [provider(1, 'Alchemy', '')];
    expect(names(searchDirectory(providers, [], '  alchemy  ').providers)).toEqual(['Alchemy']);
    expect(searchDirectory(providers, [chain(1, 'Ethereum')], '   ')).toEqual({ providers: [], chains: [] });
  });

  it(`cuts each list at ${SEARCH_RESULT_LIMIT}, best matches first`, () => {
    const many = Array.from({ length: SEARCH_RESULT_LIMIT + 20 }, (_, i) =>
      provider(i + 1, `Provider ${i + 1}`, '', i),
    );
    const found = searchDirectory(many, [], 'provider').providers;
    expect(found).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(found[0].id).toBe(SEARCH_RESULT_LIMIT + 20);
  });

  it('refuses the terms the server refuses (over 200 characters)', () => {
    expect(() => searchDirectory([], [], 'x'.repeat(201))).toThrow(ZodError);
  });
});
