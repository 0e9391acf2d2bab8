// "Connect": copy-ready configuration for a chain in the common libraries and tools, built from the chain's detail
// with the contract's function (the same one GET /api/chains/{slug}/snippets answers with), so it renders on the
// server and offline alike; for one endpoint (its row's "Config", `?endpoint=`) that one first. A provider picked in
// the selector gets its own config from the API (`?provider=`: its API-key templates are not in the chain's detail).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { ChainDetail } from '../../../contract/chains.ts';
import { connectSnippets, isConfigurable, type ConnectSnippets } from '../../../contract/snippets.ts';
import { providerSnippetsQuery } from '../../data/chains.ts';
import { providersOnChainQuery } from '../../data/providers.ts';
import { cn } from '../../lib/cn.ts';
import { paths } from '../../lib/site.ts';
import { AppLink } from '../../components/app-link.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Select } from '../../components/ui/select.tsx';

/** The selector's value for the chain's best keyless endpoints (any provider). */
const BEST = '';

/** The tabs, in the order developers reach for them, with the language each snippet is written in. */
export const CONNECT_TABS = [
  { key: 'viem', label: 'viem', file: 'chain.ts' },
  { key: 'wagmi', label: 'wagmi', file: 'wagmi.ts' },
  { key: 'ethers', label: 'ethers', file: 'provider.ts' },
  { key: 'web3py', label: 'web3.py', file: 'connect.py' },
  { key: 'hardhat', label: 'Hardhat 3', file: 'hardhat.config.ts' },
  { key: 'hardhat2', label: 'Hardhat 2', file: 'hardhat.config.ts' },
  { key: 'foundry', label: 'Foundry', file: 'foundry.toml' },
  { key: 'eip3085', label: 'EIP-3085', file: 'wallet_addEthereumChain params' },
  { key: 'ethereumLists', label: 'Chain JSON', file: 'ethereum-lists chain JSON' },
] as const satisfies readonly { key: keyof ConnectSnippets; label: string; file: string }[];
type TabKey = (typeof CONNECT_TABS)[number]['key'];

const text = (value: ConnectSnippets[TabKey]) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The Connect card; with `endpointId` (the page's `?endpoint=`), that endpoint goes first in every config. */
export function ChainConnect({ chain, endpointId }: { chain: ChainDetail; endpointId?: number }) {
  const chosen = chain.rpcEndpoints.find((e) => e.id === endpointId && isConfigurable(e));
  const best = useMemo(() => connectSnippets(chain, { chosenUrl: chosen?.url }), [chain, chosen]);
  const [providerSlug, setProviderSlug] = useState(BEST);
  const providers = useQuery(providersOnChainQuery(chain.id));
  const own = useQuery({ ...providerSnippetsQuery(chain.slug, providerSlug), enabled: providerSlug !== BEST });
  const [active, setActive] = useState<TabKey>('viem');
  const id = useId();
  if (!best) return null;
  const provider = providers.data?.find((p) => p.slug === providerSlug);
  const snippets = providerSlug === BEST ? best : own.data;
  // The chain JSON needs facts (short name, website, ethereum-lists' own fields) some chains lack; a provider's
  // config has no wallet parameters without a keyless HTTPS endpoint.
  const tabs = CONNECT_TABS.filter((t) => (snippets ?? best)[t.key] != null);
  const tab = tabs.find((t) => t.key === active) ?? tabs[0];
  const code = snippets ? text(snippets[tab.key]) : '';
  const providerOptions = [...(providers.data ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => ({ value: p.slug, label: p.name }));

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern); the focused tab is the selected one.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    setActive(next.key);
    document.getElementById(`${id}-${next.key}`)?.focus();
  };

  return (
    <Card id="connect">
      <CardHeader>
        <CardTitle>Connect to {chain.name}</CardTitle>
        <p className="text-sm text-slate-600">
          Copy-ready configuration with the best public endpoints that need no API key, or with one provider's own.
          Tools can fetch the same from the{' '}
          <AppLink href={paths.apiDocs()} className="font-medium text-link">
            open API
          </AppLink>
          .
        </p>
        {providerOptions.length > 0 && (
          <label className="flex flex-col gap-1.5 pt-1 text-sm font-medium text-slate-700 sm:flex-row sm:items-center sm:gap-3">
            Endpoints
            <Select
              aria-label="Endpoints of"
              className="sm:w-72"
              value={providerSlug}
              onValueChange={setProviderSlug}
              options={[{ value: BEST, label: 'Best public endpoints (any provider)' }, ...providerOptions]}
            />
          </label>
        )}
        {provider && (
          <p className="text-sm text-slate-700" data-testid="connect-provider">
            {provider.name}&rsquo;s endpoints only. URLs that need your API key read it from an environment variable
            (never write the key itself into code).
          </p>
        )}
        {chosen && providerSlug === BEST && (
          <p className="text-sm text-slate-700" data-testid="connect-chosen">
            With <code className="font-mono text-xs break-all">{chosen.url}</code> first.{' '}
            <Link
              to="."
              search={(prev) => ({ ...prev, endpoint: undefined })}
              hash="connect"
              resetScroll={false}
              className="font-medium text-accent-700 hover:underline"
            >
              Use the best endpoints
            </Link>
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          role="tablist"
          aria-label="Library or tool"
          onKeyDown={onKeyDown}
          className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1"
        >
          {tabs.map((t) => (
            <button
              key={t.key}
              id={`${id}-${t.key}`}
              type="button"
              role="tab"
              aria-selected={t.key === tab.key}
              aria-controls={`${id}-panel`}
              tabIndex={t.key === tab.key ? 0 : -1}
              onClick={() => setActive(t.key)}
              className={cn(
                'shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap',
                t.key === tab.key
                  ? 'bg-slate-900 text-white'
                  : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-${tab.key}`}
          className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
        >
          <div className="flex items-center justify-between border-b border-slate-200 bg-white py-1 pr-1 pl-3">
            <span className="font-mono text-xs text-slate-500">{tab.file}</span>
            {snippets && <CopyButton value={code} label={`${tab.label} configuration`} />}
          </div>
          {snippets ? (
            // Focusable: a keyboard scrolls a snippet wider or taller than its box.
            <pre
              tabIndex={0}
              className="max-h-96 overflow-auto p-3 text-xs leading-relaxed text-slate-800 sm:text-[13px]"
            >
              <code>{code}</code>
            </pre>
          ) : (
            <p className="p-3 text-sm text-slate-600" role="status">
              {own.isError
                ? `${provider?.name ?? 'This provider'}'s configuration could not be loaded: ${ownError(own.error)}`
                : `Loading ${provider?.name ?? 'the provider'}'s configuration…`}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The API's message (`404: {"message":…}`), else the error's, for a failed provider config. */
function ownError(error: Error): string {
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    return (JSON.parse(body) as { message?: string }).message ?? body;
  } catch {
    return navigator.onLine ? body : 'you are offline.';
  }
}
