// A native <select> with the app's styling: pass the options as data. Native on purpose: phones open their
// own picker, keyboards and screen readers know it, and it costs next to nothing to render and hydrate
// (the home page's chain filter has one option per chain).
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export type SelectOption = { value: string; label: string };

export type SelectProps = {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Accessible name when no visible <label htmlFor={id}> exists. */
  'aria-label'?: string;
  id?: string;
  /** Shown (and not choosable) while the value is empty. */
  placeholder?: string;
  /** Classes of the control's box (e.g. its width). */
  className?: string;
};

export function Select({ value, onValueChange, options, placeholder, className, id, ...rest }: SelectProps) {
  return (
    <div className={cn('relative w-full', className)}>
      <select
        id={id}
        aria-label={rest['aria-label']}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className={cn(
          'h-10 w-full appearance-none truncate rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 shadow-sm',
          'hover:border-slate-400 focus:outline-none focus-visible:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600/30',
          value === '' && 'text-slate-500',
        )}
      >
        {placeholder !== undefined && value === '' && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
    </div>
  );
}
