import { cn } from '../../lib/cn.ts';

/** The icons pwa/styles.css draws (.icon-*): those a list repeats on every card or row. */
export type IconName = 'copy' | 'check' | 'external-link' | 'git-compare-arrows' | 'key-round' | 'wallet' | 'code-xml';

/** A decorative icon drawn by CSS: one empty element, sized 1rem unless `className` says otherwise. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden="true" className={cn('icon', `icon-${name}`, className)} />;
}

/**
 * The classes that make a button or link draw the icon itself, before or after its text (no element of its own: a
 * list repeats these on every card and row).
 */
export const iconClasses = (name: IconName, place: 'before' | 'after' = 'before') => `icon-${place} icon-${name}`;
