// For tests of the refresh from upstream: the shipped dataset written back in the upstream format it was read from.
import { readDataset } from '../db/seed.ts';

export type UpstreamChain = Record<string, unknown> & { chainId: number; rpc: { url: string; tracking?: string }[] };

/** The shipped dataset as chainlist's rpcs.json export lists it (the format the dataset was read from). */
export function shippedSnapshot(): UpstreamChain[] {
  return readDataset().chains.map((c) => ({
    name: c.name,
    ...(c.title === null ? {} : { title: c.title }),
    chain: c.ethereumListsChain,
    chainId: c.chainId,
    networkId: c.networkId,
    shortName: c.shortName,
    nativeCurrency: c.nativeCurrency,
    infoURL: c.infoUrl,
    explorers: c.explorers,
    status: c.status,
    faucets: c.faucets,
    rpc: c.publicRpcs.map((r) =>
      r.tracking === 'unspecified' ? { url: r.url } : { url: r.url, tracking: r.tracking },
    ),
  }));
}

/** A chain the dataset lacks, with enough endpoints (five, on no known provider's host) to be selected. */
export const NEW_CHAIN: UpstreamChain = {
  name: 'Refresh Lab Mainnet',
  chainId: 990001,
  shortName: 'rtm',
  chain: 'RTM',
  networkId: 990001,
  nativeCurrency: { name: 'Refresh', symbol: 'RTM', decimals: 18 },
  infoURL: 'https://refresh.example',
  rpc: [1, 2, 3, 4, 5].map((i) => ({ url: `https://rpc${i}.refresh.example/`, tracking: 'none' })),
};
