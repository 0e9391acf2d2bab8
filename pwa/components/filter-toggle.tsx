// A checkbox filter beside a list's search and selects ("Public endpoint only", "Archive data"…): native, so it works
// before the app hydrates and reads the same to every assistive technology.
import { useId } from 'react';
import { cn } from '../lib/cn.ts';

export function FilterToggle({
  label,
  checked,
  onChange,
  title,
  className,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  title?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      title={title}
      className={cn('inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700', className)}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 rounded border-slate-300 accent-accent-600"
      />
      {label}
    </label>
  );
}

export const PUBLIC_ONLY_LABEL = 'Public endpoint only';
export const PUBLIC_ONLY_TITLE = 'Only providers with a public endpoint anyone can call, without an API key';
