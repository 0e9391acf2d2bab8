// The diff between an upstream snapshot (chainlist's rpcs.json export or ethereum-lists' chains.json) and the
// directory, read with the dataset's own rules (data/upstream.ts). The command line and the admin panel both
// show it; applying it (apply.ts) recomputes it inside the transaction.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  attributeProvider,
  chainSlug,
  cleanRpcUrl,
  isSelected,
  isTestnet,
  rpcHost,
  type HostTable,
} from '../../data/upstream.ts';
import type { DirectoryForRefresh, RefreshEndpointRow } from '../../sql/queries/refresh.ts';
import type {
  ChainRefreshField,
  EndpointProposal,
  EndpointRefreshField,
  FieldChange,
  RefreshDiff,
  RefreshItem,
  RefreshSource,
  Tracking,
} from '../../contract/refresh.ts';

const TRACKING = new Set(['none', 'limited', 'yes']);

const upstreamRpc = z.union([z.string(), z.object({ url: z.string(), tracking: z.string().optional() })]);
const upstreamChain = z.object({
  name: z.string().min(1),
  chainId: z.number().int().positive(),
  title: z.string().optional(),
  shortName: z.string().optional(),
  chain: z.string().optional(),
  network: z.string().optional(),
  networkId: z.number().int().optional(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }).optional(),
  infoURL: z.string().optional(),
  explorers: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
  status: z.string().optional(),
  parent: z.object({ chain: z.string() }).optional(),
  faucets: z.array(z.string()).optional(),
  rpc: z.array(upstreamRpc),
});

export type SnapshotChain = {
  evmChainId: number;
  name: string;
  title: string | null;
  shortName: string | null;
  nativeCurrency: { name: string; symbol: string; decimals: number } | null;
  websiteUrl: string | null;
  explorers: { name: string; url: string }[];
  status: string;
  isTestnet: boolean;
  ethereumLists: { chain: string | null; networkId: number | null; faucets: string[] };
  parentEvmChainId: number | null;
  /** Distinct listed http(s)/ws(s) URLs before cleaning: the dataset's relevance measure. */
  rpcCount: number;
  /** Cleaned, first of duplicates kept; tracking null where the format has no labels. */
  rpcs: { url: string; tracking: Tracking | null; needsApiKey: boolean }[];
};

export type Snapshot = {
  format: RefreshSource['name'];
  chains: SnapshotChain[];
  /** Entries that are not chains of the format (left out). */
  skipped: number;
};

export class SnapshotError extends Error {}

/** Reads a snapshot: chainlist's export labels its RPCs (objects with `url`), ethereum-lists' lists plain URLs. */
export function parseSnapshot(text: string): Snapshot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SnapshotError('The snapshot is not JSON (expected chainlist rpcs.json or ethereum-lists chains.json)');
  }
  if (!Array.isArray(json)) {
    throw new SnapshotError(
      'The snapshot is not a list of chains (expected chainlist rpcs.json or ethereum-lists chains.json)',
    );
  }
  const entries = json.map((e) => upstreamChain.safeParse(e)).flatMap((r) => (r.success ? [r.data] : []));
  if (!entries.length) throw new SnapshotError('The snapshot lists no chain in a known format');
  const labelled = entries.some((c) => c.rpc.some((r) => typeof r !== 'string'));
  const chains = new Map<number, SnapshotChain>();
  for (const c of entries) if (!chains.has(c.chainId)) chains.set(c.chainId, snapshotChain(c, labelled));
  return {
    format: labelled ? 'chainlist rpcs.json' : 'ethereum-lists chains.json',
    chains: [...chains.values()],
    skipped: json.length - entries.length,
  };
}

