// The one way a chain's, provider's or wallet's image is drawn: the image, or — when there is none or it fails to
// load — the letter tile: the first letter of the name on the entity's colour. Never the browser's
// broken-image icon.
import { useCallback, useState } from 'react';
import { cn } from '../lib/cn.ts';

const sizes = {
  xs: { box: 'size-6 text-xs rounded-md', px: 24 },
  sm: { box: 'size-8 text-sm rounded-lg', px: 32 },
  md: { box: 'size-12 text-lg rounded-xl', px: 48 },
  lg: { box: 'size-16 text-2xl rounded-2xl', px: 64 },
} as const;

export function Logo({
  src,
  name,
  color,
  size = 'md',
  eager = false,
  className,
}: {
  src: string | null | undefined;
  name: string;
  color?: string | null;
  size?: keyof typeof sizes;
  /** Load at once (the page's own header); other logos load as they come near the screen. */
  eager?: boolean;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // An image that failed before the app hydrated fired its error event before React listened: one that has
  // finished loading (complete) and cannot be decoded has failed.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) img.decode().catch(() => setFailedSrc(img.getAttribute('src')));
  }, []);
  const { box: boxSize, px } = sizes[size];
  const box = cn('inline-flex shrink-0 items-center justify-center overflow-hidden', boxSize, className);
  const label = `${name} logo`;

  if (src && failedSrc !== src) {
    return (
      <span role="img" aria-label={label} className={cn(box, 'border border-slate-200 bg-white')}>
        {/* alt="": the name is on the tile; a broken image with an empty alt draws nothing until the letter replaces it. */}
        <img
          key={src}
          ref={checkLoaded}
          src={src}
          alt=""
          width={px}
          height={px}
          className="size-full object-contain p-0.5"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      </span>
    );
  }
  const base = color || '#3b82f6';
  return (
    <span
      role="img"
      aria-label={label}
      className={cn(box, 'font-semibold text-white select-none')}
      style={{ backgroundImage: `linear-gradient(135deg, ${base}, color-mix(in srgb, ${base} 60%, #0f172a))` }}
    >
      {/* The letter is the tile's picture: an image's content is not read out, its label is. */}
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
