// Page scaffolding shared by the screens: width, breadcrumbs, optional sidebar column, title block, and
// the placeholder of a chain's or provider's page while it loads.
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Breadcrumbs, type Crumb } from './breadcrumbs.tsx';
import { Card } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

export function Page({
  breadcrumbs,
  sidebar,
  children,
  className,
}: {
  breadcrumbs?: readonly Crumb[];
  sidebar?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8', className)}>
      {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
      {sidebar ? (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">{children}</div>
          <aside className="min-w-0" aria-label="Sidebar">
            {sidebar}
          </aside>
        </div>
      ) : (
        children
      )}
    </div>
  );
}

export function PageTitle({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1.5 text-slate-600">{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
}

/** A chain's or provider's page while it loads: the header card's shape, content blocks and the sidebar. */
export function DetailPageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Page
        sidebar={
          <div className="space-y-6">
            <Skeleton className="h-64 rounded-xl" />
            <Skeleton className="h-40 rounded-xl" />
          </div>
        }
      >
        <div className="space-y-6">
          <Card className="flex gap-5 p-6">
            <Skeleton className="size-16 rounded-2xl" />
            <div className="flex-1 space-y-3">
              <Skeleton className="h-8 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="h-10 w-48" />
            </div>
          </Card>
          <Skeleton className="h-56 rounded-xl" />
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      </Page>
    </div>
  );
}
