// /providers/{slug}: the provider's page plus its public RPC endpoints.
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { BarChart3, ExternalLink, KeyRound, Lock, PenLine, ShieldCheck, Zap } from 'lucide-react';
import { useState } from 'react';
import type { ProviderDetail } from '../../contract/providers.ts';
import { metaForProvider } from '../meta/pages.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { EntityHeader } from '../components/entity-header.tsx';
import { EntityLink, LinkList } from '../components/entity-links.tsx';
import { HtmlContent } from '../components/html-content.tsx';
import { ResourceNotFound } from '../components/not-found.tsx';
import { DetailPageSkeleton, Page } from '../components/page.tsx';
import { SidebarCard } from '../components/sidebar.tsx';
import { SocialLinks, socialLinks } from '../components/social-links.tsx';
import { Stars } from '../components/stars.tsx';
import { TrackingBadge } from '../components/tracking-badge.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { VoteButtons } from '../components/vote-buttons.tsx';
import { useAuth, whenSignedIn } from '../data/auth.ts';
import { providerQuery } from '../data/providers.ts';
import { isNotFoundError } from '../lib/api.ts';
import { providerWebsiteLink } from '../lib/outbound.ts';
import { formatRating, reviewCountLabel } from '../lib/rating.ts';
import { paths } from '../lib/site.ts';
import { formatDay } from '../lib/dates.ts';
import { ProviderEndpoints } from './-components/provider-endpoints.tsx';
import { ProviderApiKeyChains } from './-components/provider-api-key-chains.tsx';
import { listedAddresses, ProviderFactsCard } from './-components/provider-facts-card.tsx';
import { API_KEY_LABEL, ChainKindBadge } from '../components/provider-card.tsx';
import { ProviderReviews } from './-components/provider-reviews.tsx';
import { routeHead } from '../lib/page-head.ts';
import { proberQuery } from '../data/health.ts';
import { ensure } from '../lib/query-client.ts';
import { adsQuery } from '../data/content.ts';
import { chainSummaryQuery } from '../data/chains.ts';
import { myReviewQuery } from '../data/reviews.ts';
import { myVotesQuery } from '../data/votes.ts';

export const Route = createFileRoute('/providers/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    const [provider] = await Promise.all([
      queryClient.ensureQueryData(providerQuery(params.slug)).catch((error: unknown) => {
        throw isNotFoundError(error) ? notFound() : error;
      }),
      ensure(queryClient, adsQuery('content-top')),
      ensure(queryClient, proberQuery()),
      whenSignedIn(queryClient, () =>
        Promise.all([ensure(queryClient, myVotesQuery(true)), ensure(queryClient, myReviewQuery(params.slug, true))]),
      ),
      // In the server's render: with the chains' summary in the page's data, the provider's chains travel as its ids
      // (pwa/lib/page-state.ts), a fraction of their objects' weight on a provider of many chains.
      typeof window === 'undefined' && ensure(queryClient, chainSummaryQuery()),
    ]);
    return { provider };
  },
  head: ({ match, loaderData }) =>
    routeHead(match, (origin) => loaderData && metaForProvider(origin, loaderData.provider)),
  pendingComponent: () => <DetailPageSkeleton label="Loading provider" />,
  notFoundComponent: () => (
    <ResourceNotFound
      title="Provider Not Found"
      message="The provider you're looking for doesn't exist."
      back={{ to: '/providers', label: 'Browse all providers' }}
    />
  ),
  component: ProviderPage,
});

/** Chain badges under the provider's name; the sidebar lists them all. */
const HEADER_CHAIN_BADGES = 12;

function WebsiteButton({ provider, className }: { provider: ProviderDetail; className?: string }) {
  const link = providerWebsiteLink(provider);
  if (!link) return null;
  return (
    <a href={link.href} target="_blank" rel={link.rel} className={buttonClasses('primary', 'md', className)}>
      Visit Official Website<span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" />
    </a>
  );
}

function ProviderHeader({ provider }: { provider: ProviderDetail }) {
  return (
    <EntityHeader
      name={provider.name}
      image={provider.logoUrl}
      color={provider.color}
      badge={provider.featured && <Badge variant="default">Featured</Badge>}
      facts={
        <>
          <Stars value={provider.averageRating} size="md" />
          <span>{reviewCountLabel(provider.totalReviews)}</span>
          <TrackingBadge tracking={provider.tracking} />
        </>
      }
      description={provider.description}
      actions={
        <>
          <WebsiteButton provider={provider} />
          <VoteButtons
            target="provider"
            slug={provider.slug}
            name={provider.name}
            upvotes={provider.upvotes}
            downvotes={provider.downvotes}
          />
          <SocialLinks entity={provider} name={provider.name} />
        </>
      }
    >
      {provider.chains.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Supported chains">
          {provider.chains.slice(0, HEADER_CHAIN_BADGES).map((c) => (
            <li key={c.id}>
              <Link to="/chains/$slug" params={{ slug: c.slug }} className="rounded-md hover:opacity-80">
                <ChainKindBadge name={c.name} kind={c.kind} />
              </Link>
            </li>
          ))}
          {provider.chains.length > HEADER_CHAIN_BADGES && (
            <li>
              <Badge variant="neutral">+{provider.chains.length - HEADER_CHAIN_BADGES} more</Badge>
            </li>
          )}
        </ul>
      )}
      {provider.chains.some((c) => c.kind === 'api-key') && (
        <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500" aria-hidden="true">
          <KeyRound className="size-3" />
          {API_KEY_LABEL.toLowerCase()}: served to customers, no public endpoint listed
        </p>
      )}
    </EntityHeader>
  );
}

