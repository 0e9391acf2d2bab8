// A provider in a list (spec 000 §2): logo, name, two-line description, 3 chain badges then '+N more',
// stars with the review count, View Details and Visit Website.
import { ExternalLink } from 'lucide-react';
import type { Chain } from '../../api/chains/schema.ts';
import type { Provider } from '../../api/providers/schema.ts';
import { paths } from '../../api/seo/meta.ts';
import { providerWebsiteLink } from '../lib/outbound.ts';
import { reviewCountLabel } from '../lib/rating.ts';
import { LIMITS } from '../lib/site.ts';
import { AppLink } from './app-link.tsx';
import { Logo } from './logo.tsx';
import { Stars } from './stars.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

export function ProviderCard({ provider, chainsById, headingLevel = 'h3' }: {
  provider: Provider;
  chainsById: ReadonlyMap<number, Pick<Chain, 'id' | 'name' | 'slug'>>;
  headingLevel?: 'h2' | 'h3';
}) {
  const chains = provider.chainIds.map((id) => chainsById.get(id)).filter((c) => c !== undefined);
  const shown = chains.slice(0, LIMITS.cardChainBadges);
  const more = provider.chainIds.length - shown.length;
  const website = providerWebsiteLink(provider);
  const Heading = headingLevel;
  return (
    <Card className="provider-card flex gap-4 p-4 transition-shadow hover:shadow-md sm:p-5" data-testid="provider-card">
      <Logo src={provider.logoUrl} name={provider.name} color={provider.color} size="md" />
      <div className="flex min-w-0 flex-1 flex-col gap-4 md:flex-row md:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Heading className="text-lg leading-tight font-semibold text-slate-900">
              <AppLink href={paths.provider(provider.slug)} className="hover:text-accent-700">{provider.name}</AppLink>
            </Heading>
            <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
              <Stars value={provider.averageRating} />
              <span>{reviewCountLabel(provider.totalReviews)}</span>
            </span>
          </div>
          <p className="mt-1.5 line-clamp-2 text-sm text-slate-600">{provider.description}</p>
          {shown.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Supported chains">
              {shown.map((c) => <li key={c.id}><Badge>{c.name}</Badge></li>)}
              {more > 0 && <li><Badge variant="neutral">+{more} more</Badge></li>}
            </ul>
          )}
        </div>
        <div className="flex shrink-0 gap-2 md:flex-col">
          <Button asChild size="sm" className="flex-1 md:flex-none">
            <AppLink href={paths.provider(provider.slug)}>View Details<span className="sr-only"> of {provider.name}</span></AppLink>
          </Button>
          {website && (
            <Button asChild variant="outline" size="sm" className="flex-1 md:flex-none">
              <a href={website.href} target="_blank" rel={website.rel}>
                Visit Website<span className="sr-only"> of {provider.name} (opens in a new tab)</span> <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          )}
        </div>
      </div>
    </Card>
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
        <div className="flex gap-2 pt-1"><Skeleton className="h-5 w-16" /><Skeleton className="h-5 w-20" /><Skeleton className="h-5 w-14" /></div>
      </div>
    </Card>
  );
}
