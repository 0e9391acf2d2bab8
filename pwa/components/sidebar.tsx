// The listing sidebar: Popular Providers (5) and Popular Chains (up to 90); and the card
// every sidebar list sits in.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { chainSummaryQuery } from '../data/chains.ts';
import { popularProvidersQuery } from '../data/providers.ts';
import { LIMITS } from '../lib/site.ts';
import { EntityLink, LinkList } from './entity-links.tsx';
import { StarValue } from './stars.tsx';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';

/** A sidebar card: its title, optionally a "View All →" link to the full list, and the content. */
export function SidebarCard({
  title,
  viewAll,
  children,
}: {
  title: ReactNode;
  viewAll?: '/chains' | '/providers';
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-2">{title}</CardTitle>
        {viewAll && (
          <Link to={viewAll} className="text-sm font-medium text-accent-700 hover:underline">
            View All →
          </Link>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function Sidebar() {
  const providers = useQuery(popularProvidersQuery());
  const chains = useQuery(chainSummaryQuery());
  return (
    <div className="listing-sidebar space-y-6">
      <SidebarCard title="Popular Providers" viewAll="/providers">
        <LinkList
          noun="providers"
          items={providers.data?.slice(0, LIMITS.sidebarProviders)}
          loading={providers.isPending}
          className="space-y-1"
        >
          {(p) => <EntityLink provider={p} size="sm" trailing={<StarValue value={p.averageRating} />} />}
        </LinkList>
      </SidebarCard>
      <SidebarCard title="Popular Chains" viewAll="/chains">
        <LinkList
          noun="chains"
          items={chains.data?.slice(0, LIMITS.sidebarChains)}
          loading={chains.isPending}
          skeletons={6}
          className="max-h-[32rem] space-y-1 overflow-y-auto pr-1"
        >
          {(c) => <EntityLink chain={c} detail="View providers" />}
        </LinkList>
      </SidebarCard>
    </div>
  );
}
