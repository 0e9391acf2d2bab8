// A Radix Select with the app's styling: pass the options as data.
import { Select as S } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export type SelectOption = { value: string; label: string };

export type SelectProps = {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Accessible name when no visible <label htmlFor={id}> exists. */
  'aria-label'?: string;
  id?: string;
  placeholder?: string;
  className?: string;
};

export function Select({ value, onValueChange, options, placeholder, className, id, ...rest }: SelectProps) {
  return (
    <S.Root value={value} onValueChange={onValueChange}>
      <S.Trigger
        id={id}
        aria-label={rest['aria-label']}
        className={cn(
          'inline-flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
          'hover:border-slate-400 focus:outline-none focus-visible:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600/30 data-placeholder:text-slate-500',
          className,
        )}
      >
        <span className="truncate"><S.Value placeholder={placeholder} /></span>
        <S.Icon><ChevronDown className="size-4 text-slate-500" aria-hidden="true" /></S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <S.Viewport className="p-1">
            {options.map((o) => (
              <S.Item
                key={o.value}
                value={o.value}
                className="relative flex cursor-default select-none items-center rounded-md py-2 pr-8 pl-3 text-sm text-slate-800 outline-none data-highlighted:bg-accent-50 data-highlighted:text-accent-800"
              >
                <S.ItemText>{o.label}</S.ItemText>
                <S.ItemIndicator className="absolute right-2 inline-flex items-center">
                  <Check className="size-4" aria-hidden="true" />
                </S.ItemIndicator>
              </S.Item>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}
