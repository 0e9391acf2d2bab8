// A provider's public RPC endpoints grouped by chain, each with its tracking label and a copy button.
// Large providers serve 100+ networks: the list is filterable and shows the first groups until expanded.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ProviderDetail } from '../../../contract/providers.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { HealthNote, HealthStatusLabel } from '../../components/endpoint-health.tsx';
import { healthWords, healthyCount } from '../../lib/endpoint-health.ts';
import { proberQuery } from '../../data/health.ts';
import { Logo } from '../../components/logo.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { TrackingBadge } from '../../components/tracking-badge.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';

type Endpoint = ProviderDetail['rpcEndpoints'][number];
const COLLAPSED_GROUPS = 8;

/**
 * A provider page's list of networks: past COLLAPSED_GROUPS it offers a filter, and shows its first groups until the
 * visitor asks for all (a filter shows every match).
 */
export function useNetworkList<T>(groups: readonly T[], matches: (group: T, term: string) => boolean) {
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState(false);
  const term = filter.trim().toLowerCase();
  const matching = term ? groups.filter((g) => matches(g, term)) : groups;
  return {
    filter,
    setFilter,
    filterable: groups.length > COLLAPSED_GROUPS,
    shown: expanded || term ? matching : matching.slice(0, COLLAPSED_GROUPS),
    /** The "Show all N networks" / "Show fewer networks" button, when the list is cut. */
    showAll: !term && matching.length > COLLAPSED_GROUPS && (
      <Button variant="outline" size="sm" onClick={() => setExpanded((x) => !x)} aria-expanded={expanded}>
        {expanded ? 'Show fewer networks' : `Show all ${matching.length} networks`}
      </Button>
    ),
  };
}

/** Endpoints grouped by chain, in first-seen order (the API lists them in the chains' order). */
export function groupByChain(endpoints: readonly Endpoint[]) {
  const groups = new Map<number, { chain: Endpoint['chain']; endpoints: Endpoint[] }>();
  for (const e of endpoints) {
    const g = groups.get(e.chain.id) ?? { chain: e.chain, endpoints: [] };
    g.endpoints.push(e);
    groups.set(e.chain.id, g);
  }
  return [...groups.values()];
}

export function ProviderEndpoints({
  endpoints,
  providerName,
}: {
  endpoints: readonly Endpoint[];
  providerName: string;
}) {
  const groups = useMemo(() => groupByChain(endpoints), [endpoints]);
  const { filter, setFilter, filterable, shown, showAll } = useNetworkList(
    groups,
    (g, term) => g.chain.name.toLowerCase().includes(term) || g.endpoints.some((e) => e.url.includes(term)),
  );
  const counts = healthyCount(endpoints);
  const { data: prober } = useQuery(proberQuery());

  if (endpoints.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Public RPC Endpoints</CardTitle>
        <p className="text-sm text-slate-600">
          {endpoints.length} {endpoints.length === 1 ? 'endpoint' : 'endpoints'} from {providerName} across{' '}
          {groups.length} {groups.length === 1 ? 'network' : 'networks'}, with Chainlist's tracking label.{' '}
          <strong className="font-medium text-slate-800" data-testid="provider-healthy">
            {counts.total === 0
              ? 'Every one needs an API key, so none is health-checked.'
              : counts.checked === counts.total
                ? `${counts.healthy} of ${counts.total} public endpoints healthy.`
                : `${counts.total} public endpoints: ${healthWords(counts, prober)}.`}
          </strong>
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {counts.total > 0 && <HealthNote endpoints={endpoints} />}
        {filterable && (
          <SearchInput
            value={filter}
            onChange={setFilter}
            placeholder="Filter networks..."
            label="Filter endpoints by network"
          />
        )}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {shown.map((g) => (
            <li key={g.chain.id} className="p-3 sm:p-4">
              <Link
                to="/chains/$slug"
                params={{ slug: g.chain.slug }}
                className="inline-flex items-center gap-2 text-sm font-semibold text-slate-900 hover:text-accent-700"
              >
                <Logo src={g.chain.iconUrl} name={g.chain.name} color={g.chain.color} size="xs" />
                {g.chain.name}
              </Link>
              <ul className="mt-2 space-y-1.5">
                {g.endpoints.map((e) => (
                  <li
                    key={e.url}
                    className="flex flex-col gap-1 rounded-md bg-slate-50 py-1.5 pr-1 pl-3 sm:flex-row sm:items-center sm:gap-2"
                  >
                    <code className="min-w-0 pr-2 font-mono text-xs break-all text-slate-800 sm:flex-1 sm:pr-0 sm:text-sm">
                      {e.url}
                    </code>
                    <span className="flex flex-wrap items-center gap-1.5 [&>button]:ml-auto">
                      {/* Only keyless endpoints are probed: a key-only one has no health to show. */}
                      {e.needsApiKey ? (
                        <Badge variant="neutral" title="Needs an API key">
                          <Icon name="key-round" className="size-3" />
                          API key
                        </Badge>
                      ) : (
                        <span className="text-xs">
                          <HealthStatusLabel health={e.health} />
                        </span>
                      )}
                      <TrackingBadge tracking={e.tracking} />
                      <CopyButton value={e.url} label={`${g.chain.name} endpoint ${e.url}`} />
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {shown.length === 0 && <li className="p-4 text-sm text-slate-600">No endpoints match “{filter.trim()}”.</li>}
        </ul>
        {showAll}
      </CardContent>
    </Card>
  );
}