function snapshotChain(c: z.infer<typeof upstreamChain>, labelled: boolean): SnapshotChain {
  const listed = c.rpc.map((r) => (typeof r === 'string' ? { url: r } : r));
  const rpcCount = new Set(
    listed.map((r) => r.url.trim().replace(/\/+$/, '')).filter((u) => /^(https?|wss?):\/\//i.test(u)),
  ).size;
  const rpcs = new Map<string, SnapshotChain['rpcs'][number]>();
  for (const r of listed) {
    const cleaned = cleanRpcUrl(r.url);
    if (!cleaned || rpcs.has(cleaned.url)) continue;
    const tracking = labelled ? ((TRACKING.has(r.tracking ?? '') ? r.tracking : 'unspecified') as Tracking) : null;
    rpcs.set(cleaned.url, { ...cleaned, tracking });
  }
  const explorers = new Map<string, { name: string; url: string }>();
  for (const e of c.explorers ?? []) {
    const url = e.url.replace(/\/+$/, '');
    if (!explorers.has(url)) explorers.set(url, { name: e.name, url });
  }
  const parent = /^eip155-(\d+)$/.exec(c.parent?.chain ?? '');
  return {
    evmChainId: c.chainId,
    name: c.name,
    title: c.title ?? null,
    shortName: c.shortName ?? null,
    nativeCurrency: c.nativeCurrency
      ? { name: c.nativeCurrency.name, symbol: c.nativeCurrency.symbol, decimals: c.nativeCurrency.decimals }
      : null,
    websiteUrl: c.infoURL ?? null,
    explorers: [...explorers.values()],
    status: c.status ?? 'active',
    isTestnet: isTestnet({ chainId: c.chainId, name: c.name, title: c.title, network: c.network }),
    ethereumLists: { chain: c.chain ?? null, networkId: c.networkId ?? null, faucets: c.faucets ?? [] },
    parentEvmChainId: parent ? Number(parent[1]) : null,
    rpcCount,
    rpcs: [...rpcs.values()],
  };
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

// Key order aside (jsonb stores an object's keys in its own order).
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

// Sources a snapshot speaks for: chainlist's export merges ethereum-lists' URLs, ethereum-lists' file only its own.
// An endpoint an admin added is offered for removal too, as a conflict: only an admin removes it.
const SOURCES_COVERED: Record<Snapshot['format'], string[]> = {
  'chainlist rpcs.json': ['chainlist', 'ethereum-lists'],
  'ethereum-lists chains.json': ['ethereum-lists'],
};

/** The endpoint a listed upstream URL becomes, attributed as the dataset attributes it. */
function proposal(
  r: SnapshotChain['rpcs'][number],
  format: Snapshot['format'],
  hosts: HostTable,
  providers: Set<string>,
): EndpointProposal {
  const attributed = attributeProvider(r.url, hosts);
  const provider = attributed && providers.has(attributed) ? attributed : null;
  return {
    url: r.url,
    tracking: r.tracking ?? 'unspecified',
    needsApiKey: r.needsApiKey,
    provider,
    unknownHost: provider ? null : rpcHost(r.url),
    source: format === 'chainlist rpcs.json' ? 'chainlist' : 'ethereum-lists',
  };
}

const lastHealth = (e: RefreshEndpointRow) =>
  e.healthStatus ? { status: e.healthStatus, checkedAt: e.healthCheckedAt?.toISOString() ?? null } : null;

/** The diff of a snapshot against the directory, grouped by chain in the snapshot's order. */
export function computeDiff(
  snapshot: Snapshot,
  source: RefreshSource,
  directory: DirectoryForRefresh,
  hosts: HostTable,
): RefreshDiff {
  const providers = new Set(directory.providers.map((p) => p.slug));
  const chainsByEvmId = new Map(directory.chains.map((c) => [c.evmChainId, c]));
  const endpointsByChain = new Map<number, RefreshEndpointRow[]>();
  for (const e of directory.endpoints) {
    const list = endpointsByChain.get(e.chainId) ?? [];
    list.push(e);
    endpointsByChain.set(e.chainId, list);
  }
  const covered = SOURCES_COVERED[snapshot.format];
  const slugs = new Set(directory.chains.map((c) => c.slug));
  const items: RefreshItem[] = [];
  const appearing = new Map<string, string[]>();
  const unknownHosts = new Map<string, number>();
  const noteAdded = (e: EndpointProposal, chain: string, providersOnChain: Set<string>) => {
    if (e.unknownHost) unknownHosts.set(e.unknownHost, (unknownHosts.get(e.unknownHost) ?? 0) + 1);
    if (e.provider && !providersOnChain.has(e.provider)) {
      providersOnChain.add(e.provider);
      appearing.set(e.provider, [...(appearing.get(e.provider) ?? []), chain]);
    }
  };

  for (const up of snapshot.chains) {
    const chain = chainsByEvmId.get(up.evmChainId);
    if (!chain) {
      if (!isSelected(up)) continue;
      let slug = chainSlug(up.name);
      if (slugs.has(slug)) slug = `${slug}-${up.evmChainId}`;
      slugs.add(slug);
      const endpoints = up.rpcs.map((r) => proposal(r, snapshot.format, hosts, providers));
      const onChain = new Set<string>();
      for (const e of endpoints) noteAdded(e, slug, onChain);
      items.push({
        kind: 'chain-added',
        key: `chain-added:${up.evmChainId}`,
        evmChainId: up.evmChainId,
        chainName: up.name,
        chainSlug: slug,
        title: up.title,
        isTestnet: up.isTestnet,
        endpoints,
      });
      continue;
    }
    const ref = { evmChainId: up.evmChainId, chainName: chain.name, chainSlug: chain.slug };

    const changes: FieldChange<ChainRefreshField>[] = [];
    const upstreamChainValues: Record<ChainRefreshField, unknown> = {
      name: up.name,
      title: up.title,
      shortName: up.shortName,
      nativeCurrency: up.nativeCurrency,
      websiteUrl: up.websiteUrl,
      explorers: up.explorers,
      status: up.status,
      isTestnet: up.isTestnet,
    };
    for (const [field, upstream] of Object.entries(upstreamChainValues) as [ChainRefreshField, unknown][]) {
      if (!same(chain[field], upstream)) {
        changes.push({ field, current: chain[field], upstream, byHand: chain.editedByHand.includes(field) });
      }
    }
    if (changes.length) {
      items.push({
        kind: 'chain-changed',
        key: `chain-changed:${up.evmChainId}`,
        ...ref,
        chainId: chain.id,
        changes,
        conflict: changes.some((c) => c.byHand),
      });
    }

    const rows = endpointsByChain.get(chain.id) ?? [];
    const byUrl = new Map(rows.map((e) => [e.url, e]));
    const onChain = new Set(rows.flatMap((e) => (!e.removed && e.providerSlug ? [e.providerSlug] : [])));
    const listed = new Set<string>();
    for (const r of up.rpcs) {
      listed.add(r.url);
      const endpoint = proposal(r, snapshot.format, hosts, providers);
      const row = byUrl.get(r.url);
      if (!row || row.removed) {
        noteAdded(endpoint, chain.slug, onChain);
        items.push({
          kind: 'endpoint-added',
          key: `endpoint-added:${up.evmChainId}:${r.url}`,
          ...ref,
          endpoint,
          returningId: row?.id ?? null,
          conflict: row?.editedByHand.includes('removed') ?? false,
        });
        continue;
      }
      const byHand = (field: EndpointRefreshField) => row.source === 'admin' || row.editedByHand.includes(field);
      const fieldChanges: FieldChange<EndpointRefreshField>[] = [];
      if (r.tracking !== null && row.tracking !== r.tracking) {
        fieldChanges.push({
          field: 'tracking',
          current: row.tracking,
          upstream: r.tracking,
          byHand: byHand('tracking'),
        });
      }
      if (row.needsApiKey !== r.needsApiKey) {
        fieldChanges.push({
          field: 'needsApiKey',
          current: row.needsApiKey,
          upstream: r.needsApiKey,
          byHand: byHand('needsApiKey'),
        });
      }
      if (row.providerSlug !== endpoint.provider) {
        fieldChanges.push({
          field: 'provider',
          current: row.providerSlug,
          upstream: endpoint.provider,
          byHand: byHand('provider'),
        });
      }
      if (fieldChanges.length) {
        items.push({
          kind: 'endpoint-changed',
          key: `endpoint-changed:${row.id}`,
          ...ref,
          endpointId: row.id,
          url: row.url,
          changes: fieldChanges,
          conflict: fieldChanges.some((c) => c.byHand),
        });
      }
    }
    for (const row of rows) {
      const addedByHand = row.source === 'admin';
      if (row.removed || listed.has(row.url) || !(addedByHand || covered.includes(row.source ?? ''))) continue;
      items.push({
        kind: 'endpoint-removed',
        key: `endpoint-removed:${row.id}`,
        ...ref,
        endpointId: row.id,
        url: row.url,
        lastHealth: lastHealth(row),
        addedByHand,
        conflict: addedByHand || row.editedByHand.length > 0,
      });
    }
  }

  return {
    source,
    items,
    providersAppearing: [...appearing].map(([provider, chains]) => ({ provider, chains })),
    unknownHosts: [...unknownHosts]
      .map(([host, endpoints]) => ({ host, endpoints }))
      .sort((a, b) => b.endpoints - a.endpoints || a.host.localeCompare(b.host)),
    summary: summarize(items),
  };
}

export function summarize(items: RefreshItem[]) {
  const count = (kind: RefreshItem['kind']) => items.filter((i) => i.kind === kind).length;
  return {
    endpointsAdded:
      count('endpoint-added') + items.reduce((n, i) => n + (i.kind === 'chain-added' ? i.endpoints.length : 0), 0),
    endpointsRemoved: count('endpoint-removed'),
    endpointsChanged: count('endpoint-changed'),
    chainsAdded: count('chain-added'),
    chainsChanged: count('chain-changed'),
  };
}
