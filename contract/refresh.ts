// The refresh from the upstream lists: the reviewed diff between a snapshot and the directory, and what applying
// it takes. The command line (`npm run data:refresh`) and the admin panel's CSV tab show the same diff.
import { z } from 'zod';

export type Tracking = 'none' | 'limited' | 'yes' | 'unspecified';

/** The fields a refresh compares and may change. */
export const chainRefreshFields = [
  'name',
  'title',
  'shortName',
  'nativeCurrency',
  'websiteUrl',
  'explorers',
  'status',
  'isTestnet',
] as const;
export type ChainRefreshField = (typeof chainRefreshFields)[number];
export const endpointRefreshFields = ['tracking', 'needsApiKey', 'provider'] as const;
export type EndpointRefreshField = (typeof endpointRefreshFields)[number];

/** A field whose upstream value differs; `byHand` when an admin set the current value (a conflict). */
export type FieldChange<F extends string = string> = { field: F; current: unknown; upstream: unknown; byHand: boolean };

export type EndpointProposal = {
  url: string;
  tracking: Tracking;
  needsApiKey: boolean;
  /** The provider slug attribution gives (the dataset's host table), or null. */
  provider: string | null;
  /** The host, when no provider of the table serves it (listed for the admin to attribute). */
  unknownHost: string | null;
  source: 'chainlist' | 'ethereum-lists';
};

export type LastHealth = { status: string; checkedAt: string | null };

type ChainRef = { evmChainId: number; chainName: string; chainSlug: string };

export type RefreshItem =
  | ({
      kind: 'chain-added';
      key: string;
      isTestnet: boolean;
      title: string | null;
      endpoints: EndpointProposal[];
    } & ChainRef)
  | ({
      kind: 'chain-changed';
      key: string;
      chainId: number;
      changes: FieldChange<ChainRefreshField>[];
      conflict: boolean;
    } & ChainRef)
  | ({
      kind: 'endpoint-added';
      key: string;
      endpoint: EndpointProposal;
      /** The removed row that comes back (its health history stays), or null for a new row. */
      returningId: number | null;
      /** An admin removed it by hand and upstream still lists it. */
      conflict: boolean;
    } & ChainRef)
  | ({
      kind: 'endpoint-removed';
      key: string;
      endpointId: number;
      url: string;
      lastHealth: LastHealth | null;
      addedByHand: boolean;
      /** An admin added or edited it by hand. */
      conflict: boolean;
    } & ChainRef)
  | ({
      kind: 'endpoint-changed';
      key: string;
      endpointId: number;
      url: string;
      changes: FieldChange<EndpointRefreshField>[];
      conflict: boolean;
    } & ChainRef);

export type RefreshSource = {
  /** The upstream format read. */
  name: 'chainlist rpcs.json' | 'ethereum-lists chains.json';
  /** The URL fetched, or the file's name. */
  location: string;
  /** The file's date (its modification time or Last-Modified), when known. */
  date: string | null;
  /** sha256 of the bytes read: applying checks the snapshot is the one reviewed. */
  sha256: string;
};

export type RefreshSummary = {
  endpointsAdded: number;
  endpointsRemoved: number;
  endpointsChanged: number;
  chainsAdded: number;
  chainsChanged: number;
};

export type RefreshDiff = {
  source: RefreshSource;
  items: RefreshItem[];
  /** Providers that gain a chain they listed no public endpoint on. */
  providersAppearing: { provider: string; chains: string[] }[];
  /** Hosts of added endpoints no provider of the table serves, with how many endpoints each. */
  unknownHosts: { host: string; endpoints: number }[];
  summary: RefreshSummary;
};

/** The summary line both the command line and the panel show (all zeros: no change). */
export function summaryLine(s: RefreshSummary): string {
  return (
    `endpoints: ${s.endpointsAdded} added, ${s.endpointsRemoved} removed, ${s.endpointsChanged} changed; ` +
    `chains: ${s.chainsAdded} added, ${s.chainsChanged} changed`
  );
}

export const REFRESH_MAX_MB = 50;

/** POST /api/admin/refresh/preview and /apply: the snapshot as a file (multipart field `file`) or a URL. */
export const refreshApplySchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256: the snapshot hash of the reviewed diff'),
  accept: z.array(z.string().min(1).max(3000)).max(100_000),
});
export type RefreshApplyInput = z.infer<typeof refreshApplySchema>;

/** runId null: nothing was applied. */
export type RefreshApplyResult = { runId: number | null; applied: number; summary: RefreshSummary };
