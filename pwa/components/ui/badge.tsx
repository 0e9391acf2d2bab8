import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** The class names of pwa/styles.css (.badge-*). */
type BadgeVariant = 'default' | 'neutral' | 'success' | 'warning' | 'danger';

/** A badge; `as="li"` makes it the list item itself (a list of badges then draws one element per badge). */
export function Badge({
  className,
  variant = 'neutral',
  as: Tag = 'span',
  ...props
}: Omit<ComponentProps<'span'>, 'ref'> & { variant?: BadgeVariant; as?: 'span' | 'li' }) {
  return <Tag className={cn('badge', `badge-${variant}`, className)} {...props} />;
}