function EditorialReviewCard({ review }: { review: NonNullable<ProviderDetail['editorialReview']> }) {
  return (
    <Card className="border-accent-200">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-accent-600" aria-hidden="true" />
            Editorial Review
          </CardTitle>
          <Stars value={review.rating} />
        </div>
        <p className="text-xs text-slate-600">
          Updated {formatDay(review.updatedAt)}
          {review.admin?.displayName && <> · by {review.admin.displayName}</>}
        </p>
      </CardHeader>
      <CardContent>
        <HtmlContent html={review.content} />
      </CardContent>
    </Card>
  );
}

function ProviderSidebar({ provider, onWriteReview }: { provider: ProviderDetail; onWriteReview: () => void }) {
  const { isAuthenticated, isLoading } = useAuth();
  const socials = socialLinks(provider);
  const website = providerWebsiteLink(provider);
  return (
    <div className="space-y-6">
      <SidebarCard title="Supported Chains">
        {provider.chains.length === 0 ? (
          <p className="text-sm text-slate-600">No chains specified</p>
        ) : (
          <LinkList noun="chains" items={provider.chains} className="max-h-80 space-y-0.5 overflow-y-auto pr-1">
            {(c) => <EntityLink chain={c} detail={c.kind === 'api-key' && API_KEY_LABEL} />}
          </LinkList>
        )}
      </SidebarCard>
      <SidebarCard
        title={
          <>
            <Zap className="size-4 text-accent-600" aria-hidden="true" />
            Quick Actions
          </>
        }
      >
        <div className="grid gap-2">
          {isLoading ? (
            <Skeleton className="h-10" />
          ) : isAuthenticated ? (
            <Button variant="outline" onClick={onWriteReview}>
              <PenLine aria-hidden="true" />
              Write Review
            </Button>
          ) : (
            <a href={paths.googleLogin(paths.provider(provider.slug))} className={buttonClasses('outline', 'md')}>
              <PenLine aria-hidden="true" />
              Write Review
            </a>
          )}
          {website && (
            <a href={website.href} target="_blank" rel={website.rel} className={buttonClasses('outline', 'md')}>
              <ExternalLink aria-hidden="true" />
              Visit Website<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {socials.length > 0 && (
            <div className="pt-2">
              <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Social Links</p>
              <SocialLinks entity={provider} name={provider.name} withLabels />
            </div>
          )}
          {provider.privacyPolicyUrl && (
            <a
              href={provider.privacyPolicyUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1.5 pt-1 text-sm text-accent-700 hover:underline"
            >
              <Lock className="size-3.5" aria-hidden="true" />
              Privacy policy<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </SidebarCard>
      <SidebarCard
        title={
          <>
            <BarChart3 className="size-4 text-accent-600" aria-hidden="true" />
            Statistics
          </>
        }
      >
        <dl className="grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm text-slate-600">Average Rating</dt>
            <dd className="mt-0.5 text-2xl font-bold text-slate-900 tabular-nums">
              {formatRating(provider.averageRating)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Total Reviews</dt>
            <dd className="mt-0.5 text-2xl font-bold text-slate-900 tabular-nums">{provider.totalReviews}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Networks</dt>
            <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{provider.chains.length}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Endpoints</dt>
            <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{provider.rpcEndpoints.length}</dd>
          </div>
        </dl>
      </SidebarCard>
    </div>
  );
}

function ProviderPage() {
  const { slug } = Route.useParams();
  const { data: provider } = useSuspenseQuery(providerQuery(slug));
  const [reviewOpen, setReviewOpen] = useState(false);

  const writeReview = () => {
    setReviewOpen(true);
    document.getElementById('reviews')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Page
      breadcrumbs={[{ label: 'Providers', to: '/providers' }, { label: provider.name }]}
      sidebar={<ProviderSidebar provider={provider} onWriteReview={writeReview} />}
    >
      <div className="space-y-6">
        <ProviderHeader provider={provider} />
        <AdSlot position="content-top" />
        {provider.detailedDescription.trim() && (
          <Card>
            <CardHeader>
              <CardTitle>About {provider.name}</CardTitle>
            </CardHeader>
            <CardContent>
              <HtmlContent html={provider.detailedDescription} />
            </CardContent>
          </Card>
        )}
        <ProviderFactsCard
          facts={provider.facts}
          measured={provider.measuredFacts}
          addresses={listedAddresses(provider)}
        />
        {provider.editorialReview && <EditorialReviewCard review={provider.editorialReview} />}
        <ProviderReviews provider={provider} reviewOpen={reviewOpen} setReviewOpen={setReviewOpen} />
        <ProviderEndpoints endpoints={provider.rpcEndpoints} providerName={provider.name} />
        <ProviderApiKeyChains links={provider.apiKeyChains ?? []} providerName={provider.name} />
        <p className="text-xs text-slate-500">Last updated {formatDay(provider.updatedAt)}</p>
      </div>
    </Page>
  );
}
