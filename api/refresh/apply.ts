// Applies the accepted items of a refresh in one transaction, each recorded with its source and admin.
import type { Sql } from '../db/index.ts';
import type { HostTable } from '../../data/upstream.ts';
import {
  insertRefreshItems,
  insertRefreshRun,
  insertRefreshedChains,
  readDirectoryForRefresh,
  removeRefreshedEndpoints,
  syncPublicEndpointLinks,
  updateRefreshedChain,
  updateRefreshedEndpoints,
  upsertRefreshedEndpoints,
  type RefreshedEndpoint,
} from '../../sql/queries/refresh.ts';
import type { EndpointProposal, RefreshItem, RefreshSource } from '../../contract/refresh.ts';
import { computeDiff, summarize, type Snapshot } from './diff.ts';

export type RefreshAdmin = { id: number | null; name: string };

/** Which items to apply: the keys an admin accepted, or every item that conflicts with no hand edit. */
export type Acceptance = { keys: Set<string> } | 'non-conflicting';

const isConflict = (item: RefreshItem) => item.kind !== 'chain-added' && item.conflict;

export async function applyRefresh(
  sql: Sql,
  snapshot: Snapshot,
  source: RefreshSource,
  hosts: HostTable,
  acceptance: Acceptance,
  admin: RefreshAdmin,
) {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(727276)`; // one refresh at a time
    const directory = await readDirectoryForRefresh(tx);
    const diff = computeDiff(snapshot, source, directory, hosts);
    const applied = diff.items.filter((item) =>
      acceptance === 'non-conflicting' ? !isConflict(item) : acceptance.keys.has(item.key),
    );
    const left = diff.items.filter((item) => !applied.includes(item));
    if (!applied.length) return { runId: null, diff, applied, left, appliedSummary: summarize(applied) };

    const runId = await insertRefreshRun(tx, {
      sourceName: source.name,
      sourceLocation: source.location,
      sourceDate: source.date ? new Date(source.date) : null,
      appliedBy: admin.id,
      appliedByName: admin.name,
    });
    const providerIds = new Map(directory.providers.map((p) => [p.slug, p.id]));
    const providerId = (slug: string | null) => (slug ? (providerIds.get(slug) ?? null) : null);
    const chainIds = new Map(directory.chains.map((c) => [c.evmChainId, c.id]));
    const nextPosition = new Map<number, number>();
    for (const e of directory.endpoints) {
      nextPosition.set(e.chainId, Math.max(nextPosition.get(e.chainId) ?? 0, e.position + 1));
    }
    const listed = (chainId: number, e: EndpointProposal): RefreshedEndpoint => {
      const position = nextPosition.get(chainId) ?? 0;
      nextPosition.set(chainId, position + 1);
      const { url, tracking, needsApiKey, source } = e;
      return { chainId, url, tracking, needsApiKey, providerId: providerId(e.provider), source, position };
    };

    const newChains = applied.flatMap((i) => (i.kind === 'chain-added' ? [i] : []));
    const byEvmId = new Map(snapshot.chains.map((c) => [c.evmChainId, c]));
    const inserted = await insertRefreshedChains(
      tx,
      newChains.map((i) => {
        const c = byEvmId.get(i.evmChainId)!;
        const currency = c.nativeCurrency ? `, native currency ${c.nativeCurrency.symbol}` : '';
        return {
          name: c.name,
          slug: i.chainSlug,
          title: c.title,
          description: `${c.isTestnet ? 'Testnet' : 'Mainnet'}, chain ID ${c.evmChainId}${currency}.`,
          websiteUrl: c.websiteUrl,
          evmChainId: c.evmChainId,
          shortName: c.shortName,
          nativeCurrency: c.nativeCurrency,
          explorers: c.explorers,
          isTestnet: c.isTestnet,
          status: c.status,
          parentEvmChainId: c.parentEvmChainId,
          ethereumLists: c.ethereumLists,
          refreshRunId: runId,
        };
      }),
    );
    for (const [evmId, id] of inserted) chainIds.set(evmId, id);

    const upserts: RefreshedEndpoint[] = [];
    const updates: Parameters<typeof updateRefreshedEndpoints>[1] = [];
    const removals: number[] = [];
    const touched = new Set<number>();
    for (const item of applied) {
      const chainId = chainIds.get(item.evmChainId)!;
      touched.add(chainId);
      if (item.kind === 'chain-added') upserts.push(...item.endpoints.map((e) => listed(chainId, e)));
      else if (item.kind === 'endpoint-added') upserts.push(listed(chainId, item.endpoint));
      else if (item.kind === 'endpoint-removed') removals.push(item.endpointId);
      else if (item.kind === 'endpoint-changed') {
        const values: (typeof updates)[number]['values'] = {};
        for (const c of item.changes) {
          if (c.field === 'provider') values.providerId = providerId(c.upstream as string | null);
          else if (c.field === 'tracking') values.tracking = c.upstream as string;
          else values.needsApiKey = c.upstream as boolean;
        }
        updates.push({ id: item.endpointId, values });
      } else {
        const values = Object.fromEntries(item.changes.map((c) => [c.field, c.upstream]));
        await updateRefreshedChain(tx, item.chainId, values, runId);
      }
    }
    await upsertRefreshedEndpoints(tx, upserts, runId);
    await updateRefreshedEndpoints(tx, updates, runId);
    await removeRefreshedEndpoints(tx, removals, runId);
    await syncPublicEndpointLinks(tx, [...touched]);
    await insertRefreshItems(
      tx,
      applied.map((item) => ({
        runId,
        kind: item.kind,
        itemKey: item.key,
        chainId: chainIds.get(item.evmChainId) ?? null,
        endpointId: 'endpointId' in item ? item.endpointId : item.kind === 'endpoint-added' ? item.returningId : null,
        detail: item,
      })),
    );
    return { runId, diff, applied, left, appliedSummary: summarize(applied) };
  });
}
