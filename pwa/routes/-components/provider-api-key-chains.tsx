// The chains a provider serves its customers with an API key, with the URL formats its own package or documentation
// publishes: templates whose {API_KEY} the customer fills in, shown as text to copy, never as links. Each chain names
// where it was read and that source's date.
import { Link } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import type { ProviderDetail } from '../../../contract/providers.ts';
import { coverageSourceName } from '../../../contract/coverage-source.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { Logo } from '../../components/logo.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useNetworkList } from './provider-endpoints.tsx';

type ApiKeyLink = NonNullable<ProviderDetail['apiKeyChains']>[number];

/** Where a link was read, as visitors read it: "from Infura's documentation, 2026-02-08", or "added by the editors". */
export function SourceNote({
  source,
  sourceUrl,
  asOf,
  providerName,
}: {
  source: string;
  sourceUrl?: string | null;
  asOf?: string | null;
  providerName: string;
}) {
  const name = coverageSourceName(source, providerName);
  if (!sourceUrl) return <>{source === 'admin' ? 'added by the editors' : `from ${name}`}</>;
  return (
    <>
      from{' '}
      <a
        href={sourceUrl}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="underline hover:text-accent-700"
      >
        {name}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      {asOf && `, ${asOf}`}
    </>
  );
}

export function ProviderApiKeyChains({ links, providerName }: { links: readonly ApiKeyLink[]; providerName: string }) {
  const { filter, setFilter, filterable, shown, showAll } = useNetworkList(links, (l, term) =>
    l.chain.name.toLowerCase().includes(term),
  );
  if (links.length === 0) return null;
  return (
    <Card data-testid="api-key-chains">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-accent-600" aria-hidden="true" />
          With an API key
        </CardTitle>
        <p className="text-sm text-slate-600">
          {links.length} {links.length === 1 ? 'network' : 'networks'} {providerName} serves to its customers: sign up
          with {providerName} and put your own key where the address says{' '}
          <code className="font-mono">{'{API_KEY}'}</code>.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {filterable && (
          <SearchInput
            value={filter}
            onChange={setFilter}
            placeholder="Filter networks..."
            label="Filter the networks served with an API key"
          />
        )}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {shown.map((l) => (
            <li key={`${l.chain.id}-${l.source}`} className="p-3 sm:p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <Link
                  to="/chains/$slug"
                  params={{ slug: l.chain.slug }}
                  className="inline-flex items-center gap-2 text-sm font-semibold text-slate-900 hover:text-accent-700"
                >
                  <Logo src={l.chain.iconUrl} name={l.chain.name} color={l.chain.color} size="xs" />
                  {l.chain.name}
                </Link>
                <span className="text-xs text-slate-500" data-testid="api-key-chain-source">
                  <SourceNote {...l} providerName={providerName} />
                  {(l.alsoListedBy ?? []).map((also) => (
                    <span key={also.source}>
                      ; also <SourceNote {...also} providerName={providerName} />
                    </span>
                  ))}
                </span>
              </div>
              {l.urlTemplates.length > 0 && (
                <ul className="mt-2 space-y-1.5" aria-label={`${l.chain.name} address formats`}>
                  {l.urlTemplates.map((t) => (
                    <li key={t} className="flex items-center gap-2 rounded-md bg-slate-50 py-1.5 pr-1 pl-3">
                      <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-800 sm:text-sm">{t}</code>
                      <CopyButton value={t} label={`${l.chain.name} address format ${t}`} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          {shown.length === 0 && <li className="p-4 text-sm text-slate-600">No networks match “{filter.trim()}”.</li>}
        </ul>
        {showAll}
      </CardContent>
    </Card>
  );
}
