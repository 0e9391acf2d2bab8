// A provider in a list: logo, name, two-line description, 3 chain badges then '+N more',
// stars with the review count, View Details and Visit Website; on a chain page also its endpoints on that chain.
// No per-card state: a whole list of cards hydrates cheaply (links are AppLinks, buttons plain anchors; the
// Compare toggle reads one shared store).
import type { Chain, RpcEndpoint } from '../../contract/chains.ts';
import type { CardChain, ChainKind, Provider, ProviderOnChain } from '../../contract/providers.ts';
import { paths } from '../../contract/urls.ts';
import { providerWebsiteLink } from '../lib/outbound.ts';
import { chainKindOf } from '../lib/provider-list.ts';
import { reviewCountLabel } from '../lib/rating.ts';
import { LIMITS } from '../lib/site.ts';
import { AppLink } from './app-link.tsx';
import { CompareToggle } from './compare-tray.tsx';
import { CopyButton } from './copy-button.tsx';
import { Logo } from './logo.tsx';
import { Stars } from './stars.tsx';
import { TrackingBadge } from './tracking-badge.tsx';
import { Badge } from './ui/badge.tsx';
import { buttonClasses } from './ui/button.tsx';
import { Card } from './ui/card.tsx';
import { Icon, iconClasses } from './ui/icon.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** A chain page's view of its providers: the chain's name, and each provider's endpoints on it, ranked. */
export type ChainEndpointsByProvider = {
  chainName: string;
  endpoints: ReadonlyMap<number, readonly RpcEndpoint[]>;
};

/** What a card draws of a provider; on a chain page also how it serves that chain (`kind`). */
export type CardProvider = Pick<
  Provider,
  | 'id'
  | 'slug'
  | 'name'
  | 'description'
  | 'logoUrl'
  | 'color'
  | 'averageRating'
  | 'totalReviews'
  | 'website'
  | 'affiliateUrl'
  | 'nofollowLinks'
  | 'cloakedLinks'
> & { kind?: ChainKind | null };

/** The chains a card names (its first few), and how many more the provider serves. */
export type CardChains = { shown: readonly CardChain[]; more: number };

/** A listed provider's card chains, named from the chains' summary (chains it does not hold are left out). */
export const cardChainsFrom =
  (chainsById: ReadonlyMap<number, Pick<Chain, 'id' | 'name'>>) =>
  (provider: Provider): CardChains => {
    const chains = provider.chainIds.map((id) => chainsById.get(id)).filter((c) => c !== undefined);
    const shown = chains
      .slice(0, LIMITS.cardChainBadges)
      .map((c) => ({ id: c.id, name: c.name, kind: chainKindOf(provider, c.id) }));
    return { shown, more: provider.chainIds.length - shown.length };
  };

/** A chain page's provider's card chains, as its answer carries them. */
export const cardChainsOnChain = (provider: ProviderOnChain): CardChains => ({
  shown: provider.firstChains,
  more: provider.chainCount - provider.firstChains.length,
});

/** How the pages say a chain is served with an API key (beside the public-endpoint ones, which say nothing). */
export const API_KEY_LABEL = 'With an API key';
const API_KEY_TITLE = 'Served to customers with an API key; no public endpoint is listed';

/** A chain's badge on a provider card or page: api-key chains are marked with a key. */
export function ChainKindBadge({ name, kind, as }: { name: string; kind: ChainKind | undefined; as?: 'li' }) {
  if (kind !== 'api-key') return <Badge as={as}>{name}</Badge>;
  return (
    <Badge as={as} variant="neutral" title={API_KEY_TITLE}>
      <Icon name="key-round" className="size-3" />
      {name}
      <span className="sr-only"> ({API_KEY_LABEL.toLowerCase()})</span>
    </Badge>
  );
}

