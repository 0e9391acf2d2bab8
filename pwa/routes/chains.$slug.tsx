// /chains/{slug}: a network's page with its facts from the dataset, public RPC endpoints,
// "Add to wallet", votes, its providers (sortable) and Other Chains.
import { useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import type { ChainDetail } from '../../contract/chains.ts';
import { metaForChain } from '../meta/pages.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { ChainConnect } from './-components/chain-connect.tsx';
import { ChainEndpoints } from './-components/chain-endpoints.tsx';
import { ChainFacts } from './-components/chain-facts.tsx';
import { ChainWalletButton } from './-components/chain-wallet-button.tsx';
import { HtmlContent } from '../components/html-content.tsx';
import { EntityHeader } from '../components/entity-header.tsx';
import { EntityLink, LinkList } from '../components/entity-links.tsx';
import { ResourceNotFound } from '../components/not-found.tsx';
import { DetailPageSkeleton, Page } from '../components/page.tsx';
import { ProviderList } from '../components/provider-list.tsx';
import { cardChainsOnChain } from '../components/provider-card.tsx';
import { SidebarCard } from '../components/sidebar.tsx';
import { SocialLinks } from '../components/social-links.tsx';
import { Stars } from '../components/stars.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Select } from '../components/ui/select.tsx';
import { VoteButtons } from '../components/vote-buttons.tsx';
import { chainQuery, chainSummaryQuery, frameChainsQuery } from '../data/chains.ts';
import { providersOnChainQuery } from '../data/providers.ts';
import { isNotFoundError } from '../lib/api.ts';
import {
  chainProviderSortDescriptions,
  chainProviderSortKeys,
  chainProviderSorts,
  endpointsByProvider,
  otherChains,
  sortChainProviders,
  type ChainProviderSort,
} from '../lib/chain-list.ts';
import { pluralize } from '../lib/rating.ts';
import { LIMITS } from '../lib/site.ts';
import { optionalBoolean, optionalOneOf, optionalPositiveInt } from '../lib/search-params.ts';
import { FilterToggle, PUBLIC_ONLY_LABEL, PUBLIC_ONLY_TITLE } from '../components/filter-toggle.tsx';
import { routeHead } from '../lib/page-head.ts';
import { proberQuery } from '../data/health.ts';
import { ensure } from '../lib/query-client.ts';
import { adsQuery } from '../data/content.ts';
import { whenSignedIn } from '../data/auth.ts';
import { myVotesQuery } from '../data/votes.ts';

const DEFAULT_SORT: ChainProviderSort = 'reviews';

/**
 * What Other Chains chooses from: the first chains of each kind, one more than it shows (the page's own chain may
 * be among them), rather than all of them.
 */
const OTHER_CHAINS = [true, false].map((testnet) => chainSummaryQuery({ testnet, first: LIMITS.otherChains + 1 }));

export const Route = createFileRoute('/chains/$slug')({
  validateSearch: (s: Record<string, unknown>): { sort?: ChainProviderSort; public?: true; endpoint?: number } => ({
    sort: optionalOneOf(chainProviderSortKeys)(s.sort),
    public: optionalBoolean(s.public) || undefined,
    // The endpoint the Connect section's config puts first (an endpoint row's "Config").
    endpoint: optionalPositiveInt(s.endpoint),
  }),
  loader: async ({ context: { queryClient }, params }) => {
    // When a chain list in the cache holds the chain (the header's, the chains' summary), its providers load
    // alongside the detail.
    const known = [chainSummaryQuery(), frameChainsQuery()]
      .flatMap((q) => queryClient.getQueryData(q.queryKey) ?? [])
      .find((c) => c.slug === params.slug);
    const [chain, providers] = await Promise.all([
      queryClient.ensureQueryData(chainQuery(params.slug)).catch((error: unknown) => {
        throw isNotFoundError(error) ? notFound() : error;
      }),
      known && ensure(queryClient, providersOnChainQuery(known.id)),
      ...OTHER_CHAINS.map((q) => ensure(queryClient, q)),
      ensure(queryClient, adsQuery('content-top')),
      ensure(queryClient, proberQuery()),
      whenSignedIn(queryClient, () => ensure(queryClient, myVotesQuery(true))),
    ]);
    return { chain, providers: providers ?? (await ensure(queryClient, providersOnChainQuery(chain.id))) };
  },
  head: ({ match, loaderData }) =>
    routeHead(match, (origin) => loaderData && metaForChain(origin, loaderData.chain, loaderData.providers ?? [])),
  pendingComponent: () => <DetailPageSkeleton label="Loading chain" />,
  notFoundComponent: () => (
    <ResourceNotFound
      title="Chain Not Found"
      message="The blockchain network you're looking for doesn't exist."
      back={{ to: '/chains', label: 'Back to all chains' }}
    />
  ),
  component: ChainPage,
});

function BackLink() {
  return (
    <Link to="/chains" className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-700 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to all chains
    </Link>
  );
}

function ChainHeader({ chain }: { chain: ChainDetail }) {
  return (
    <EntityHeader
      name={chain.name}
      image={chain.iconUrl}
      color={chain.color}
      badge={chain.isTestnet && <Badge variant="warning">Testnet</Badge>}
      facts={
        <>
          <Badge variant="default">{pluralize(chain.providerCount, 'Provider')}</Badge>
          {chain.evmChainId != null && (
            <Badge variant="neutral" className="font-mono">
              Chain ID {chain.evmChainId}
            </Badge>
          )}
          {chain.averageRating > 0 && (
            <span className="inline-flex items-center gap-1.5" title="Mean rating of its rated providers">
              <Stars value={chain.averageRating} />
              <span>average provider rating</span>
            </span>
          )}
        </>
      }
      description={chain.description}
      actions={
        <>
          <VoteButtons
            target="chain"
            slug={chain.slug}
            name={chain.name}
            upvotes={chain.totalUpvotes}
            downvotes={chain.totalDownvotes}
          />
          <ChainWalletButton chain={chain} />
          <SocialLinks entity={chain} name={chain.name} />
        </>
      }
    />
  );
}

function ChainProviders({ chain }: { chain: ChainDetail }) {
  const { sort: sortParam, public: publicOnly } = Route.useSearch();
  const navigate = useNavigate({ from: '/chains/$slug' });
  const providers = useQuery(providersOnChainQuery(chain.id));
  const sort = sortParam ?? DEFAULT_SORT;
  const onChain = useMemo(
    () => ({ chainName: chain.name, endpoints: endpointsByProvider(chain.rpcEndpoints) }),
    [chain],
  );
  const sorted = useMemo(
    () =>
      providers.data &&
      sortChainProviders(
        publicOnly ? providers.data.filter((p) => p.kind === 'public-endpoint') : providers.data,
        sort,
        onChain.endpoints,
      ),
    [providers.data, sort, onChain, publicOnly],
  );

  return (
    <section aria-labelledby="chain-providers">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="chain-providers" className="text-xl font-semibold text-slate-900">
          {chain.name} RPC Providers{sorted && <span className="font-normal text-slate-500"> ({sorted.length})</span>}
        </h2>
        <FilterToggle
          label={PUBLIC_ONLY_LABEL}
          title={PUBLIC_ONLY_TITLE}
          checked={publicOnly === true}
          onChange={(on) =>
            void navigate({
              search: (prev) => ({ ...prev, public: on || undefined }),
              replace: true,
              resetScroll: false,
            })
          }
        />
        <Select
          aria-label="Sort providers"
          className="sm:w-52"
          value={sort}
          onValueChange={(v) =>
            void navigate({
              search: (prev) => ({ ...prev, sort: v === DEFAULT_SORT ? undefined : (v as ChainProviderSort) }),
              replace: true,
              resetScroll: false,
            })
          }
          options={chainProviderSortKeys.map((k) => ({ value: k, label: chainProviderSorts[k] }))}
        />
      </div>
      <p className="mb-4 text-sm text-slate-600">
        Sorted by {chainProviderSortDescriptions[sort]}
        {sort !== 'name' && (
          <>, then by the endpoints each offers on {chain.name}: without an API key and without tracking first</>
        )}
        .
      </p>
      <ProviderList
        providers={sorted}
        chainsOf={cardChainsOnChain}
        headingLevel="h3"
        empty="No providers found"
        onChain={onChain}
      />
    </section>
  );
}

function OtherChains({ chain }: { chain: ChainDetail }) {
  const [testnets, mainnets] = useQueries({ queries: OTHER_CHAINS });
  return (
    <SidebarCard title="Other Chains" viewAll="/chains">
      <LinkList
        noun="chains"
        items={
          testnets.data && mainnets.data && otherChains([...mainnets.data, ...testnets.data], chain, LIMITS.otherChains)
        }
        loading={testnets.isPending || mainnets.isPending}
        skeletons={LIMITS.otherChains}
        className="space-y-1"
      >
        {(c) => (
          <EntityLink
            chain={c}
            size="sm"
            detail={c.evmChainId != null && <span className="tabular-nums">Chain ID {c.evmChainId}</span>}
          />
        )}
      </LinkList>
    </SidebarCard>
  );
}

function ChainPage() {
  const { slug } = Route.useParams();
  const { endpoint } = Route.useSearch();
  const { data: chain } = useSuspenseQuery(chainQuery(slug));

  return (
    <Page
      breadcrumbs={[{ label: 'Chains', to: '/chains' }, { label: chain.name }]}
      sidebar={
        <div className="space-y-6 lg:sticky lg:top-24">
          <OtherChains chain={chain} />
          <BackLink />
        </div>
      }
    >
      <div className="space-y-6">
        <ChainHeader chain={chain} />
        <AdSlot position="content-top" />
        <ChainFacts chain={chain} />
        {chain.detailedDescription.trim() && (
          <Card>
            <CardHeader>
              <CardTitle>About {chain.name}</CardTitle>
            </CardHeader>
            <CardContent>
              <HtmlContent html={chain.detailedDescription} />
            </CardContent>
          </Card>
        )}
        {/* Endpoints (collapsed to a few rows) before the long provider list: they are what developers copy. */}
        <ChainEndpoints chain={chain} />
        <ChainConnect chain={chain} endpointId={endpoint} />
        <ChainProviders chain={chain} />
      </div>
    </Page>
  );
}
