import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** The class names of pwa/styles.css (.badge-*). */
type BadgeVariant = 'default' | 'neutral' | 'success' | 'warning' | 'danger';

export function Badge({
  className,
  variant = 'neutral',
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return <span className={cn('badge', `badge-${variant}`, className)} {...props} />;
}
