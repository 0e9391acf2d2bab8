// The one order of a chain's RPC endpoints, shared by every place that lists or hands them out (the
// endpoint table, provider cards on a chain page, "Add to wallet", connect snippets): usable without an API key
// first, then by Chainlist's privacy label (no tracking, limited, unknown, tracking); the dataset's order otherwise.
import type { RpcEndpoint } from './chains.ts';

const PRIVACY_ORDER: Record<RpcEndpoint['tracking'], number> = { none: 0, limited: 1, unspecified: 2, yes: 3 };

/** What ranking reads of an endpoint. */
export type RankableEndpoint = Pick<RpcEndpoint, 'needsApiKey' | 'tracking'>;

export function compareEndpoints(a: RankableEndpoint, b: RankableEndpoint): number {
  return Number(a.needsApiKey) - Number(b.needsApiKey) || PRIVACY_ORDER[a.tracking] - PRIVACY_ORDER[b.tracking];
}

/** A sorted copy (Array.prototype.sort is stable: ties keep the dataset's order). */
export function rankEndpoints<T extends RankableEndpoint>(endpoints: readonly T[]): T[] {
  return [...endpoints].sort(compareEndpoints);
}
