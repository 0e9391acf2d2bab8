import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const field =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 ' +
  'focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-600/30 disabled:opacity-50 aria-invalid:border-red-500';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-24 py-2', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-slate-800', className)} {...props} />;
}

export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {children}
    </p>
  );
}
