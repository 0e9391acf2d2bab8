// A chain's public RPC endpoints: URL, health (status, lag, latency, 7-day uptime, when checked: the prober's
// summary as of the page's load, never polled; latency per region once probe agents elsewhere measured it too), provider (linked, or '—'), Chainlist's tracking label, an API-key
// marker, a copy button, "Add" (to a wallet, with that endpoint alone) for one a wallet can use, and "Config" (the
// Connect section's snippets with that endpoint first) for a keyless HTTPS or WebSocket one.
// "Test from my browser" measures the endpoints a page may call from the visitor's browser (lib/browser-check.ts),
// each row's result beside the server's figures. Filters narrow the list; endpoints down 7 days in a row are hidden until asked for. Busy chains list 80+; the
// table shows the first rows until expanded.
import { Link } from '@tanstack/react-router';
import { Gauge } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import type { ChainDetail, RpcEndpoint } from '../../../contract/chains.ts';
import { formatDay } from '../../lib/dates.ts';
import { rankEndpoints } from '../../../contract/endpoint-rank.ts';
import { useQuery } from '@tanstack/react-query';
import { proberQuery } from '../../data/health.ts';
import {
  ENDPOINT_FILTERS,
  capabilityBadges,
  filterEndpoints,
  isDead,
  notCheckedYet,
  regionFigures,
  type EndpointFilter,
} from '../../lib/endpoint-health.ts';
import {
  CheckedAgo,
  formatUptime,
  HealthNote,
  HealthStatusLabel,
  WeekUptime,
} from '../../components/endpoint-health.tsx';
import { AddToWallet } from './chain-wallet-button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { TrackingBadge } from '../../components/tracking-badge.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { isConfigurable } from '../../../contract/snippets.ts';
import { consensusHeight, isBrowserTestable, measureAll, type BrowserResult } from '../../lib/browser-check.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';

export const COLLAPSED_ENDPOINTS = 10;

const lag = (blocks: number | null) => (blocks === null ? '—' : `${blocks} ${blocks === 1 ? 'block' : 'blocks'}`);
const latency = (ms: number | null) => (ms === null ? '—' : `${ms} ms`);

type EndpointsChain = Pick<
  ChainDetail,
  'name' | 'slug' | 'evmChainId' | 'nativeCurrency' | 'explorers' | 'rpcEndpoints'
>;

