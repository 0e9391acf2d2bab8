// The provider comparison (/compare?providers=a,b,c): which providers a URL names, and what their lists of chains
// have in common and apart. Pure, so the page computes the same on the server, in the browser and offline.
import type { ChainRef } from './chains.ts';
import type { ChainKind, ProviderChain } from './providers.ts';

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** The slugs of `?providers=a,b,c`: trimmed, lowercased, without repeats or empties, at most COMPARE_MAX. */
export function compareSlugs(param: unknown): string[] {
  if (typeof param !== 'string') return [];
  const slugs = param
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(slugs)].slice(0, COMPARE_MAX);
}

type Served = { chains: readonly ProviderChain[] };

/** A chain every compared provider serves, with how each serves it (input order). */
export type CommonChain = ChainRef & { kinds: ChainKind[] };

/** How a provider serves a chain; answers saved offline before `kind` existed listed public endpoints only. */
export const kindOf = (chain: ProviderChain): ChainKind => chain.kind ?? 'public-endpoint';

/**
 * The chains every provider serves (with each one's kind), and per provider those no other compared provider serves
 * (input order).
 */
export function compareChains(providers: readonly Served[]): { common: CommonChain[]; unique: ProviderChain[][] } {
  const servedBy = new Map<number, Map<number, ChainKind>>();
  providers.forEach((p, i) => {
    for (const c of p.chains) {
      const kinds = servedBy.get(c.id) ?? new Map<number, ChainKind>();
      kinds.set(i, kindOf(c));
      servedBy.set(c.id, kinds);
    }
  });
  const common = providers.length
    ? providers[0].chains
        .filter((c) => servedBy.get(c.id)!.size === providers.length)
        .map(({ id, name, slug, iconUrl, color }) => ({
          id,
          name,
          slug,
          iconUrl,
          color,
          kinds: providers.map((_, i) => servedBy.get(id)!.get(i)!),
        }))
    : [];
  const unique = providers.map((p) =>
    providers.length > 1 ? p.chains.filter((c) => servedBy.get(c.id)!.size === 1) : [],
  );
  return { common, unique };
}

/**
 * Where a row of values differs, the indexes of the best ones (highest when `better` is 'higher'); none when all
 * are equal or unknown (null), so that only real differences are highlighted.
 */
export function bestOf(values: readonly (number | null)[], better: 'higher' | 'lower' = 'higher'): Set<number> {
  const known = values.filter((v): v is number => v !== null);
  if (new Set(known).size < 2 && known.length === values.length) return new Set();
  if (known.length === 0) return new Set();
  const best = better === 'higher' ? Math.max(...known) : Math.min(...known);
  return new Set(values.flatMap((v, i) => (v === best ? [i] : [])));
}
