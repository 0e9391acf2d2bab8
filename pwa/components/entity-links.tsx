// Lists of links to chains or providers, each row a logo and a name with an optional second line or
// trailing value: the header menus, the sidebars and the provider page's Supported Chains.
import type { ComponentProps, ReactNode } from 'react';
import { paths } from '../../contract/urls.ts';
import { cn } from '../lib/cn.ts';
import { AppLink } from './app-link.tsx';
import { Logo } from './logo.tsx';
import { useShowMore } from './show-more.tsx';
import { Skeleton } from './ui/skeleton.tsx';

type Named = { slug: string; name: string; color: string | null };
type Target =
  | { chain: Named & { iconUrl: string | null }; provider?: never }
  | { provider: Named & { logoUrl: string | null }; chain?: never };

/** One row. Other props (a Radix `asChild` parent passes handlers and a ref) go to the link element. */
export function EntityLink({
  chain,
  provider,
  size = 'xs',
  detail,
  trailing,
  className,
  ...props
}: Target & {
  size?: 'xs' | 'sm';
  /** A second line under the name. */
  detail?: ReactNode;
  /** A value at the row's end (e.g. the rating). */
  trailing?: ReactNode;
} & Omit<ComponentProps<'a'>, 'children' | 'href'>) {
  const entity = chain ?? provider!;
  const classes = cn('flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50', className);
  const body = (
    <>
      <Logo src={chain ? chain.iconUrl : provider!.logoUrl} name={entity.name} color={entity.color} size={size} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{entity.name}</span>
        {detail && <span className="block truncate text-xs text-slate-600">{detail}</span>}
      </span>
      {trailing && <span className="shrink-0 text-sm text-slate-600 tabular-nums">{trailing}</span>}
    </>
  );
  return (
    <AppLink href={chain ? paths.chain(entity.slug) : paths.provider(entity.slug)} className={classes} {...props}>
      {body}
    </AppLink>
  );
}

/** The rows of `items` (a long list a batch at a time), or `skeletons` placeholder rows while `loading`. */
export function LinkList<T extends { id: number }>({
  items,
  noun,
  loading = false,
  skeletons = 5,
  className,
  children,
}: {
  items: readonly T[] | undefined;
  /** What the items are, for "Show more {noun}". */
  noun: 'chains' | 'providers';
  loading?: boolean;
  skeletons?: number;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  const { shown, showMore } = useShowMore(items?.length ?? 0, noun);
  return (
    <ul className={className}>
      {loading
        ? Array.from({ length: skeletons }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-10" />
            </li>
          ))
        : items?.slice(0, shown).map((item) => <li key={item.id}>{children(item)}</li>)}
      {!loading && showMore}
    </ul>
  );
}
