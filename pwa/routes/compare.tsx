// /compare?providers=a,b,c: two to four providers side by side — ratings, reviews, votes, privacy, the chains they
// serve (in common and only one, by kind), their endpoints' health on the common chains, the structured facts — with
// the best value of each differing row highlighted.
// Rendered from the providers' details, which the offline directory holds too.
import { useQueries, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import {
  bestOf,
  COMPARE_MAX,
  COMPARE_MIN,
  compareChains,
  compareSlugs,
  kindOf,
  type CommonChain,
} from '../../contract/compare.ts';
import type { ProviderChain, ProviderDetail } from '../../contract/providers.ts';
import { metaForCompare } from '../meta/pages.ts';
import { FACT_LABELS, FACT_NAMES } from '../../contract/fact-names.ts';
import { factText, listedAddresses, listedOf, verifiedOf } from './-components/provider-facts-card.tsx';
import { AppLink } from '../components/app-link.tsx';
import { Logo } from '../components/logo.tsx';
import { Page } from '../components/page.tsx';
import { Stars } from '../components/stars.tsx';
import { TrackingBadge, trackingLabels } from '../components/tracking-badge.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { providerQuery } from '../data/providers.ts';
import { proberQuery } from '../data/health.ts';
import type { ProberState } from '../../contract/health.ts';
import { isNotFoundError } from '../lib/api.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';
import { cn } from '../lib/cn.ts';
import { formatDay } from '../lib/dates.ts';
import { healthWords, healthyCount, notCheckedYet } from '../lib/endpoint-health.ts';
import { paths } from '../lib/site.ts';

export const Route = createFileRoute('/compare')({
  validateSearch: (s: Record<string, unknown>): { providers?: string } => ({
    providers: typeof s.providers === 'string' ? s.providers : undefined,
  }),
  loaderDeps: ({ search }) => ({ slugs: compareSlugs(search.providers) }),
  // An unknown slug (or one whose read failed) is shown as such beside the others, not as a page not found.
  loader: async ({ context: { queryClient }, deps: { slugs } }) => ({
    found: (
      await Promise.all([
        ...slugs.map((slug) => ensure(queryClient, providerQuery(slug))),
        ensure(queryClient, proberQuery()).then(() => undefined),
      ])
    ).filter((p) => p !== undefined),
  }),
  head: ({ match, loaderData }) => routeHead(match, (origin) => metaForCompare(origin, loaderData?.found ?? [])),
  component: ComparePage,
});

function ComparePage() {
  const { providers: param } = Route.useSearch();
  const slugs = compareSlugs(param);
  const results = useQueries({ queries: slugs.map((slug) => ({ ...providerQuery(slug), retry: false })) });
  const found = results.flatMap((r) => (r.data ? [r.data] : []));
  const missing = slugs.filter((_, i) => results[i].error && isNotFoundError(results[i].error));

  return (
    <Page breadcrumbs={[{ label: 'Providers', to: '/providers' }, { label: 'Compare' }]}>
      <div className="space-y-6">
        <header className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {found.length ? `Compare ${found.map((p) => p.name).join(' vs ')}` : 'Compare RPC providers'}
          </h1>
          <p className="text-slate-600">
            Ratings, reviews, privacy and the chains each serves, side by side. Pick {COMPARE_MIN} to {COMPARE_MAX}{' '}
            providers with the Compare button on their cards; this page's address can be shared.
          </p>
        </header>
        {missing.length > 0 && (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            No provider is listed as {missing.map((s) => `“${s}”`).join(', ')}.
          </p>
        )}
        {found.length >= COMPARE_MIN ? <CompareTable providers={found} /> : <PickMore count={found.length} />}
      </div>
    </Page>
  );
}

function PickMore({ count }: { count: number }) {
  return (
    <Card>
      <CardContent className="space-y-3 pt-5">
        <p className="text-slate-700">
          {count === 0 ? 'No providers chosen yet.' : 'One provider chosen: add at least one more.'} Use “Compare” on
          the provider cards to collect up to {COMPARE_MAX}.
        </p>
        <AppLink href={paths.providers()} className={buttonClasses('primary', 'sm')}>
          Browse providers
        </AppLink>
      </CardContent>
    </Card>
  );
}

type Row = { label: string; cells: ReactNode[]; best?: Set<number>; differs: boolean };

const numberRow = (label: string, values: number[], show: (v: number) => ReactNode = String): Row => ({
  label,
  cells: values.map(show),
  best: bestOf(values),
  differs: new Set(values).size > 1,
});

function CompareTable({ providers }: { providers: ProviderDetail[] }) {
  const { common, unique } = compareChains(providers);
  const keyless = (p: ProviderDetail) => p.rpcEndpoints.filter((e) => !e.needsApiKey).length;
  const rows: Row[] = [
    numberRow(
      'Rating',
      providers.map((p) => p.averageRating),
      (v) => <Stars value={v} />,
    ),
    numberRow(
      'Reviews',
      providers.map((p) => p.totalReviews),
    ),
    {
      label: 'Editorial rating',
      cells: providers.map((p) => (p.editorialReview ? `${p.editorialReview.rating} / 5` : 'Not reviewed')),
      best: bestOf(providers.map((p) => p.editorialReview?.rating ?? null)),
      differs: new Set(providers.map((p) => p.editorialReview?.rating ?? null)).size > 1,
    },
    numberRow(
      'Upvotes',
      providers.map((p) => p.upvotes),
    ),
    {
      label: 'Downvotes',
      cells: providers.map((p) => String(p.downvotes)),
      best: bestOf(
        providers.map((p) => p.downvotes),
        'lower',
      ),
      differs: new Set(providers.map((p) => p.downvotes)).size > 1,
    },
    {
      label: 'Privacy',
      cells: providers.map((p) => <TrackingBadge key={p.slug} tracking={p.tracking} />),
      differs: new Set(providers.map((p) => trackingLabels[p.tracking].text)).size > 1,
    },
    numberRow(
      'Chains served',
      providers.map((p) => p.chains.length),
    ),
    numberRow(
      'With a public endpoint',
      providers.map((p) => p.chains.filter((c) => kindOf(c) === 'public-endpoint').length),
    ),
    numberRow(
      'With an API key only',
      providers.map((p) => p.chains.filter((c) => kindOf(c) === 'api-key').length),
    ),
    numberRow(
      'Public endpoints',
      providers.map((p) => p.rpcEndpoints.length),
    ),
    numberRow('Without an API key', providers.map(keyless)),
    // The daily capability check's findings on each provider's endpoints (an unmeasured endpoint counts in neither).
    numberRow(
      'Archive, measured',
      providers.map((p) => p.rpcEndpoints.filter((e) => e.capabilities.archive.value === true).length),
    ),
    numberRow(
      'Trace, measured',
      providers.map((p) => p.rpcEndpoints.filter((e) => e.capabilities.trace.value === true).length),
    ),
    {
      label: 'Only this one serves',
      cells: unique.map((chains) => <ChainList chains={chains} empty="None" first={8} />),
      differs: unique.some((u) => u.length > 0),
    },
    // Facts an admin entered with their source (contract/facts.ts), what the directory lists of the provider and the
    // prober's "Verified" findings, as the provider page's facts card tells them; one none knows is unknown, never guessed.
    ...FACT_NAMES.map((name): Row => {
      const facts = providers.map((p) => {
        const fact = p.facts?.[name];
        const verified = verifiedOf(name, p.measuredFacts);
        const listed = listedOf(name, listedAddresses(p));
        return { text: fact ? factText(name, fact.value) : verified || listed ? 'Yes' : 'Unknown', verified, listed };
      });
      return {
        label: FACT_LABELS[name],
        // Text that wraps rather than the card's badges: four columns on a phone leave a cell about 100 px.
        cells: facts.map(({ text, verified, listed }) => (
          <>
            {text}
            {listed && (
              <span className="block text-xs font-medium text-slate-700" data-testid="fact-listed">
                Listed
                <span className="sr-only">: {listed.text}</span>
              </span>
            )}
            {verified && (
              <span className="block text-xs font-medium text-emerald-700" data-testid="fact-verified">
                Verified {formatDay(verified.checkedAt)}
                <span className="sr-only"> by our prober: {verified.text}</span>
              </span>
            )}
          </>
        )),
        differs: new Set(facts.map((f) => `${f.text} ${Boolean(f.listed)} ${Boolean(f.verified)}`)).size > 1,
      };
    }),
  ];

  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <div className="relative overflow-x-auto">
          <table
            className="w-full min-w-[36rem] table-fixed border-collapse text-left text-sm"
            data-testid="compare-table"
          >
            <caption className="sr-only">
              {providers.map((p) => p.name).join(', ')} compared; the best value of each row that differs is marked
            </caption>
            <thead>
              <tr className="border-b border-slate-200 bg-slate-50">
                <th scope="col" className="sticky left-0 z-10 w-36 bg-slate-50 px-3 py-3 sm:w-44">
                  <span className="sr-only">Fact</span>
                </th>
                {providers.map((p) => (
                  <th key={p.slug} scope="col" className="px-3 py-3 align-top font-normal">
                    <div className="flex flex-col items-start gap-2">
                      <AppLink
                        href={paths.provider(p.slug)}
                        className="flex items-center gap-2 font-semibold text-slate-900 hover:text-accent-700"
                      >
                        <Logo src={p.logoUrl} name={p.name} color={p.color} size="sm" />
                        {p.name}
                      </AppLink>
                      <AppLink
                        href={paths.compare(...providers.filter((o) => o !== p).map((o) => o.slug))}
                        className="text-xs text-slate-500 hover:text-slate-800 hover:underline"
                      >
                        Remove<span className="sr-only"> {p.name} from the comparison</span>
                      </AppLink>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.label} data-differs={row.differs || undefined}>
                  <th
                    scope="row"
                    className="sticky left-0 z-10 bg-white px-3 py-2.5 align-top font-medium text-slate-700"
                  >
                    {row.label}
                    {row.differs && (
                      <span
                        className="ml-1.5 inline-block size-1.5 rounded-full bg-accent-500 align-middle"
                        title="Differs"
                      />
                    )}
                  </th>
                  {row.cells.map((cell, i) => {
                    const best = row.differs && row.best?.has(i);
                    return (
                      <td
                        key={providers[i].slug}
                        className={cn(
                          'px-3 py-2.5 align-top text-slate-800',
                          best && 'bg-emerald-50 font-semibold text-emerald-900',
                        )}
                      >
                        {cell}
                        {best && <span className="sr-only"> (best)</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <CommonChains providers={providers} common={common} />

      <Card>
        <CardHeader>
          <CardTitle>Facts</CardTitle>
          <p className="text-sm text-slate-600">
            The facts rows (free tier to regions) show what an admin entered from each provider's own pages, with its
            source on the provider's page; “Listed” where this directory lists an address of theirs that shows it,
            “Verified” where our prober saw it; a fact nobody knows is “Unknown”, never guessed.
          </p>
        </CardHeader>
      </Card>
    </div>
  );
}

/**
 * The chains all serve, those with a public endpoint at every provider apart from those one serves to API-key
 * customers only, and how many of each provider's keyless endpoints there answer (the prober's last round).
 */
function CommonChains({ providers, common }: { providers: ProviderDetail[]; common: CommonChain[] }) {
  const everywherePublic = common.filter((c) => c.kinds.every((k) => k === 'public-endpoint'));
  const someKeyed = common.filter((c) => c.kinds.some((k) => k === 'api-key'));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Chains all {providers.length} serve ({common.length})
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {common.length === 0 ? (
          <span className="text-slate-500">No chain is served by all of them.</span>
        ) : (
          <>
            <div className="space-y-2">
              <h3 className="text-sm font-semibold text-slate-800">
                With a public endpoint at each ({everywherePublic.length})
              </h3>
              <ChainList chains={everywherePublic} empty="None." />
            </div>
            <div className="space-y-2">
              <h3 className="text-sm font-semibold text-slate-800">
                With an API key at one or more ({someKeyed.length})
              </h3>
              <ChainList chains={someKeyed} empty="None." />
            </div>
            <CommonChainHealth providers={providers} common={common} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** One cell of the health table: how this provider's keyless endpoints on the chain answered, or why there is none. */
function healthCell(provider: ProviderDetail, chain: CommonChain, index: number, prober?: ProberState): string {
  if (chain.kinds[index] === 'api-key') return 'API key only';
  const counts = healthyCount(provider.rpcEndpoints.filter((e) => e.chain.id === chain.id));
  return counts.checked === 0 ? `${counts.total} ${notCheckedYet(prober)}` : healthWords(counts, prober);
}

function CommonChainHealth({ providers, common }: { providers: ProviderDetail[]; common: CommonChain[] }) {
  const { data: prober } = useQuery(proberQuery());
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800">Public endpoints that answer, per chain</h3>
      <p className="text-sm text-slate-600">
        Keyless endpoints healthy in our prober's last round (
        <AppLink href={paths.status()} className="font-medium text-link">
          how we check
        </AppLink>
        ); “not checked yet” until it has reached them.
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[32rem] table-fixed text-left text-sm" data-testid="compare-health">
          <caption className="sr-only">Healthy public endpoints of each provider on the chains all serve</caption>
          <thead className="bg-slate-50 text-xs font-medium text-slate-600">
            <tr>
              <th scope="col" className="w-36 px-3 py-2 sm:w-44">
                Chain
              </th>
              {providers.map((p) => (
                <th key={p.slug} scope="col" className="px-3 py-2">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {common.map((c) => (
              <tr key={c.id}>
                <th scope="row" className="px-3 py-2 font-medium">
                  <AppLink href={paths.chain(c.slug)} className="text-slate-800 hover:text-accent-700">
                    {c.name}
                  </AppLink>
                </th>
                {providers.map((p, i) => (
                  <td key={p.slug} className="px-3 py-2 text-slate-700 tabular-nums">
                    {healthCell(p, c, i, prober)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * Chain badges, each a link; one served to API-key customers only is marked with a key. With `first`, only that many
 * until the visitor asks for the rest (a table cell on a phone).
 */
function ChainList({ chains, empty, first }: { chains: readonly ProviderChain[]; empty: string; first?: number }) {
  const [all, setAll] = useState(false);
  if (chains.length === 0) return <span className="text-slate-500">{empty}</span>;
  const shown = all || first === undefined ? chains : chains.slice(0, first);
  return (
    <ul className="flex flex-wrap gap-1.5">
      {shown.map((c) => (
        <li key={c.id}>
          <AppLink href={paths.chain(c.slug)}>
            <Badge className="hover:bg-slate-200">
              {c.name}
              {kindOf(c) === 'api-key' && (
                <>
                  <KeyRound className="size-3" aria-hidden="true" />
                  <span className="sr-only"> (with an API key)</span>
                </>
              )}
            </Badge>
          </AppLink>
        </li>
      ))}
      {shown.length < chains.length && (
        <li>
          <button
            type="button"
            onClick={() => setAll(true)}
            className="rounded-md px-1.5 py-0.5 text-xs font-medium text-accent-700 hover:underline"
          >
            +{chains.length - shown.length} more
          </button>
        </li>
      )}
    </ul>
  );
}
