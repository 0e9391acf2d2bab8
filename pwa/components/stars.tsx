import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { formatRating, STAR_COUNT, starFills } from '../lib/rating.ts';

/** How much of the five stars is coloured: whole stars, and half of the next one for a .5 fraction. */
export function starFillPercent(value: number | string): number {
  const stars = starFills(value).reduce((n, fill) => n + (fill === 'full' ? 1 : fill === 'half' ? 0.5 : 0), 0);
  return (stars / STAR_COUNT) * 100;
}

/**
 * Five stars with half-star fill and, unless hidden, the value to one decimal. One element for the five
 * (.star-rating in styles.css): a list draws one per card, and a node and an SVG per star made rendering
 * the home page's list a long task on phones (bench/RESULTS.md).
 */
export function Stars({
  value,
  size = 'sm',
  showValue = true,
  className,
  children,
}: {
  value: number | string;
  size?: 'sm' | 'md' | 'lg';
  showValue?: boolean;
  className?: string;
  /** Text after the value, such as the review count (in the same element: a list draws one per card). */
  children?: ReactNode;
}) {
  const height = { sm: 'h-4', md: 'h-5', lg: 'h-6' }[size];
  const label = `Rated ${formatRating(value)} out of 5`;
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span
        role="img"
        aria-label={label}
        className={cn('star-rating', height)}
        style={{ '--star-fill': `${starFillPercent(value)}%` } as CSSProperties}
      />
      {showValue && <span className="text-sm font-semibold text-slate-900 tabular-nums">{formatRating(value)}</span>}
      {children}
    </span>
  );
}

/** The compact form of menus and sidebars: a star and the value to one decimal (the number is what is read out). */
export function StarValue({ value }: { value: number | string }) {
  return (
    <>
      <span aria-hidden="true" className="text-star">
        ★
      </span>{' '}
      {formatRating(value)}
    </>
  );
}
