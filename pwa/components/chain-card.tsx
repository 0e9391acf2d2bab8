// A chain in a list (/chains, /search): icon or letter tile, name, EVM chain id, testnet badge, two-line
// description, "N/M endpoints healthy" (or "not checked yet"), providers' mean rating, upvotes and provider count; the whole card links to
// /chains/{slug}. In search results a "Providers on {chain}" link leads to the chain page's provider list: a
// provider matches a search by its own name or description only, so a chain's providers are found there.
import { useQuery } from '@tanstack/react-query';
import { Server, ThumbsUp } from 'lucide-react';
import { proberQuery } from '../data/health.ts';
import { healthWords } from '../lib/endpoint-health.ts';
import type { ChainWithStats } from '../../contract/chains.ts';
import { paths } from '../../contract/urls.ts';
import { pluralize } from '../lib/rating.ts';
import { AppLink } from './app-link.tsx';
import { useListPage } from './list-pager.tsx';
import { Logo } from './logo.tsx';
import { Stars } from './stars.tsx';
import { Badge } from './ui/badge.tsx';
import { Card } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

export function ChainCard({
  chain,
  headingLevel = 'h3',
  providersLink = false,
}: {
  chain: ChainWithStats;
  headingLevel?: 'h2' | 'h3';
  providersLink?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <Card
      className="group relative flex h-full flex-col p-4 transition-shadow focus-within:ring-2 focus-within:ring-accent-600 hover:shadow-md sm:p-5"
      data-testid="chain-card"
    >
      <div className="flex items-start gap-3">
        <Logo src={chain.iconUrl} name={chain.name} color={chain.color} size="md" />
        <div className="min-w-0 flex-1">
          <Heading className="leading-snug font-semibold text-slate-900 group-hover:text-accent-700">
            {/* The link's box covers the card, so the whole card is one click target and one tab stop. */}
            <AppLink
              href={paths.chain(chain.slug)}
              className="outline-none after:absolute after:inset-0 after:rounded-xl"
            >
              {chain.name}
            </AppLink>
          </Heading>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            {chain.evmChainId != null && (
              <Badge variant="neutral" className="font-mono">
                Chain ID {chain.evmChainId}
              </Badge>
            )}
            {chain.isTestnet && <Badge variant="warning">Testnet</Badge>}
            {chain.endpointsPublic ? <HealthBadge chain={chain} /> : null}
          </div>
        </div>
      </div>
      <p className="mt-3 line-clamp-2 flex-1 text-sm text-slate-600">{chain.description}</p>
      {providersLink && (
        // Above the card's covering link, so it takes its own presses.
        <AppLink
          href={`${paths.chain(chain.slug)}#chain-providers`}
          className="relative z-10 mt-3 self-start text-sm font-medium text-accent-700 hover:underline"
        >
          Providers on {chain.name}
        </AppLink>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <Stars value={chain.averageRating} />
        <span className="flex items-center gap-3">
          <span className="inline-flex items-center gap-1" title="Upvotes">
            <ThumbsUp className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Upvotes: </span>
            <span className="tabular-nums">{chain.totalUpvotes}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <Server className="size-3.5" aria-hidden="true" />
            <span className="tabular-nums">{pluralize(chain.providerCount, 'provider')}</span>
          </span>
        </span>
      </div>
    </Card>
  );
}

/** "H/N endpoints healthy" once the prober has reached them all; until then the rest say "not checked yet". */
function HealthBadge({ chain }: { chain: ChainWithStats }) {
  const { data: prober } = useQuery(proberQuery());
  const total = chain.endpointsPublic ?? 0;
  const counts = { healthy: chain.endpointsHealthy ?? 0, checked: chain.endpointsChecked ?? total, total };
  return (
    <Badge
      variant={counts.healthy ? 'success' : 'neutral'}
      // "…: not checked yet — health checks paused: no network" is wider than a phone's card: it wraps.
      className="whitespace-normal"
      title="Public endpoints needing no API key that work"
    >
      {counts.checked === total
        ? `${counts.healthy}/${total} endpoints healthy`
        : `${total} endpoints: ${healthWords(counts, prober)}`}
    </Badge>
  );
}

export function ChainCardSkeleton() {
  return (
    <Card className="p-5" aria-hidden="true">
      <div className="flex gap-3">
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-4/5" />
      <Skeleton className="mt-5 h-5 w-full" />
    </Card>
  );
}

/**
 * A responsive grid of every chain card (whole from the first render; paged by URL beyond a page, list-pager.tsx),
 * skeletons while `chains` is undefined.
 */
export function ChainGrid({
  chains,
  headingLevel,
  skeletons = 6,
  providersLinks = false,
}: {
  chains: readonly ChainWithStats[] | undefined;
  headingLevel?: 'h2' | 'h3';
  skeletons?: number;
  /** Each card links to its chain's provider list too (search results). */
  providersLinks?: boolean;
}) {
  const { items: shown, pager } = useListPage(chains);
  if (!shown) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading chains">
        {Array.from({ length: skeletons }, (_, i) => (
          <ChainCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((c) => (
          <li key={c.id}>
            <ChainCard chain={c} headingLevel={headingLevel} providersLink={providersLinks} />
          </li>
        ))}
      </ul>
      {pager}
    </>
  );
}