export function ProviderCard({
  provider,
  chains: { shown, more },
  headingLevel = 'h3',
  onChain,
}: {
  provider: CardProvider;
  chains: CardChains;
  headingLevel?: 'h2' | 'h3';
  onChain?: ChainEndpointsByProvider;
}) {
  const website = providerWebsiteLink(provider);
  const Heading = headingLevel;
  // Listed endpoints show their own address format, keyed or not; a chain served with a key and no listed endpoint
  // sends the visitor to the provider's page for it.
  const endpointsOnChain = onChain?.endpoints.get(provider.id) ?? [];
  return (
    <Card className="flex gap-4 p-4 transition-shadow hover:shadow-md sm:p-5" data-testid="provider-card">
      <Logo src={provider.logoUrl} name={provider.name} color={provider.color} size="md" />
      <div className="flex min-w-0 flex-1 flex-col gap-4 md:flex-row md:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Heading className="text-lg leading-tight font-semibold text-slate-900">
              <AppLink href={paths.provider(provider.slug)} className="hover:text-accent-700">
                {provider.name}
              </AppLink>
            </Heading>
            <Stars value={provider.averageRating} className="text-sm text-slate-600">
              {reviewCountLabel(provider.totalReviews)}
            </Stars>
          </div>
          <p className="mt-1.5 line-clamp-2 text-sm text-slate-600">{provider.description}</p>
          {shown.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Supported chains">
              {shown.map((c) => (
                <ChainKindBadge key={c.id} as="li" name={c.name} kind={c.kind} />
              ))}
              {more > 0 && (
                <Badge as="li" variant="neutral">
                  {`+${more} more`}
                </Badge>
              )}
            </ul>
          )}
          {onChain &&
            (endpointsOnChain.length === 0 && provider.kind === 'api-key' ? (
              <ApiKeyOnChain provider={provider} chainName={onChain.chainName} />
            ) : (
              <ProviderChainEndpoints chainName={onChain.chainName} endpoints={endpointsOnChain} />
            ))}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 md:flex-col">
          <AppLink
            href={paths.provider(provider.slug)}
            aria-label={`View Details of ${provider.name}`}
            className={buttonClasses('primary', 'sm', 'flex-1 md:flex-none')}
          >
            View Details
          </AppLink>
          {website && (
            <a
              href={website.href}
              target="_blank"
              rel={website.rel}
              aria-label={`Visit Website of ${provider.name} (opens in a new tab)`}
              className={buttonClasses('outline', 'sm', `flex-1 md:flex-none ${iconClasses('external-link', 'after')}`)}
            >
              Visit Website
            </a>
          )}
          <CompareToggle provider={provider} className="flex-1 md:flex-none" />
        </div>
      </div>
    </Card>
  );
}

/** A provider serving the chain only to customers with a key: its URL templates are on its page. */
function ApiKeyOnChain({ provider, chainName }: { provider: CardProvider; chainName: string }) {
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <Badge variant="warning" title={API_KEY_TITLE}>
        <Icon name="key-round" className="size-3" />
        {API_KEY_LABEL}
      </Badge>
      <span>
        Serves {chainName} to its customers with an API key; the endpoint format is on{' '}
        <AppLink href={paths.provider(provider.slug)} className="text-link">
          its page
        </AppLink>
        .
      </span>
    </p>
  );
}

/** The provider's endpoints on one chain: URL with a copy button, privacy label, whether it needs an API key. */
function ProviderChainEndpoints({ chainName, endpoints }: { chainName: string; endpoints: readonly RpcEndpoint[] }) {
  if (endpoints.length === 0) {
    return (
      <p className="mt-3 text-sm text-slate-600">No public endpoint on {chainName} is listed for this provider.</p>
    );
  }
  return (
    <ul className="mt-3 space-y-1.5" aria-label={`RPC endpoints on ${chainName}`}>
      {endpoints.map((e) => (
        // Phones: the URL on a line of its own, its labels and copy button below (a URL squeezed beside them breaks every few letters).
        <li key={e.url} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-slate-50 py-1 pr-1 pl-2.5">
          <code className="min-w-0 basis-full font-mono text-xs break-all text-slate-800 sm:flex-1 sm:basis-0">
            {e.url}
          </code>
          <TrackingBadge tracking={e.tracking} />
          {e.needsApiKey ? (
            <Badge variant="neutral" title="Needs an API key: sign up with the provider and put your key in the URL">
              <Icon name="key-round" className="size-3" />
              API key
            </Badge>
          ) : (
            <Badge variant="success" title="Works without an API key">
              No key
            </Badge>
          )}
          <CopyButton value={e.url} label={`${chainName} endpoint ${e.url}`} className="ml-auto sm:ml-0" />
        </li>
      ))}
    </ul>
  );
}

export function ProviderCardSkeleton() {
  return (
    <Card className="flex gap-4 p-5" aria-hidden="true">
      <Skeleton className="size-12 rounded-xl" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <div className="flex gap-2 pt-1">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-5 w-14" />
        </div>
      </div>
    </Card>
  );
}
