// The listing sidebar (spec 000 §2): Popular Providers (5) and Popular Chains (up to 90).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { chainsQuery } from '../data/chains.ts';
import { popularProvidersQuery } from '../data/providers.ts';
import { formatRating } from '../lib/rating.ts';
import { LIMITS } from '../lib/site.ts';
import { Logo } from './logo.tsx';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

export function Sidebar() {
  const providers = useQuery(popularProvidersQuery());
  const chains = useQuery(chainsQuery());
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>Popular Providers</CardTitle>
          <Link to="/providers" className="text-sm font-medium text-accent-700 hover:underline">View All →</Link>
        </CardHeader>
        <CardContent>
          <ul className="space-y-1">
            {providers.isPending && Array.from({ length: 5 }, (_, i) => <li key={i}><Skeleton className="h-10" /></li>)}
            {providers.data?.slice(0, LIMITS.sidebarProviders).map((p) => (
              <li key={p.id}>
                <Link to="/providers/$slug" params={{ slug: p.slug }} className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50">
                  <Logo src={p.logoUrl} name={p.name} color={p.color} size="sm" />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{p.name}</span>
                  <span className="text-sm text-slate-600 tabular-nums">
                    <span aria-hidden="true" className="text-star">★</span> {formatRating(p.averageRating)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>Popular Chains</CardTitle>
          <Link to="/chains" className="text-sm font-medium text-accent-700 hover:underline">View All →</Link>
        </CardHeader>
        <CardContent>
          <ul className="max-h-[32rem] space-y-1 overflow-y-auto pr-1">
            {chains.isPending && Array.from({ length: 6 }, (_, i) => <li key={i}><Skeleton className="h-10" /></li>)}
            {chains.data?.slice(0, LIMITS.sidebarChains).map((c) => (
              <li key={c.id}>
                <Link to="/chains/$slug" params={{ slug: c.slug }} className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50">
                  <Logo src={c.iconUrl} name={c.name} color={c.color} size="xs" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{c.name}</span>
                    <span className="block text-xs text-slate-600">View providers</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
