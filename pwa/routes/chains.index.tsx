// /chains: every blockchain network with search, sort, counters, a testnet toggle, category content and the
// "Don't see your chain?" request dialog.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { MessageSquarePlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { metaForChains } from '../meta/pages.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { ChainGrid } from '../components/chain-card.tsx';
import { Counter } from '../components/counter.tsx';
import { CategoryIntro } from '../components/html-content.tsx';
import { Page, PageTitle } from '../components/page.tsx';
import { SearchInput } from '../components/search-input.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Select } from '../components/ui/select.tsx';
import { chainsWithStatsQuery } from '../data/chains.ts';
import { proberQuery } from '../data/health.ts';
import { adsQuery, categoryQuery } from '../data/content.ts';
import {
  chainCounters,
  chainSortKeys,
  chainSorts,
  filterChains,
  sortChains,
  type ChainSort,
} from '../lib/chain-list.ts';
import { pluralize } from '../lib/rating.ts';
import { optionalBoolean, optionalOneOf, optionalString } from '../lib/search-params.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';

// The most widely served networks first: what most visitors look for (Ethereum, Arbitrum, Base...).
const DEFAULT_SORT: ChainSort = 'providers';

// The request dialog and its form load when it first opens: the list does not need them to show or hydrate.
const ContactDialog = lazy(() =>
  import('./-components/contact-dialog.tsx').then((m) => ({ default: m.ContactDialog })),
);

export const Route = createFileRoute('/chains/')({
  // Shareable state: ?q=arbitrum&sort=providers&testnets=true. Bad values fall back to the defaults.
  validateSearch: (s: Record<string, unknown>): { q?: string; sort?: ChainSort; testnets?: boolean } => ({
    q: optionalString(s.q),
    sort: optionalOneOf(chainSortKeys)(s.sort),
    testnets: optionalBoolean(s.testnets),
  }),
  loader: async ({ context: { queryClient } }) => {
    const [chains, category] = await Promise.all([
      ensure(queryClient, chainsWithStatsQuery()),
      ensure(queryClient, categoryQuery('chains')),
      ensure(queryClient, adsQuery('header')),
      ensure(queryClient, proberQuery()),
    ]);
    return { chains, category };
  },
  head: ({ match, loaderData }) =>
    routeHead(match, (origin) => metaForChains(origin, loaderData?.category, loaderData?.chains ?? [])),
  component: ChainsPage,
});

function TestnetToggle({
  checked,
  onChange,
  count,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  count: number | undefined;
}) {
  return (
    <label className="inline-flex h-10 cursor-pointer items-center gap-2.5 rounded-lg border whitespace-nowrap border-slate-300 bg-white px-3 text-sm text-slate-800 shadow-sm select-none hover:border-slate-400 has-focus-visible:ring-2 has-focus-visible:ring-accent-600/40">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-5 w-9 rounded-full bg-slate-300 transition-colors peer-checked:bg-accent-600 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4"
      />
      <span>
        Include testnets
        {count !== undefined && <span className="hidden text-slate-500 tabular-nums sm:inline"> ({count})</span>}
      </span>
    </label>
  );
}

function ChainsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/chains/' });
  const chains = useQuery(chainsWithStatsQuery());
  const category = useQuery(categoryQuery('chains'));
  const [requestOpen, setRequestOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  // The field updates at once; the URL follows without adding history entries.
  const [term, setTerm] = useState(search.q ?? '');
  useEffect(() => setTerm(search.q ?? ''), [search.q]);
  const setSearch = (patch: Partial<typeof search>) =>
    navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true, resetScroll: false });

  const sort = search.sort ?? DEFAULT_SORT;
  const includeTestnets = search.testnets ?? false;
  const trimmed = term.trim();

  const view = useMemo(() => {
    if (!chains.data) return undefined;
    const inScope = filterChains(chains.data, { includeTestnets });
    const matching = sortChains(filterChains(inScope, { search: term, includeTestnets }), sort);
    // Searching with testnets hidden: say when testnets would match, so "sepolia" never ends in a dead end.
    const hiddenTestnetMatches =
      includeTestnets || !term.trim()
        ? 0
        : filterChains(chains.data, { search: term, includeTestnets: true }).length - matching.length;
    const testnets = chains.data.filter((c) => c.isTestnet).length;
    return { matching, counters: chainCounters(inScope, matching), hiddenTestnetMatches, testnets };
  }, [chains.data, term, sort, includeTestnets]);

  return (
    <Page breadcrumbs={[{ label: 'Chains' }]}>
      <AdSlot position="header" className="mb-6" />
      <CategoryIntro category={category.data} label="About these networks" />
      <PageTitle
        title="All Blockchain Networks"
        subtitle="Every network in the directory with its chain ID, public RPC endpoints and the providers that serve it."
      />

      <div className="mb-6 grid grid-cols-2 gap-4">
        <Counter label="Blockchain Networks" value={view?.counters.networks} />
        {trimmed ? (
          <Counter label="Search Results" value={view?.counters.results} />
        ) : (
          <Counter label="Active Networks" value={view?.counters.active} />
        )}
      </div>

      {/* Phones: one control a row (side by side, the sort label was cut and the toggle's words wrapped). */}
      <div className="mb-6 grid gap-3 sm:grid-cols-2 md:grid-cols-[minmax(0,1fr)_13rem_auto]">
        <SearchInput
          className="sm:col-span-2 md:col-span-1"
          value={term}
          onChange={(v) => {
            setTerm(v);
            void setSearch({ q: v || undefined });
          }}
          placeholder="Search chains..."
          label="Search chains by name, description or chain ID"
        />
        <Select
          aria-label="Sort chains"
          value={sort}
          onValueChange={(v) => void setSearch({ sort: v === DEFAULT_SORT ? undefined : (v as ChainSort) })}
          options={chainSortKeys.map((k) => ({ value: k, label: `Sort: ${chainSorts[k]}` }))}
        />
        <TestnetToggle
          checked={includeTestnets}
          onChange={(v) => void setSearch({ testnets: v || undefined })}
          count={view?.testnets}
        />
      </div>

      {view && view.matching.length === 0 ? (
        <Card className="px-6 py-12 text-center text-slate-600">
          <p>No chains found</p>
          {trimmed && (
            <p className="mt-2 text-sm">
              <Link to="/search" search={{ q: trimmed }} className="font-medium text-link">
                Search providers and networks for “{trimmed}”
              </Link>
            </p>
          )}
          {view.hiddenTestnetMatches > 0 && (
            <Button variant="link" className="mt-2" onClick={() => void setSearch({ testnets: true })}>
              Show {pluralize(view.hiddenTestnetMatches, 'matching testnet')}
            </Button>
          )}
        </Card>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {view && `${pluralize(view.matching.length, 'network')} shown`}
          </p>
          <ChainGrid chains={view?.matching} headingLevel="h2" skeletons={6} />
          {view && view.hiddenTestnetMatches > 0 && (
            <p className="mt-4 text-sm text-slate-600">
              {pluralize(view.hiddenTestnetMatches, 'testnet')} also{' '}
              {view.hiddenTestnetMatches === 1 ? 'matches' : 'match'}.{' '}
              <Button variant="link" onClick={() => void setSearch({ testnets: true })}>
                Include testnets
              </Button>
            </p>
          )}
        </>
      )}

      <Card className="mt-8 flex flex-col items-start gap-4 border-dashed p-6 sm:flex-row sm:items-center">
        <MessageSquarePlus className="size-8 shrink-0 text-accent-600" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="font-semibold text-slate-900">Don't see your chain?</h2>
          <p className="mt-1 text-sm text-slate-600">
            Ask us to add a blockchain network or an RPC provider, and we will look into it.
          </p>
        </div>
        <Button
          onClick={() => {
            setRequested(true);
            setRequestOpen(true);
          }}
        >
          Request a Chain
        </Button>
      </Card>
      {requested && (
        <Suspense fallback={null}>
          <ContactDialog open={requestOpen} onOpenChange={setRequestOpen} />
        </Suspense>
      )}
    </Page>
  );
}
