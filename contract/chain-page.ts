// What a chain page draws of its providers and of the other chains, made from the whole answers: the server answers
// GET /api/providers/by-chain/{id}/brief and GET /api/chains/summary?testnet&first with these, and the offline copy
// answers the same paths on the device from its saved lists, so both give the same. No zod here (types only): the
// offline store loads this module before the page needs the schemas.
import type { ChainSummary } from './chains.ts';
import type { Provider, ProviderOnChain } from './providers.ts';

/** How many of a provider's chains its card names (the rest are "+N more"). */
export const CARD_CHAIN_BADGES = 3;

/** The provider as a chain's page lists it (contract/providers.ts `providerOnChainSchema`). */
export function providerOnChain(p: Provider, chainId: number): ProviderOnChain {
  const chains = p.chains ?? [];
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    website: p.website,
    affiliateUrl: p.affiliateUrl,
    logoUrl: p.logoUrl,
    color: p.color,
    nofollowLinks: p.nofollowLinks,
    cloakedLinks: p.cloakedLinks,
    averageRating: p.averageRating,
    totalReviews: p.totalReviews,
    upvotes: p.upvotes,
    popularityScore: p.popularityScore,
    kind: chains.find((c) => c.id === chainId)?.kind ?? null,
    firstChains: chains
      .slice(0, CARD_CHAIN_BADGES)
      .map(({ id, name, kind }) => (kind === undefined ? { id, name } : { id, name, kind })),
    chainCount: p.chainIds.length,
  };
}

/** A chain's summary as GET /api/chains/summary gives it (from a whole chain, or a summary). */
export const summarizeChain = ({
  id,
  name,
  slug,
  iconUrl,
  color,
  evmChainId,
  isTestnet,
}: ChainSummary): ChainSummary => ({
  id,
  name,
  slug,
  iconUrl,
  color,
  evmChainId,
  isTestnet,
});

/** A part of the chains' summary: the chains of one kind (`testnet`) or of both, the first `first` of them or all. */
export type ChainSummarySelection = { testnet?: boolean; first?: number };

export function selectChainSummaries(
  chains: readonly ChainSummary[],
  { testnet, first }: ChainSummarySelection,
): ChainSummary[] {
  const ofKind = testnet === undefined ? chains : chains.filter((c) => c.isTestnet === testnet);
  return ofKind.slice(0, first ?? ofKind.length);
}

/** The selection a summary request's query asks for (`?testnet=true|false&first=N`); null when it is not one. */
export function chainSummarySelection(search: URLSearchParams): ChainSummarySelection | null {
  const testnet = search.get('testnet');
  const first = search.get('first');
  if ([...search.keys()].some((k) => k !== 'testnet' && k !== 'first')) return null;
  if (testnet !== null && testnet !== 'true' && testnet !== 'false') return null;
  if (first !== null && !/^[1-9]\d{0,3}$/.test(first)) return null;
  return {
    ...(testnet !== null && { testnet: testnet === 'true' }),
    ...(first !== null && { first: Number(first) }),
  };
}

/** The request path of a part of the summary (the query in one order, so one part has one path). */
export function chainSummaryPath({ testnet, first }: ChainSummarySelection): string {
  const search = new URLSearchParams();
  if (testnet !== undefined) search.set('testnet', String(testnet));
  if (first !== undefined) search.set('first', String(first));
  const query = search.toString();
  return query ? `/api/chains/summary?${query}` : '/api/chains/summary';
}
