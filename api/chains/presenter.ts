// Shapes chain rows into the API's chain responses (contract/chains.ts).
import type { ChainRow, ChainStatsRow, EndpointRow } from '../../sql/queries/chains.ts';
import type { Chain, ChainDetail, ChainRef, ChainWithStats, RpcEndpoint } from '../../contract/chains.ts';

export function presentChainRef(r: { id: number; name: string; slug: string; iconUrl: string | null; color: string }): ChainRef {
  return { id: r.id, name: r.name, slug: r.slug, iconUrl: r.iconUrl, color: r.color };
}

export function presentChain(r: ChainRow): Chain {
  return {
    ...presentChainRef(r),
    title: r.title, description: r.description, detailedDescription: r.detailedDescription,
    websiteUrl: r.websiteUrl, twitterUrl: r.twitterUrl, discordUrl: r.discordUrl, telegramUrl: r.telegramUrl,
    githubUrl: r.githubUrl, linkedinUrl: r.linkedinUrl, metaTitle: r.metaTitle, metaDescription: r.metaDescription,
    ogTitle: r.ogTitle, ogDescription: r.ogDescription, ogImage: r.ogImage, evmChainId: r.evmChainId,
    shortName: r.shortName, nativeCurrency: r.nativeCurrency, explorers: r.explorers, isTestnet: r.isTestnet,
    status: r.status, parentChainId: r.parentChainId, totalUpvotes: r.totalUpvotes, totalDownvotes: r.totalDownvotes,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentChainWithStats(r: ChainStatsRow): ChainWithStats {
  return { ...presentChain(r), providerCount: r.providerCount, averageRating: r.averageRating };
}

export function presentEndpoint(e: EndpointRow): RpcEndpoint {
  return {
    url: e.url,
    provider: e.providerId === null ? null : { id: e.providerId, name: e.providerName!, slug: e.providerSlug! },
    tracking: e.tracking,
    needsApiKey: e.needsApiKey,
  };
}

export function presentChainDetail(r: ChainStatsRow, parent: ChainRef | null, endpoints: EndpointRow[]): ChainDetail {
  return { ...presentChainWithStats(r), parentChain: parent, rpcEndpoints: endpoints.map(presentEndpoint) };
}