export function ChainEndpoints({ chain }: { chain: EndpointsChain }) {
  const { rpcEndpoints: endpoints, name: chainName } = chain;
  const [expanded, setExpanded] = useState(false);
  const [filters, setFilters] = useState<ReadonlySet<EndpointFilter>>(new Set());
  const [showDead, setShowDead] = useState(false);
  const keyless = endpoints.filter((e) => !e.needsApiKey).length;
  const ordered = useMemo(() => rankEndpoints(endpoints), [endpoints]);
  const dead = ordered.filter((e) => isDead(e.health)).length;
  const listed = filterEndpoints(showDead ? ordered : ordered.filter((e) => !isDead(e.health)), filters);
  const shown = expanded ? listed : listed.slice(0, COLLAPSED_ENDPOINTS);
  // What "Working only" cannot tell yet: the endpoints the other filters keep that the prober has not reached.
  const unchecked = filterEndpoints(ordered, new Set([...filters].filter((f) => f !== 'working'))).filter(
    (e) => e.health.status === 'unverified',
  ).length;
  const { data: prober } = useQuery(proberQuery());
  const [browser, setBrowser] = useState<ReadonlyMap<string, BrowserResult>>(new Map());
  const [testing, setTesting] = useState(false);
  const testable = ordered.filter(isBrowserTestable);
  const head = consensusHeight(browser.values());
  const testFromBrowser = async () => {
    setTesting(true);
    setBrowser(new Map());
    await measureAll(
      testable.map((e) => e.url),
      (url, result) => setBrowser((was) => new Map(was).set(url, result)),
    );
    setTesting(false);
  };
  const toggle = (f: EndpointFilter) =>
    setFilters((on) => (on.has(f) ? new Set([...on].filter((x) => x !== f)) : new Set([...on, f])));

  return (
    <Card id="rpc-endpoints">
      <CardHeader>
        <CardTitle>Public RPC Endpoints</CardTitle>
        <p className="text-sm text-slate-600">
          {endpoints.length === 0
            ? `No public RPC endpoints are listed for ${chainName} yet.`
            : `${endpoints.length} ${endpoints.length === 1 ? 'endpoint' : 'endpoints'} for ${chainName}, ${keyless} without an API key, with Chainlist's tracking label.`}{' '}
          <a href={`/changes.atom?chain=${encodeURIComponent(chain.slug)}`} className="whitespace-nowrap text-link">
            Changes (Atom)
          </a>
        </p>
      </CardHeader>
      {endpoints.length > 0 && (
        <CardContent className="space-y-4">
          <HealthNote endpoints={endpoints} />
          {testable.length > 0 && (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
              <Button variant="outline" size="sm" onClick={() => void testFromBrowser()} disabled={testing}>
                <Gauge className="size-4" aria-hidden="true" />
                {testing ? 'Testing…' : 'Test from my browser'}
              </Button>
              <p className="text-xs text-slate-600" data-testid="browser-check-note">
                {browser.size
                  ? `Measured from this browser now: latency is the median of 3 calls after a warm-up, lag is against the consensus head of these answers${head === null ? '' : ` (block ${head.toLocaleString('en-US')})`}. The results stay in this browser.`
                  : `Measures the ${testable.length} keyless HTTPS ${testable.length === 1 ? 'endpoint' : 'endpoints'} that web pages may call, from where you are. Nothing is sent to our server.`}
              </p>
            </div>
          )}
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
            <legend className="sr-only">Filter endpoints</legend>
            {(Object.keys(ENDPOINT_FILTERS) as EndpointFilter[]).map((f) => (
              <label key={f} className="inline-flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={filters.has(f)}
                  onChange={() => toggle(f)}
                  className="accent-accent-600"
                />
                {ENDPOINT_FILTERS[f].label}
              </label>
            ))}
            {dead > 0 && (
              <label className="inline-flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={showDead}
                  onChange={() => setShowDead((x) => !x)}
                  className="accent-accent-600"
                />
                Show {dead} down for 7+ days
              </label>
            )}
          </fieldset>
          {listed.length === 0 && (
            <p className="text-sm text-slate-600">
              {filters.has('working') && unchecked
                ? `None known to work: ${unchecked} of these endpoints ${unchecked === 1 ? 'is' : 'are'} ${notCheckedYet(prober)}.`
                : 'No endpoint matches these filters.'}
            </p>
          )}
          <div className={listed.length ? 'overflow-hidden rounded-lg border border-slate-200' : 'hidden'}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Public RPC endpoints of {chainName}</caption>
              <thead className="hidden bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase md:table-header-group">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    RPC URL · provider
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    Lag
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    Latency
                  </th>
                  <th scope="col" className="px-2 py-2 whitespace-nowrap">
                    Uptime 7d
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Privacy
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Copy or add to a wallet</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((e) => (
                  // Phones: each row is a small card (URL on top, details below); wider screens: a table row.
                  <tr
                    key={e.url}
                    className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-1.5 p-3 md:table-row md:p-0"
                  >
                    <td className="min-w-0 md:px-3 md:py-2.5">
                      <code className="font-mono text-xs break-all text-slate-800 sm:text-[13px]">{e.url}</code>
                      {e.needsApiKey && (
                        <Badge
                          variant="neutral"
                          className="ml-2 align-middle"
                          title="Needs an API key: sign up with the provider and put your key in the URL"
                        >
                          <Icon name="key-round" className="size-3" />
                          API key
                        </Badge>
                      )}
                      <span className="mt-0.5 block text-xs text-slate-600">
                        {e.provider ? (
                          <Link to="/providers/$slug" params={{ slug: e.provider.slug }} className="text-link">
                            {e.provider.name}
                          </Link>
                        ) : (
                          'No provider listed'
                        )}
                      </span>
                      <CapabilityBadges capabilities={e.capabilities} />
                      <RegionLatencies health={e.health} />
                    </td>
                    <td className="col-start-1 md:px-2 md:py-2.5">
                      <span className="flex flex-wrap items-center gap-x-2 md:flex-col md:items-start">
                        <HealthStatusLabel health={e.health} />
                        <CheckedAgo health={e.health} />
                      </span>
                      <BrowserFigures endpoint={e} result={browser.get(e.url)} head={head} tested={browser.size > 0} />
                      {/* Phones: the figures on one line under the status, when there are any. */}
                      {e.health.checkedAt && (
                        <span className="mt-0.5 block text-xs text-slate-600 tabular-nums md:hidden">
                          Lag {lag(e.health.blockLag)} · {latency(e.health.latencyMs)} ·{' '}
                          {formatUptime(e.health.uptime7d)} over 7 days
                        </span>
                      )}
                    </td>
                    <td className="hidden px-2 py-2.5 text-right text-slate-700 tabular-nums md:table-cell">
                      {lag(e.health.blockLag)}
                    </td>
                    <td className="hidden px-2 py-2.5 text-right text-slate-700 tabular-nums md:table-cell">
                      {latency(e.health.latencyMs)}
                    </td>
                    <td className="hidden px-2 py-2.5 text-slate-700 tabular-nums md:table-cell">
                      <WeekUptime id={e.id} health={e.health} />
                    </td>
                    <td className="col-start-1 md:px-2 md:py-2.5">
                      <TrackingBadge tracking={e.tracking} />
                    </td>
                    <td className="col-start-2 row-span-3 row-start-1 self-start md:px-2 md:py-1.5">
                      <div className="flex items-center justify-end gap-1">
                        {/* Add before Copy: the copy buttons stay in one column whether or not a row can be added. */}
                        <AddToWallet
                          chain={chain}
                          endpoints={[e]}
                          variant="ghost"
                          size="sm"
                          aria-label={`Add ${chainName} to a wallet with ${e.url}`}
                        >
                          <Icon name="wallet" />
                          Add
                        </AddToWallet>
                        {e.id !== undefined && isConfigurable(e) && (
                          <Link
                            to="."
                            search={(prev) => ({ ...prev, endpoint: e.id })}
                            hash="connect"
                            resetScroll={false}
                            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                            aria-label={`Config for ${chainName} with ${e.url}`}
                            title="Config for viem, wagmi, ethers, web3.py, Hardhat, Foundry with this endpoint"
                          >
                            <Icon name="code-xml" />
                          </Link>
                        )}
                        <CopyButton value={e.url} label={`${chainName} endpoint ${e.url}`} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {listed.length > COLLAPSED_ENDPOINTS && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setExpanded((x) => !x)}
              aria-expanded={expanded}
              aria-controls="rpc-endpoints"
            >
              {expanded ? 'Show fewer endpoints' : `Show all ${listed.length} endpoints`}
            </Button>
          )}
        </CardContent>
      )}
    </Card>
  );
}

