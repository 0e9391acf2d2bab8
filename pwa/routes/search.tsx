// /search?q=: providers and chains matching a term, from GET /api/search.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { AlertCircle, Search } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { metaForSearch } from '../meta/pages.ts';
import { ChainGrid } from '../components/chain-card.tsx';
import { Page, PageTitle } from '../components/page.tsx';
import { ProviderList } from '../components/provider-list.tsx';
import { cardChainsFrom } from '../components/provider-card.tsx';
import { SearchInput } from '../components/search-input.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { chainsById, chainSummaryQuery } from '../data/chains.ts';
import { searchQuery } from '../data/search.ts';
import { optionalString } from '../lib/search-params.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';

export const Route = createFileRoute('/search')({
  validateSearch: (s: Record<string, unknown>): { q?: string } => ({ q: optionalString(s.q) }),
  loaderDeps: ({ search }) => ({ q: search.q?.trim() ?? '' }),
  loader: async ({ context: { queryClient }, deps }) => {
    const [result] = await Promise.all([
      deps.q ? ensure(queryClient, searchQuery(deps.q)) : undefined,
      ensure(queryClient, chainSummaryQuery()),
    ]);
    return { q: deps.q, result };
  },
  head: ({ match, loaderData }) =>
    routeHead(match, (origin) => metaForSearch(origin, loaderData?.q, loaderData?.result)),
  component: SearchPage,
});

const resultLabel = (n: number) => `Found ${n} ${n === 1 ? 'result' : 'results'}`;

function SearchPage() {
  const { q } = Route.useSearch();
  const term = q?.trim() ?? '';
  const navigate = useNavigate({ from: '/search' });
  const [draft, setDraft] = useState(q ?? '');
  useEffect(() => setDraft(q ?? ''), [q]);

  const result = useQuery(searchQuery(term));
  const chains = useQuery(chainSummaryQuery());
  const chainMap = useMemo(() => chainsById(chains.data), [chains.data]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: { q: draft.trim() || undefined } });
  };

  const total = result.data ? result.data.providers.length + result.data.chains.length : 0;

  return (
    <Page breadcrumbs={[{ label: 'Search' }]}>
      <PageTitle
        title={term ? <>Search results for “{term}”</> : 'Search'}
        subtitle="Find RPC providers and blockchain networks by name or description."
      />
      <form role="search" aria-label="Search the directory" onSubmit={onSubmit} className="mb-8 flex gap-2">
        {/* Without a term the page is only its box (the header's search icon leads here): ready to type. */}
        <SearchInput
          value={draft}
          onChange={setDraft}
          placeholder="Search providers and chains..."
          label="Search term"
          className="flex-1"
          autoFocus={!term}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>

      {!term && (
        <Card className="px-6 py-12 text-center text-slate-600">
          Type a provider or network name above — for example “Ethereum”, “Arbitrum” or “Alchemy”.
        </Card>
      )}

      {term && result.isError && (
        <Card role="alert" className="flex items-center gap-3 border-red-200 bg-red-50 px-6 py-5 text-red-800">
          <AlertCircle className="size-5 shrink-0" aria-hidden="true" />
          An error occurred while searching. Please try again.
        </Card>
      )}

      {term && result.isPending && <ProviderList providers={undefined} chainsOf={cardChainsFrom(chainMap)} empty="" />}

      {term && result.data && (
        <div className="space-y-10">
          <p className="text-slate-700" aria-live="polite">
            {resultLabel(total)}
          </p>
          {total === 0 ? (
            <Card className="px-6 py-12 text-center text-slate-600">
              <p className="font-medium text-slate-900">No results found for “{term}”.</p>
              <p className="mt-2">
                Try a different spelling, or browse{' '}
                <Link to="/providers" className="font-medium text-link">
                  all RPC providers
                </Link>{' '}
                and{' '}
                <Link to="/chains" className="font-medium text-link">
                  all blockchain networks
                </Link>
                .
              </p>
            </Card>
          ) : (
            <>
              <section aria-labelledby="search-providers">
                <h2 id="search-providers" className="mb-4 text-xl font-semibold text-slate-900">
                  RPC Providers ({result.data.providers.length})
                </h2>
                {result.data.providers.length > 0 ? (
                  <ProviderList
                    providers={result.data.providers}
                    chainsOf={cardChainsFrom(chainMap)}
                    headingLevel="h3"
                    empty=""
                  />
                ) : (
                  <p className="text-sm text-slate-600">No providers match “{term}”.</p>
                )}
              </section>
              <section aria-labelledby="search-chains">
                <h2 id="search-chains" className="mb-4 text-xl font-semibold text-slate-900">
                  Blockchain Networks ({result.data.chains.length})
                </h2>
                {result.data.chains.length > 0 ? (
                  <ChainGrid chains={result.data.chains} headingLevel="h3" providersLinks />
                ) : (
                  <p className="text-sm text-slate-600">No blockchain networks match “{term}”.</p>
                )}
              </section>
            </>
          )}
        </div>
      )}
    </Page>
  );
}
