import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = {
  default: 'bg-accent-50 text-accent-700 ring-accent-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
} as const;

export function Badge({
  className,
  variant = 'neutral',
  ...props
}: ComponentProps<'span'> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
