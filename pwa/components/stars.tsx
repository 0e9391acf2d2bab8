import { Star } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { formatRating, starFills } from '../lib/rating.ts';

/** Five stars with half-star fill and, unless hidden, the value to one decimal. */
export function Stars({ value, size = 'sm', showValue = true, className }: {
  value: number | string;
  size?: 'sm' | 'md' | 'lg';
  showValue?: boolean;
  className?: string;
}) {
  const px = { sm: 'size-4', md: 'size-5', lg: 'size-6' }[size];
  const label = `Rated ${formatRating(value)} out of 5`;
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span className="inline-flex items-center" role="img" aria-label={label}>
        {starFills(value).map((fill, i) => (
          <span key={i} className={cn('relative inline-block', px)} aria-hidden="true">
            <Star className={cn('absolute inset-0 text-slate-300', px)} strokeWidth={1.5} />
            {fill !== 'empty' && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: fill === 'half' ? '50%' : '100%' }}>
                <Star className={cn('fill-star text-star', px)} strokeWidth={1.5} />
              </span>
            )}
          </span>
        ))}
      </span>
      {showValue && <span className="text-sm font-semibold text-slate-900 tabular-nums">{formatRating(value)}</span>}
    </span>
  );
}

/** The compact form of menus and sidebars: a star and the value to one decimal (the number is what is read out). */
export function StarValue({ value }: { value: number | string }) {
  return <><span aria-hidden="true" className="text-star">★</span> {formatRating(value)}</>;
}