/** Latency from each region that measured the endpoint (the site's own prober and probe agents elsewhere). */
function RegionLatencies({ health }: { health: RpcEndpoint['health'] }) {
  const figures = regionFigures(health.regions);
  if (!figures.length) return null;
  return (
    <p className="mt-1 text-xs text-slate-600 tabular-nums" data-testid="region-latencies">
      <span className="sr-only">Latency by region: </span>
      {/* A separator ends its line when the figures wrap, never starts the next. */}
      {figures.map((f, i) => (
        <Fragment key={f.region}>
          {i > 0 && ' '}
          <span
            className={f.stale ? 'whitespace-nowrap text-slate-500' : 'whitespace-nowrap'}
            title={f.stale ? `${f.region}: no result in three probe intervals` : `Measured from ${f.region}`}
          >
            {f.region} {f.text}
          </span>
          {i < figures.length - 1 && ' ·'}
        </Fragment>
      ))}
    </p>
  );
}

/** The measured capabilities, each badge saying what it means and when it was measured. */
function CapabilityBadges({ capabilities }: { capabilities: RpcEndpoint['capabilities'] }) {
  const badges = capabilityBadges(capabilities);
  if (!badges.length) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label="Measured capabilities">
      {badges.map((b) => (
        <Badge as="li" key={b.label} variant="neutral" title={`${b.title} (measured ${formatDay(b.checkedAt)})`}>
          {b.label}
        </Badge>
      ))}
    </ul>
  );
}

/** A row's result from the visitor's browser, beside the server's figures. */
function BrowserFigures({
  endpoint,
  result,
  head,
  tested,
}: {
  endpoint: ChainDetail['rpcEndpoints'][number];
  result: BrowserResult | undefined;
  head: number | null;
  tested: boolean;
}) {
  if (!tested || endpoint.needsApiKey) return null;
  const text = !isBrowserTestable(endpoint)
    ? endpoint.health.browserCallable === false
      ? 'Refuses calls from web pages (CORS): not measured here, not down'
      : null
    : !result || result.state === 'measuring'
      ? 'Measuring…'
      : result.state === 'no-answer'
        ? 'No answer here: blocked for web pages (CORS) or unreachable'
        : result.state === 'bad-answer'
          ? `Answered without a block number (${result.detail})`
          : `${result.latencyMs} ms · ${browserLag(head, result.height)}`;
  if (!text) return null;
  return (
    <span className="mt-1 block text-xs text-slate-700" data-testid="browser-result">
      <span className="font-medium">This browser:</span> {text}
    </span>
  );
}

function browserLag(head: number | null, height: number): string {
  const behind = head === null ? 0 : head - height;
  if (behind <= 0) return behind < 0 ? `${-behind} ${-behind === 1 ? 'block' : 'blocks'} ahead` : 'at the head';
  return `${behind} ${behind === 1 ? 'block' : 'blocks'} behind`;
}
