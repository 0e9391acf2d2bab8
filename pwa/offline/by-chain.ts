// GET /api/providers/by-chain/{id} answered on the device from the saved provider list (the offline directory
// does not carry the chains' lists: they repeat whole providers once per chain). Pure: no browser APIs, so the
// API's tests check it against the server's own answer for every chain.
import type { Provider } from '../../contract/providers.ts';

/** The request path whose answer `providersOnChain` gives, and its chain id. */
export const BY_CHAIN_PATH = /^\/api\/providers\/by-chain\/(\d+)$/;
/** The same providers as a chain page draws them (contract/chain-page.ts `providerOnChain`). */
export const ON_CHAIN_BRIEF_PATH = /^\/api\/providers\/by-chain\/(\d+)\/brief$/;

/**
 * The providers serving `chainId`, in the server's order (listProvidersByChain: total_reviews DESC, sort_rank,
 * id). `providers` is GET /api/providers, already in (sort_rank, id) order, so a stable sort by reviews
 * descending gives the same order.
 */
export function providersOnChain(providers: Provider[], chainId: number): Provider[] {
  return (
    providers
      .filter((p) => p.chainIds.includes(chainId))
      .sort((a, b) => b.totalReviews - a.totalReviews)
      // The full list's own field (its fact filters), which a chain's list does not carry.
      .map(({ foundFacts: _, ...p }) => p)
  );
}
