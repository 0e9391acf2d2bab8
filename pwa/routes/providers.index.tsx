// /providers: every provider with search and sort, two counters, category content, Browse by Blockchain.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { metaForProviders } from '../meta/pages.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { CategoryIntro } from '../components/html-content.tsx';
import { Counter } from '../components/counter.tsx';
import { EntityLink, LinkList } from '../components/entity-links.tsx';
import { Page, PageTitle } from '../components/page.tsx';
import { ProviderList } from '../components/provider-list.tsx';
import { cardChainsFrom } from '../components/provider-card.tsx';
import { SearchInput } from '../components/search-input.tsx';
import { SidebarCard } from '../components/sidebar.tsx';
import { Select } from '../components/ui/select.tsx';
import { chainsById, chainSummaryQuery } from '../data/chains.ts';
import { adsQuery, categoryQuery } from '../data/content.ts';
import { providersQuery } from '../data/providers.ts';
import { filterProviders, providerSorts, sortProviders } from '../lib/provider-list.ts';
import { FACT_LABELS, factUnknown, FILTER_FACTS, type FilterFact } from '../../contract/fact-names.ts';
import { FilterToggle } from '../components/filter-toggle.tsx';
import { optionalOneOf, optionalString } from '../lib/search-params.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';

const sorts = ['rating', 'name', 'reviews'] as const;

/** The facts filtered on, from `?has=archive,websocket` (unknown names ignored). */
const factsOf = (has: string | undefined): FilterFact[] => FILTER_FACTS.filter((f) => has?.split(',').includes(f));

export const Route = createFileRoute('/providers/')({
  validateSearch: (s: Record<string, unknown>): { q?: string; sort?: (typeof sorts)[number]; has?: string } => ({
    q: optionalString(s.q),
    sort: optionalOneOf(sorts)(s.sort),
    has: optionalString(s.has),
  }),
  loader: async ({ context: { queryClient } }) => {
    const [providers, category] = await Promise.all([
      ensure(queryClient, providersQuery()),
      ensure(queryClient, categoryQuery('providers')),
      ensure(queryClient, chainSummaryQuery()),
      ensure(queryClient, adsQuery('header')),
    ]);
    return { providers, category };
  },
  head: ({ match, loaderData }) =>
    routeHead(match, (origin) => metaForProviders(origin, loaderData?.category, loaderData?.providers ?? [])),
  component: ProvidersPage,
});

function BrowseByBlockchain() {
  const chains = useQuery(chainSummaryQuery());
  return (
    <SidebarCard title="Browse by Blockchain">
      <LinkList
        noun="chains"
        items={chains.data}
        loading={chains.isPending}
        skeletons={6}
        className="max-h-[40rem] space-y-0.5 overflow-y-auto pr-1"
      >
        {(c) => <EntityLink chain={c} />}
      </LinkList>
    </SidebarCard>
  );
}

function ProvidersPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/providers/' });
  const providers = useQuery(providersQuery());
  const chains = useQuery(chainSummaryQuery());
  const category = useQuery(categoryQuery('providers'));

  const [term, setTerm] = useState(search.q ?? '');
  useEffect(() => setTerm(search.q ?? ''), [search.q]);
  const sort = search.sort ?? 'rating';

  const chainMap = useMemo(() => chainsById(chains.data), [chains.data]);
  const facts = useMemo(() => factsOf(search.has), [search.has]);
  const visible = useMemo(
    () => providers.data && sortProviders(filterProviders(providers.data, { search: term, facts }), sort),
    [providers.data, term, facts, sort],
  );
  const setFact = (fact: FilterFact, on: boolean) => {
    const has = on ? [...facts, fact] : facts.filter((f) => f !== fact);
    void navigate({ search: (p) => ({ ...p, has: has.join(',') || undefined }), replace: true, resetScroll: false });
  };
  const rated = providers.data?.filter((p) => p.averageRating > 0).length;

  const trimmed = term.trim();
  return (
    <Page breadcrumbs={[{ label: 'Providers' }]} sidebar={<BrowseByBlockchain />}>
      <AdSlot position="header" className="mb-6" />
      <PageTitle
        title="All RPC Providers"
        subtitle="Compare RPC providers by rating, reviews and the networks they support."
      />
      <CategoryIntro category={category.data} label="About these providers" />

      <div className="mb-6 grid grid-cols-2 gap-4">
        <Counter label="Total Providers" value={providers.data?.length} />
        <Counter label="Rated Providers" value={rated} />
      </div>

      <div className="mb-6 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <SearchInput
          value={term}
          onChange={(v) => {
            setTerm(v);
            void navigate({ search: (p) => ({ ...p, q: v || undefined }), replace: true, resetScroll: false });
          }}
          placeholder="Search providers..."
          label="Search providers"
        />
        <Select
          aria-label="Sort providers"
          value={sort}
          onValueChange={(v) =>
            void navigate({
              search: (p) => ({ ...p, sort: v === 'rating' ? undefined : (v as (typeof sorts)[number]) }),
              replace: true,
              resetScroll: false,
            })
          }
          options={sorts.map((k) => ({ value: k, label: providerSorts[k] }))}
        />
      </div>
      <div className="mb-6 flex flex-wrap gap-x-5 gap-y-2" role="group" aria-label="Only providers known to have">
        {FILTER_FACTS.map((fact) => (
          <FilterToggle
            key={fact}
            label={FACT_LABELS[fact]}
            checked={facts.includes(fact)}
            onChange={(on) => setFact(fact, on)}
            title={`Only providers whose ${FACT_LABELS[fact]} is known to be yes`}
          />
        ))}
        {providers.data && (
          <p className="w-full text-xs text-slate-500" data-testid="facts-unknown">
            Unknown for{' '}
            {FILTER_FACTS.map(
              (fact) => `${FACT_LABELS[fact]}: ${providers.data.filter((p) => factUnknown(p, fact)).length}`,
            ).join(' · ')}{' '}
            of {providers.data.length} providers. A filter keeps only those known to have it.
          </p>
        )}
      </div>

      <ProviderList
        providers={visible}
        chainsOf={cardChainsFrom(chainMap)}
        headingLevel="h2"
        empty={
          facts.length
            ? 'No provider is known to have all the facts chosen: a fact counts once a source states it or our own data shows it.'
            : trimmed
              ? `No providers match "${trimmed}". Try a different search term.`
              : 'No RPC providers are currently available.'
        }
      />
    </Page>
  );
}
