// A chain's technical facts from the dataset: EVM chain id (decimal and hex), short name, native currency,
// network type, parent chain, website and block explorers.
import { Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChainDetail } from '../../../contract/chains.ts';
import { chainIdHex } from '../../../contract/eip3085.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  // Dataset and admin URLs: only web links become links.
  if (!/^https?:\/\//i.test(href)) return <span className="break-all">{children}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="inline-flex items-center gap-1 break-all text-accent-700 hover:underline"
    >
      {children}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function ChainFacts({ chain }: { chain: ChainDetail }) {
  const id = chain.evmChainId;
  return (
    <Card role="region" aria-labelledby="chain-facts-title">
      <CardHeader>
        <CardTitle id="chain-facts-title">Network Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          {id != null && (
            <Fact label="Chain ID">
              <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="inline-flex items-center font-mono">
                  {id}
                  <CopyButton value={String(id)} label={`chain ID ${id}`} className="size-7" />
                </span>
                <span className="inline-flex items-center font-mono text-slate-600">
                  {chainIdHex(id)}
                  <CopyButton value={chainIdHex(id)} label={`chain ID ${chainIdHex(id)}`} className="size-7" />
                </span>
              </span>
            </Fact>
          )}
          {chain.shortName && (
            <Fact label="Short name">
              <span className="font-mono">{chain.shortName}</span>
            </Fact>
          )}
          {chain.nativeCurrency && (
            <Fact label="Native currency">
              {chain.nativeCurrency.name}{' '}
              <span className="font-mono font-semibold">({chain.nativeCurrency.symbol})</span>
              <span className="text-slate-600"> · {chain.nativeCurrency.decimals} decimals</span>
            </Fact>
          )}
          <Fact label="Network type">
            {chain.isTestnet ? <Badge variant="warning">Testnet</Badge> : <Badge variant="success">Mainnet</Badge>}
            {chain.status !== 'active' && (
              <Badge variant="neutral" className="ml-1.5 capitalize">
                {chain.status}
              </Badge>
            )}
          </Fact>
          {chain.parentChain && (
            <Fact label="Parent chain">
              <Link
                to="/chains/$slug"
                params={{ slug: chain.parentChain.slug }}
                className="text-accent-700 hover:underline"
              >
                {chain.parentChain.name}
              </Link>
            </Fact>
          )}
          {chain.websiteUrl && (
            <Fact label="Website">
              <ExternalAnchor href={chain.websiteUrl}>{hostOf(chain.websiteUrl)}</ExternalAnchor>
            </Fact>
          )}
          {chain.explorers.length > 0 && (
            <Fact label={chain.explorers.length === 1 ? 'Block explorer' : 'Block explorers'}>
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {chain.explorers.map((e) => (
                  <li key={e.url}>
                    <ExternalAnchor href={e.url}>{hostOf(e.url)}</ExternalAnchor>
                  </li>
                ))}
              </ul>
            </Fact>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
