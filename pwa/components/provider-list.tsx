// A list of provider cards with skeletons while loading, an empty message, and optional inline ad blocks.
// Every card is in the page from the first render (the server's HTML included), so the browser's find, crawlers
// and the ads between cards see the whole list; a list longer than a page is paged by URL (list-pager.tsx).
import type { ReactNode } from 'react';
import type { Ad } from '../../contract/content.ts';
import { adFrequency, interleaveAds } from '../lib/ads.ts';
import { AdRotator } from './ad-slot.tsx';
import { useListPage } from './list-pager.tsx';
import {
  ProviderCard,
  ProviderCardSkeleton,
  type CardChains,
  type CardProvider,
  type ChainEndpointsByProvider,
} from './provider-card.tsx';
import { Card } from './ui/card.tsx';

export const SKELETON_CARDS = 6;

export function ProviderList<T extends CardProvider>({
  providers,
  chainsOf,
  inlineAds,
  empty,
  headingLevel,
  onChain,
}: {
  /** undefined while loading. */
  providers: readonly T[] | undefined;
  /** The chains each card names. */
  chainsOf: (provider: T) => CardChains;
  inlineAds?: readonly Ad[];
  empty: ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** On a chain page: each card shows the provider's endpoints on that chain. */
  onChain?: ChainEndpointsByProvider;
}) {
  const { items: shown, pager } = useListPage(providers);
  if (!shown) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading providers">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <ProviderCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (shown.length === 0) {
    return <Card className="px-6 py-12 text-center text-slate-600">{empty}</Card>;
  }
  const every = inlineAds?.length ? adFrequency(inlineAds[0].frequency) : null;
  return (
    <>
      <ul className="space-y-4">
        {interleaveAds(shown, every).map((entry) =>
          entry.kind === 'item' ? (
            <li key={entry.item.id}>
              <ProviderCard
                provider={entry.item}
                chains={chainsOf(entry.item)}
                headingLevel={headingLevel}
                onChain={onChain}
              />
            </li>
          ) : (
            <li key={`ad-${entry.slot}`}>
              <AdRotator ads={inlineAds!} className="min-h-24" />
            </li>
          ),
        )}
      </ul>
      {pager}
    </>
  );
}
