// The one rule for "needs a key": whether a provider serves a chain with a public endpoint or with an API key only.
// Every answer and page that shows or filters it reads the API's `kind`, which the providers query computes by this
// same rule from the endpoints it stores (sql/queries/providers.ts, `chainKind`).
import type { ChainKind } from './providers.ts';

/**
 * How a provider serves a chain, from its endpoints listed on that chain: 'public-endpoint' when at least one of
 * them needs no key; 'api-key' otherwise — all of them need a key, or none is listed and the chain is known only
 * from the provider's published coverage (or an admin's link).
 */
export function chainKindFromEndpoints(endpoints: readonly { needsApiKey: boolean }[]): ChainKind {
  return endpoints.some((e) => !e.needsApiKey) ? 'public-endpoint' : 'api-key';
}
