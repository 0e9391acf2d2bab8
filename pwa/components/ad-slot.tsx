// Ad placements: rotates a position's active ads every 5 s (reset to the first when the list changes),
// renders nothing without ads, strips scripts, and shows 'Ad content unavailable' if rendering fails.
import { useQuery } from '@tanstack/react-query';
import { Component, useEffect, useState, type ReactNode } from 'react';
import type { Ad } from '../../contract/content.ts';
import { adsQuery, type AdPosition } from '../data/content.ts';
import { cn } from '../lib/cn.ts';
import { useSanitized } from './html-content.tsx';
import { LIMITS } from '../lib/site.ts';

class AdErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  render() {
    if (this.state.failed) return <p className="text-center text-sm text-slate-500">Ad content unavailable</p>;
    return this.props.children;
  }
}

function AdHtml({ ad }: { ad: Ad }) {
  const html = useSanitized(ad.adCode, 'sanitizeAdHtml');
  return (
    <div
      className="ad-code flex w-full justify-center overflow-hidden"
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}

/** Cycles through `ads` (no fetch): used by AdSlot and by the hotlist's inline blocks. */
export function AdRotator({ ads, className }: { ads: readonly Ad[]; className?: string }) {
  const listKey = ads.map((a) => a.id).join(',');
  const [index, setIndex] = useState(0);
  useEffect(() => {
    setIndex(0);
    if (ads.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % ads.length), LIMITS.adRotationMs);
    return () => clearInterval(timer);
    // The list identity is its ids: a refetch with the same ads keeps rotating undisturbed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listKey]);
  if (ads.length === 0) return null;
  const ad = ads[index % ads.length];
  return (
    <aside
      aria-label="Sponsored"
      className={cn('relative rounded-xl border border-dashed border-slate-300 bg-white p-3', className)}
    >
      <span className="absolute top-1.5 right-2 text-[10px] font-medium tracking-wide text-slate-500 uppercase">
        Sponsored
      </span>
      <AdErrorBoundary resetKey={String(ad.id)}>
        <AdHtml ad={ad} />
      </AdErrorBoundary>
    </aside>
  );
}

/** The ads of one position. The box keeps a minimum height so rotating ads do not shift the page. */
export function AdSlot({ position, className }: { position: AdPosition; className?: string }) {
  const { data } = useQuery(adsQuery(position));
  if (!data?.length) return null;
  return <AdRotator ads={data} className={cn('min-h-24', className)} />;
}
