// Shapes chain rows into the API's chain responses (contract/chains.ts).
import { pickColumns } from '../../sql/columns.ts';
import {
  chainPlainColumns,
  type ChainDetailRow,
  type ChainRow,
  type ChainStatsRow,
  type EndpointRow,
} from '../../sql/queries/chains.ts';
import { presentCapabilities, presentHealth } from '../health/presenter.ts';
import type { Chain, ChainDetail, ChainRef, ChainWithStats, RpcEndpoint } from '../../contract/chains.ts';

export function presentChainRef(r: {
  id: number;
  name: string;
  slug: string;
  iconUrl: string | null;
  color: string;
}): ChainRef {
  return { id: r.id, name: r.name, slug: r.slug, iconUrl: r.iconUrl, color: r.color };
}

export function presentChain(r: ChainRow): Chain {
  return {
    ...pickColumns(r, chainPlainColumns),
    nativeCurrency: r.nativeCurrency,
    explorers: r.explorers,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentChainWithStats(r: ChainStatsRow): ChainWithStats {
  return {
    ...presentChain(r),
    providerCount: r.providerCount,
    averageRating: r.averageRating,
    endpointsHealthy: r.endpointsHealthy,
    endpointsChecked: r.endpointsChecked,
    endpointsPublic: r.endpointsPublic,
  };
}

export function presentEndpoint(e: EndpointRow): RpcEndpoint {
  return {
    id: e.id,
    url: e.url,
    provider: e.providerId === null ? null : { id: e.providerId, name: e.providerName!, slug: e.providerSlug! },
    tracking: e.tracking,
    needsApiKey: e.needsApiKey,
    health: presentHealth(e),
    capabilities: presentCapabilities(e.capabilities),
  };
}

export function presentChainDetail(r: ChainDetailRow, parent: ChainRef | null, endpoints: EndpointRow[]): ChainDetail {
  return {
    ...presentChainWithStats(r),
    parentChain: parent,
    rpcEndpoints: endpoints.map(presentEndpoint),
    ethereumLists: r.ethereumLists,
  };
}
