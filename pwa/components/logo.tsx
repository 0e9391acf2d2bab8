// An image with a letter-tile fallback (spec 000 §4): the first letter of the name on the entity's colour.
import { useEffect, useState } from 'react';
import { cn } from '../lib/cn.ts';

const sizes = { xs: 'size-6 text-xs rounded-md', sm: 'size-8 text-sm rounded-lg', md: 'size-12 text-lg rounded-xl', lg: 'size-16 text-2xl rounded-2xl' } as const;

export function Logo({ src, name, color, size = 'md', className }: {
  src: string | null | undefined;
  name: string;
  color?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  const box = cn('inline-flex shrink-0 items-center justify-center overflow-hidden', sizes[size], className);
  if (src && !failed) {
    return (
      <span className={cn(box, 'border border-slate-200 bg-white')}>
        <img src={src} alt={`${name} logo`} className="size-full object-contain p-0.5" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      </span>
    );
  }
  const base = color || '#3b82f6';
  return (
    <span
      role="img"
      aria-label={`${name} logo`}
      className={cn(box, 'font-semibold text-white select-none')}
      style={{ backgroundImage: `linear-gradient(135deg, ${base}, color-mix(in srgb, ${base} 60%, #0f172a))` }}
    >
      <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
    </span>
  );
}
