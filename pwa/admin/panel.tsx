// The admin panel: title, ten Radix tabs in a fixed order (the open tab lives in the URL),
// and a skeleton while chains and providers load. Only an admin ever renders it (see routes/admin.tsx).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Page, PageTitle } from '../components/page.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { pendingReviewsQuery } from '../data/admin/reviews.ts';
import { chainsQuery } from '../data/chains.ts';
import { providersQuery } from '../data/providers.ts';
import { AdsTab } from './ads-tab.tsx';
import { ChainsTab } from './chains-tab.tsx';
import { ContactTab } from './contact-tab.tsx';
import { CsvTab } from './csv-tab.tsx';
import { EditorialTab } from './editorial-tab.tsx';
import { useAdminWriteReports } from './feedback.ts';
import { AboutTab, HomepageTab } from './pages-tabs.tsx';
import { PartnersTab } from './partners-tab.tsx';
import { ProvidersTab } from './providers-tab.tsx';
import { ADMIN_TAB_LABELS, ADMIN_TABS, type AdminTab } from './tabs.ts';
import { TrackingTab } from './tracking-tab.tsx';

const ADMIN_TITLE = 'Admin Panel';

/** The tab holding the reviews waiting for approval ("User Reviews Approval"), which shows how many there are. */
const PENDING_REVIEWS_TAB: AdminTab = 'editorial';

/**
 * How many reviews wait for approval, as far as the first page of the queue tells: "50+" when more pages follow
 * (the queue is read a page at a time); nothing while unknown or when none wait.
 */
function PendingBadge({ isAdmin, id }: { isAdmin: boolean; id: string }) {
  const pending = useInfiniteQuery(pendingReviewsQuery(isAdmin));
  const count = pending.data?.pages.reduce((n, page) => n + page.reviews.length, 0);
  if (!count) return null;
  const shown = `${count}${pending.hasNextPage ? '+' : ''}`;
  // The tab's description, not part of its name: the tab stays "Editorial" to a screen reader's list of tabs.
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-semibold text-white tabular-nums">
      <span aria-hidden="true">{shown}</span>
      <span id={id} hidden>
        {shown} pending {count === 1 && !pending.hasNextPage ? 'review' : 'reviews'}
      </span>
    </span>
  );
}

const ADMIN_SUBTITLE = 'Manage chains, providers, and editorial content';

export function AdminPanelSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the admin panel">
      <Skeleton className="mb-6 h-10 w-full max-w-3xl" />
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    </div>
  );
}

export function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <Page breadcrumbs={[{ label: ADMIN_TITLE }]}>
      <PageTitle title={ADMIN_TITLE} subtitle={ADMIN_SUBTITLE} />
      {children}
    </Page>
  );
}

/** `isAdmin` gates every admin-only query of the tabs, so nothing is fetched for anyone else. */
export function AdminPanel({
  tab,
  onTabChange,
  isAdmin,
}: {
  tab: AdminTab;
  onTabChange: (tab: AdminTab) => void;
  isAdmin: boolean;
}) {
  useAdminWriteReports();
  const chains = useQuery(chainsQuery());
  const providers = useQuery(providersQuery());
  const tabList = useRef<HTMLDivElement>(null);
  const pendingCountId = useId();
  const loaded = Boolean(chains.data && providers.data);

  // On a phone the tab row scrolls sideways: keep the open tab in view (e.g. when opened from a link).
  useEffect(() => {
    tabList.current?.querySelector('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab, loaded]);

  if (!chains.data || !providers.data) {
    return (
      <AdminFrame>
        <AdminPanelSkeleton />
      </AdminFrame>
    );
  }

  const panels: Record<AdminTab, ReactNode> = {
    chains: <ChainsTab chains={chains.data} providers={providers.data} isAdmin={isAdmin} />,
    providers: <ProvidersTab providers={providers.data} chains={chains.data} isAdmin={isAdmin} />,
    editorial: <EditorialTab providers={providers.data} isAdmin={isAdmin} />,
    ads: <AdsTab isAdmin={isAdmin} />,
    contact: <ContactTab isAdmin={isAdmin} />,
    about: <AboutTab isAdmin={isAdmin} />,
    homepage: <HomepageTab isAdmin={isAdmin} />,
    tracking: <TrackingTab />,
    partners: <PartnersTab isAdmin={isAdmin} />,
    csv: <CsvTab />,
  };

  return (
    <AdminFrame>
      <Tabs.Root value={tab} onValueChange={(v) => onTabChange(v as AdminTab)}>
        <div ref={tabList} className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <Tabs.List aria-label="Admin sections" className="inline-flex min-w-max gap-1 rounded-xl bg-slate-100 p-1">
            {ADMIN_TABS.map((t) => (
              <Tabs.Trigger
                key={t}
                value={t}
                aria-describedby={t === PENDING_REVIEWS_TAB ? pendingCountId : undefined}
                className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {ADMIN_TAB_LABELS[t]}
                {t === PENDING_REVIEWS_TAB && <PendingBadge isAdmin={isAdmin} id={pendingCountId} />}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        {/* Only the open tab is mounted, so each tab's data is fetched when it is first opened. */}
        {ADMIN_TABS.map((t) => (
          <Tabs.Content key={t} value={t} className="focus-visible:outline-none">
            {panels[t]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AdminFrame>
  );
}
