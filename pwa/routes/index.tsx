// Home (/): the Hotlist of every provider, with search, chain filter and the four sorts.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Sparkles } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { HOME_TITLE } from '../meta/page-meta.ts';
import { metaForHome } from '../meta/pages.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { HtmlContent } from '../components/html-content.tsx';
import { Page, PageTitle } from '../components/page.tsx';
import { ProviderList } from '../components/provider-list.tsx';
import { cardChainsFrom } from '../components/provider-card.tsx';
import { FilterToggle, PUBLIC_ONLY_LABEL, PUBLIC_ONLY_TITLE } from '../components/filter-toggle.tsx';
import { SearchInput } from '../components/search-input.tsx';
import { Sidebar } from '../components/sidebar.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Select } from '../components/ui/select.tsx';
import { useAuth } from '../data/auth.ts';
import { chainsById, chainSummaryQuery } from '../data/chains.ts';
import { adsQuery, homepageQuery } from '../data/content.ts';
import { popularProvidersQuery, providersQuery } from '../data/providers.ts';
import { filterProviders, providerSorts, sortProviders, type ProviderSort } from '../lib/provider-list.ts';
import { pluralize } from '../lib/rating.ts';
import { optionalBoolean, optionalOneOf, optionalPositiveInt, optionalString } from '../lib/search-params.ts';
import { PRODUCT_NAME } from '../lib/site.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';

const sortKeys = Object.keys(providerSorts) as [ProviderSort, ...ProviderSort[]];
const ALL_CHAINS = 'all';

export const Route = createFileRoute('/')({
  validateSearch: (s: Record<string, unknown>): { q?: string; chain?: number; public?: true; sort?: ProviderSort } => ({
    q: optionalString(s.q),
    chain: optionalPositiveInt(s.chain),
    public: optionalBoolean(s.public) || undefined,
    sort: optionalOneOf(sortKeys)(s.sort),
  }),
  loader: async ({ context: { queryClient } }) => {
    const [providers, homepage] = await Promise.all([
      ensure(queryClient, providersQuery()),
      ensure(queryClient, homepageQuery()),
      ensure(queryClient, chainSummaryQuery()),
      ensure(queryClient, popularProvidersQuery()), // the sidebar
      ensure(queryClient, adsQuery('header')),
      ensure(queryClient, adsQuery('hotlist-inline')),
    ]);
    return { providers, homepage };
  },
  head: ({ match, loaderData }) =>
    routeHead(match, (origin) => metaForHome(origin, loaderData?.homepage, loaderData?.providers ?? [])),
  component: HomePage,
});

function SignedOutInvitation() {
  // Shown while the user lookup is pending too: most first visits are signed out, and appearing late
  // would push the hotlist down (layout shift). Returning users get their cached sign-in state at once.
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return null;
  return (
    <Card className="mb-6 flex flex-col gap-3 border-accent-200 bg-accent-50/60 p-4 sm:flex-row sm:items-center">
      <p className="flex flex-1 items-start gap-3 text-sm text-slate-700">
        <Sparkles className="size-5 shrink-0 text-accent-600" aria-hidden="true" />
        New to {PRODUCT_NAME}? See how developers use it to pick RPC providers, or sign in to rate and review the ones
        you use.
      </p>
      <div className="flex gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/landing">How {PRODUCT_NAME} works</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/login">Sign in</Link>
        </Button>
      </div>
    </Card>
  );
}

function HomePage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  const providers = useQuery(providersQuery());
  const chains = useQuery(chainSummaryQuery());
  const homepage = useQuery(homepageQuery());
  const inlineAds = useQuery(adsQuery('hotlist-inline')).data;

  // The field updates at once; the URL (shareable state) follows without adding history entries.
  const [term, setTerm] = useState(search.q ?? '');
  useEffect(() => setTerm(search.q ?? ''), [search.q]);
  const setSearch = (patch: Partial<typeof search>) =>
    navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true, resetScroll: false });

  const sort = search.sort ?? 'rating';
  const chainMap = useMemo(() => chainsById(chains.data), [chains.data]);
  const selectedChain = search.chain ? chainMap.get(search.chain) : undefined;
  const visible = useMemo(
    () =>
      providers.data &&
      sortProviders(
        filterProviders(providers.data, {
          search: term,
          chainId: search.chain ?? null,
          publicOnly: search.public,
        }),
        sort,
      ),
    [providers.data, term, search.chain, search.public, sort],
  );

  const chainOptions = useMemo(
    () => [
      { value: ALL_CHAINS, label: 'All Chains' },
      ...(chains.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ],
    [chains.data],
  );

  return (
    <Page sidebar={<Sidebar />}>
      <AdSlot position="header" className="mb-6" />
      <HtmlContent html={homepage.data?.introText} className="mb-6" />
      <PageTitle title={HOME_TITLE} subtitle="Blockchain RPC providers ranked by the developers who use them." />
      <SignedOutInvitation />

      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_11rem]">
        <SearchInput
          value={term}
          onChange={(v) => {
            setTerm(v);
            setSearch({ q: v || undefined });
          }}
          placeholder="Search providers..."
          label="Search providers"
          className="col-span-2 sm:col-span-1"
        />
        <Select
          aria-label="Filter by chain"
          value={search.chain ? String(search.chain) : ALL_CHAINS}
          onValueChange={(v) => setSearch({ chain: v === ALL_CHAINS ? undefined : Number(v) })}
          options={chainOptions}
        />
        <Select
          aria-label="Sort providers"
          value={sort}
          onValueChange={(v) => setSearch({ sort: v === 'rating' ? undefined : (v as ProviderSort) })}
          options={sortKeys.map((k) => ({ value: k, label: providerSorts[k] }))}
        />
      </div>

      <FilterToggle
        label={PUBLIC_ONLY_LABEL}
        title={PUBLIC_ONLY_TITLE}
        checked={search.public === true}
        onChange={(on) => setSearch({ public: on || undefined })}
        className="mb-4"
      />

      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm text-slate-600">
        <p aria-live="polite">
          {visible ? `Showing ${pluralize(visible.length, 'provider')}` : 'Loading providers…'}
          {term.trim() && (
            <>
              {' '}
              matching “<span className="font-medium text-slate-900">{term.trim()}</span>”
            </>
          )}
          {selectedChain && (
            <>
              {' '}
              on <span className="font-medium text-slate-900">{selectedChain.name}</span>
            </>
          )}
          {search.public && <> with a public endpoint</>}
        </p>
        {sort === 'popular' && (
          <Link to="/about" hash="most-popular" className="text-accent-700 hover:underline">
            How is “Most Popular” ranked?
          </Link>
        )}
      </div>

      <ProviderList
        providers={visible}
        chainsOf={cardChainsFrom(chainMap)}
        inlineAds={inlineAds}
        headingLevel="h2"
        empty={<p className="font-medium text-slate-900">No providers found</p>}
      />

      <HtmlContent html={homepage.data?.seoText} className="mt-10" />
    </Page>
  );
}
