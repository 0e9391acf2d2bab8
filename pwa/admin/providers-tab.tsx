// Providers tab: one row per provider (logo or letter tile, name, stars to one decimal, review count, website,
// outbound clicks of the last 30 days, edit/delete), the 'Add Provider' dialog, and the /providers page editor.
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, MousePointerClick } from 'lucide-react';
import { useMemo } from 'react';
import type { Chain } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { Logo } from '../components/logo.tsx';
import { Stars } from '../components/stars.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Card } from '../components/ui/card.tsx';
import { outboundClicksQuery, useDeleteProvider } from '../data/admin/providers.ts';
import { pluralize, reviewCountLabel } from '../lib/rating.ts';
import { CategoryContentEditor } from './category-editor.tsx';
import { CatalogueSection } from './parts.tsx';
import { ProviderForm } from './provider-dialog.tsx';

export function ProvidersTab({
  providers,
  chains,
  isAdmin,
}: {
  providers: Provider[];
  chains: Chain[];
  isAdmin: boolean;
}) {
  const remove = useDeleteProvider();
  const clicks = useQuery(outboundClicksQuery(isAdmin)).data;
  const clicksById = useMemo(() => new Map((clicks ?? []).map((c) => [c.providerId, c.clicks30d])), [clicks]);

  return (
    <section>
      <CatalogueSection
        title="Providers"
        description={`${providers.length} RPC providers in the directory.`}
        singular="Provider"
        plural="providers"
        path="/providers/"
        newDescription="A new RPC provider in the directory."
        items={providers}
        remove={remove}
        form={(provider, onDone) => <ProviderForm provider={provider} chains={chains} onDone={onDone} />}
        list={(visible, actions) => (
          <Card>
            <ul className="divide-y divide-slate-200">
              {visible.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4 sm:flex-nowrap">
                  <Logo src={p.logoUrl} name={p.name} color={p.color} size="sm" />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <h3 className="truncate font-semibold text-slate-900">{p.name}</h3>
                      {p.featured && <Badge variant="default">Featured</Badge>}
                    </div>
                    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                      <Stars value={p.averageRating} />
                      <span>{reviewCountLabel(p.totalReviews)}</span>
                      {p.website && (
                        <a
                          href={p.website}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex max-w-56 items-center gap-1 truncate text-accent-700 hover:underline"
                        >
                          <span className="truncate">{p.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}</span>
                          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                        </a>
                      )}
                      <span className="inline-flex items-center gap-1" title="Outbound clicks in the last 30 days">
                        <MousePointerClick className="size-3.5" aria-hidden="true" />
                        {clicks ? pluralize(clicksById.get(p.id) ?? 0, 'click') : '…'}{' '}
                        <span className="sr-only sm:not-sr-only">(30 days)</span>
                      </span>
                    </div>
                  </div>
                  <div className="ml-auto flex shrink-0 gap-0.5">{actions(p)}</div>
                </li>
              ))}
            </ul>
          </Card>
        )}
      />
      <CategoryContentEditor category="providers" enabled={isAdmin} />
    </section>
  );
}
