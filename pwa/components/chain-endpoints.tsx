// A chain's public RPC endpoints: URL, provider (linked, or '—'), Chainlist's tracking label, an API-key
// marker, a copy button and — for an endpoint a wallet can use — "Add" (to a wallet, with that endpoint alone).
// Busy chains list 80+; the table shows the first rows until expanded.
import { Link } from '@tanstack/react-router';
import { KeyRound, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ChainDetail } from '../../contract/chains.ts';
import { rankEndpoints } from '../../contract/endpoint-rank.ts';
import { AddToWallet } from './chain-wallet-button.tsx';
import { CopyButton } from './copy-button.tsx';
import { TrackingBadge } from './tracking-badge.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';

export const COLLAPSED_ENDPOINTS = 10;

type EndpointsChain = Pick<ChainDetail, 'name' | 'evmChainId' | 'nativeCurrency' | 'explorers' | 'rpcEndpoints'>;

export function ChainEndpoints({ chain }: { chain: EndpointsChain }) {
  const { rpcEndpoints: endpoints, name: chainName } = chain;
  const [expanded, setExpanded] = useState(false);
  const keyless = endpoints.filter((e) => !e.needsApiKey).length;
  const ordered = useMemo(() => rankEndpoints(endpoints), [endpoints]);
  const shown = expanded ? ordered : ordered.slice(0, COLLAPSED_ENDPOINTS);

  return (
    <Card id="rpc-endpoints">
      <CardHeader>
        <CardTitle>Public RPC Endpoints</CardTitle>
        <p className="text-sm text-slate-600">
          {endpoints.length === 0
            ? `No public RPC endpoints are listed for ${chainName} yet.`
            : `${endpoints.length} ${endpoints.length === 1 ? 'endpoint' : 'endpoints'} for ${chainName}, ${keyless} without an API key, with Chainlist's tracking label.`}
        </p>
      </CardHeader>
      {endpoints.length > 0 && (
        <CardContent className="space-y-4">
          <div className="overflow-hidden rounded-lg border border-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Public RPC endpoints of {chainName}</caption>
              <thead className="hidden bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase md:table-header-group">
                <tr>
                  <th scope="col" className="px-3 py-2">RPC URL</th>
                  <th scope="col" className="px-3 py-2">Provider</th>
                  <th scope="col" className="px-3 py-2">Privacy</th>
                  <th scope="col" className="px-3 py-2"><span className="sr-only">Copy or add to a wallet</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((e) => (
                  // Phones: each row is a small card (URL on top, details below); wider screens: a table row.
                  <tr key={e.url} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-1.5 p-3 md:table-row md:p-0">
                    <td className="min-w-0 md:px-3 md:py-2.5">
                      <code className="font-mono text-xs break-all text-slate-800 sm:text-[13px]">{e.url}</code>
                      {e.needsApiKey && (
                        <Badge variant="neutral" className="ml-2 align-middle" title="Needs an API key: sign up with the provider and put your key in the URL">
                          <KeyRound className="size-3" aria-hidden="true" />API key
                        </Badge>
                      )}
                    </td>
                    <td className="col-start-1 text-slate-700 md:px-3 md:py-2.5">
                      <span className="text-xs text-slate-500 md:hidden">Provider: </span>
                      {e.provider ? (
                        <Link to="/providers/$slug" params={{ slug: e.provider.slug }} className="text-accent-700 hover:underline">{e.provider.name}</Link>
                      ) : (
                        <span aria-label="No provider listed">—</span>
                      )}
                    </td>
                    <td className="col-start-1 md:px-3 md:py-2.5"><TrackingBadge tracking={e.tracking} /></td>
                    <td className="col-start-2 row-span-3 row-start-1 self-start md:px-2 md:py-1.5">
                      <div className="flex items-center justify-end gap-1">
                        {/* Add before Copy: the copy buttons stay in one column whether or not a row can be added. */}
                        <AddToWallet chain={chain} endpoints={[e]} variant="ghost" size="sm" aria-label={`Add ${chainName} to a wallet with ${e.url}`}>
                          <Wallet aria-hidden="true" />Add
                        </AddToWallet>
                        <CopyButton value={e.url} label={`${chainName} endpoint ${e.url}`} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {endpoints.length > COLLAPSED_ENDPOINTS && (
            <Button variant="outline" size="sm" onClick={() => setExpanded((x) => !x)} aria-expanded={expanded} aria-controls="rpc-endpoints">
              {expanded ? 'Show fewer endpoints' : `Show all ${endpoints.length} endpoints`}
            </Button>
          )}
        </CardContent>
      )}
    </Card>
  );
}
