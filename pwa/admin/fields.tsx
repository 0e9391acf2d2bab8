// The admin panel's labelled field components: each takes `{ id, value, onChange, onBlur, inputRef, error }`, which
// `Bind` (form.tsx) hands over from a form field.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { rpcTrackingValues } from '../../contract/admin.ts';
import type { Provider } from '../../contract/providers.ts';
import { trackingLabels } from '../components/tracking-badge.tsx';
import { FieldError, Input, Label, Textarea } from '../components/ui/input.tsx';
import { cn } from '../lib/cn.ts';

/** Where the form focuses a wrong field after a failed submit. */
export type FocusRef = (target: { focus: () => void } | null) => void;
/** The form-side props a field component may also take. */
export type Connected = { onBlur?: () => void; inputRef?: FocusRef };

export function Field({
  id,
  label,
  error,
  hint,
  counter,
  required,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  counter?: { length: number; max: number };
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <div className="flex items-baseline gap-1">
        <Label htmlFor={id}>{label}</Label>
        {/* Outside the label so the field's name stays the label text; the input's `required` tells assistive tech. */}
        {required && (
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        )}
        <span className="flex-1" />
        {counter && (
          <span
            className={cn('text-xs tabular-nums', counter.length > counter.max ? 'text-red-600' : 'text-slate-500')}
          >
            {counter.length}/{counter.max}
          </span>
        )}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

type TextFieldProps = {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** Shows an n/max counter and stops typing beyond max. */
  max?: number;
  required?: boolean;
  type?: 'text' | 'url' | 'email' | 'number' | 'date';
  placeholder?: string;
  multiline?: boolean;
  className?: string;
  inputMode?: 'numeric' | 'text' | 'url';
} & Connected;

export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  hint,
  max,
  required,
  type = 'text',
  placeholder,
  multiline,
  className,
  inputMode,
}: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    placeholder,
    maxLength: max,
    required,
    onBlur,
    ref: inputRef,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
      counter={max ? { length: value.length, max } : undefined}
    >
      {multiline ? (
        <Textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input {...common} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export function CheckboxField({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  hint,
}: {
  id: string;
  label: ReactNode;
  value: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
} & Connected) {
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        ref={inputRef}
        type="checkbox"
        checked={value}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={onBlur}
        className="mt-0.5 size-4 rounded border-slate-300 accent-accent-600"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
      </div>
    </div>
  );
}

/**
 * A labelled native select: long lists (a parent chain among hundreds) stay fast and type-to-find, and it
 * sits inside scrolling dialogs without a popover.
 */
export function SelectField<V extends string>({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  options,
  error,
  hint,
}: {
  id: string;
  label: ReactNode;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  error?: string;
  hint?: ReactNode;
} & Connected) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        ref={inputRef}
        value={value}
        // The options are the only values the select can take.
        onChange={(e) => onChange(e.target.value as V)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none aria-invalid:border-red-500"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A titled group of fields inside a dialog or tab. */
export function FormSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={cn('grid gap-4 border-t border-slate-200 pt-4', className)}>
      <legend className="pr-2 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

const endpointSelectClass = 'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm';

/** An endpoint's tracking select and "Needs an API key" box, as every admin endpoint form has them. */
export function EndpointOptions({
  tracking,
  needsApiKey,
  trackingLabel,
}: {
  tracking: UseFormRegisterReturn;
  needsApiKey: UseFormRegisterReturn;
  trackingLabel: string;
}) {
  return (
    <>
      <select aria-label={trackingLabel} {...tracking} className={endpointSelectClass}>
        {rpcTrackingValues.map((t) => (
          <option key={t} value={t}>
            {trackingLabels[t].text}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-2 text-slate-700">
        <input type="checkbox" {...needsApiKey} className="size-4 accent-accent-600" />
        Needs an API key
      </label>
    </>
  );
}

/** An endpoint's provider select: none, or one of the directory's providers. */
export function EndpointProviderSelect({
  field,
  label,
  providers,
}: {
  field: UseFormRegisterReturn;
  label: string;
  providers: readonly Pick<Provider, 'id' | 'name'>[];
}) {
  return (
    <select aria-label={label} {...field} className={cn(endpointSelectClass, 'max-w-56')}>
      <option value="">No provider</option>
      {providers.map((p) => (
        <option key={p.id} value={String(p.id)}>
          {p.name}
        </option>
      ))}
    </select>
  );
}
