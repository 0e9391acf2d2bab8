// The sticky site header: wordmark, Chains and Providers menus, About, search, account area,
// and on small screens a toggle menu with the search field, All Chains, All Providers, About.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronDown, Menu, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { frameChainsQuery } from '../data/chains.ts';
import { popularProvidersQuery } from '../data/providers.ts';
import { cn } from '../lib/cn.ts';
import { reviewCountLabel } from '../lib/rating.ts';
import { LIMITS } from '../lib/site.ts';
import { Wordmark } from './brand.tsx';
import { EntityLink, LinkList } from './entity-links.tsx';
import { HeaderSearch } from './header-search.tsx';
import { OfflineIndicator } from './offline-indicator.tsx';
import { OfflineBannerSlot } from './offline-notice.tsx';
import { StarValue } from './stars.tsx';
import { UserMenu } from './user-menu.tsx';

// No display class here: each use sets its own (a base `hidden` next to a base `inline-flex` is decided by
// stylesheet order, not by the order of the class names).
const iconButtonClass =
  'size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900';

const triggerClass =
  'group inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-expanded:bg-slate-100 aria-expanded:text-slate-900';

/** A menu's panel: its grid of links and the link to the whole list. */
function MenuPanel({
  width,
  viewAll,
  children,
}: {
  width: string;
  viewAll: { to: '/chains' | '/providers'; label: string };
  children: ReactNode;
}) {
  return (
    <div className={cn('p-4', width)}>
      {children}
      <div className="mt-3 border-t border-slate-100 pt-3">
        <Link to={viewAll.to} className="text-sm font-medium text-accent-700 hover:underline">
          {viewAll.label}
        </Link>
      </div>
    </div>
  );
}

function ChainsMenuContent() {
  const { data: chains, isPending } = useQuery(frameChainsQuery());
  return (
    <MenuPanel width="w-[min(50rem,calc(100vw-14rem))]" viewAll={{ to: '/chains', label: 'View all chains' }}>
      <LinkList
        noun="chains"
        items={chains?.slice(0, LIMITS.headerChains)}
        loading={isPending}
        skeletons={8}
        className="grid grid-cols-2 gap-1 lg:grid-cols-4"
      >
        {(c) => <EntityLink chain={c} />}
      </LinkList>
    </MenuPanel>
  );
}

function ProvidersMenuContent() {
  const { data: providers, isPending } = useQuery(popularProvidersQuery());
  return (
    <MenuPanel width="w-[min(44rem,calc(100vw-14rem))]" viewAll={{ to: '/providers', label: 'View all providers' }}>
      <LinkList
        noun="providers"
        items={providers?.slice(0, LIMITS.headerProviders)}
        loading={isPending}
        skeletons={6}
        className="grid grid-cols-2 gap-1 lg:grid-cols-3"
      >
        {(p) => (
          <EntityLink
            provider={p}
            size="sm"
            detail={
              <>
                <StarValue value={p.averageRating} /> {reviewCountLabel(p.totalReviews)}
              </>
            }
          />
        )}
      </LinkList>
    </MenuPanel>
  );
}

const MENUS = {
  chains: {
    label: 'Chains',
    Content: ChainsMenuContent,
    prefetch: (client: QueryClient) => client.prefetchQuery(frameChainsQuery()),
  },
  providers: {
    label: 'Providers',
    Content: ProvidersMenuContent,
    prefetch: (client: QueryClient) => client.prefetchQuery(popularProvidersQuery()),
  },
} as const;
type MenuName = keyof typeof MENUS;

/**
 * A disclosure menu: the trigger opens its panel on click or Enter (not on hover: hover-open followed by a click
 * would close it again), the panel follows the trigger in tab order, and Escape, a click elsewhere, focus moving
 * on or a link taken close it. Its list is fetched when the pointer or focus reaches the trigger.
 */
function HeaderMenu({
  name,
  open,
  onOpenChange,
}: {
  name: MenuName;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { label, Content, prefetch: prefetchList } = MENUS[name];
  const queryClient = useQueryClient();
  const item = useRef<HTMLLIElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!item.current?.contains(e.target as Node)) onOpenChange(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onOpenChange(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onOpenChange]);
  const prefetch = () => void prefetchList(queryClient);

  return (
    // Focus moving on closes it; a pointer elsewhere (no relatedTarget) is the pointerdown listener's.
    <li
      ref={item}
      onBlur={(e) => {
        if (open && e.relatedTarget && !item.current?.contains(e.relatedTarget)) onOpenChange(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={triggerClass}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => onOpenChange(!open)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {label}{' '}
        <ChevronDown className="size-3.5 transition-transform group-aria-expanded:rotate-180" aria-hidden="true" />
      </button>
      {open && (
        // Placed under the whole bar (the nav is the positioned box); a link taken closes the menu.
        <div
          id={panelId}
          className="absolute top-full left-0 pt-2"
          onClick={(e) => {
            if ((e.target as Element).closest('a')) onOpenChange(false);
          }}
        >
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl">
            <Content />
          </div>
        </div>
      )}
    </li>
  );
}

function DesktopNav() {
  const [openMenu, setOpenMenu] = useState<MenuName | null>(null);
  const menu = (name: MenuName) => (
    <HeaderMenu name={name} open={openMenu === name} onOpenChange={(open) => setOpenMenu(open ? name : null)} />
  );
  return (
    <nav aria-label="Main" className="relative hidden md:block">
      <ul className="flex items-center gap-1">
        {menu('chains')}
        {menu('providers')}
        <li>
          <Link to="/about" className={triggerClass}>
            About
          </Link>
        </li>
      </ul>
    </nav>
  );
}

export function Header() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => setMobileOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <Wordmark />
        <DesktopNav />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* The field where there is room for it; between the phone menu and that width, the search page's own. */}
          <HeaderSearch className="hidden w-64 xl:flex" />
          <Link to="/search" aria-label="Search" className={cn(iconButtonClass, 'hidden md:inline-flex xl:hidden')}>
            <Search className="size-5" aria-hidden="true" />
          </Link>
          <OfflineIndicator />
          <UserMenu />
          <button
            type="button"
            className={cn(iconButtonClass, 'inline-flex md:hidden')}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((o) => !o)}
          >
            {mobileOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        className={cn('border-t border-slate-200 bg-white md:hidden', !mobileOpen && 'hidden')}
      >
        <HeaderSearch withButton onSearch={() => setMobileOpen(false)} className="mx-auto flex max-w-7xl px-4 pt-3" />
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
          {(
            [
              ['/chains', 'All Chains'],
              ['/providers', 'All Providers'],
              ['/about', 'About'],
            ] as const
          ).map(([to, label]) => (
            <li key={to}>
              <Link
                to={to}
                className="block rounded-lg px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <OfflineBannerSlot />
    </header>
  );
}
