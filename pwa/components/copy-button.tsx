import { useEffect, useState } from 'react';
import { toast } from '../lib/toast.ts';
import { cn } from '../lib/cn.ts';
import { iconClasses } from './ui/icon.tsx';

/** Copies `value` to the clipboard; the icon confirms for 2 s. `label` names what is copied (screen readers). */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Your browser did not allow copying. Select the text and copy it instead.',
        variant: 'destructive',
      });
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
      title={copied ? 'Copied' : 'Copy'}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900',
        copied ? `${iconClasses('check')} before:text-emerald-600` : iconClasses('copy'),
        className,
      )}
    />
  );
}
