// Form plumbing of the admin panel: string-valued form state, validation with the API's own zod input
// schemas (api/admin/schema.ts) mapped to per-field messages, and labelled field components.
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { FieldError, Input, Label, Textarea } from '../components/ui/input.tsx';
import { cn } from '../lib/cn.ts';

export type FieldErrors = Record<string, string>;

/** Validates a payload with the server's schema; errors are keyed by field path ("explorers.0.url"). */
export function validate<S extends z.ZodType>(schema: S, payload: unknown):
  { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Form values with a setter per field; `errors` from the last failed submit clear as fields change.
 * `idPrefix` names the form's field ids (`id('name')` → "chain-name"), so an error can focus its field.
 */
export function useForm<T extends Record<string, unknown>>(idPrefix: string, initial: () => T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(String(key) in e)) return e;
      const { [String(key)]: _gone, ...rest } = e;
      return rest;
    });
  };
  const reset = (next: T = initial()) => {
    setValues(next);
    setErrors({});
  };
  /** The id of a field's control; an error key "explorers.0.url" belongs to the field id('explorers-0-url'). */
  const id = (field: string) => `${idPrefix}-${field.replaceAll('.', '-')}`;
  /** Validates a submit with the server's schema; on failure shows the errors and focuses the first field. */
  const check = <S extends z.ZodType>(schema: S, payload: unknown) => {
    const result = validate(schema, payload);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) requestAnimationFrame(() => document.getElementById(id(first))?.focus());
    }
    return result;
  };
  return { values, set, errors, reset, id, check };
}

/** What a group of fields needs of a form: its string values under `K`, their errors, setter and ids. */
export type FormFields<K extends string> = {
  values: Record<K, string>;
  errors: FieldErrors;
  set: (key: K, value: string) => void;
  id: (field: string) => string;
};

export function Field({ id, label, error, hint, counter, required, children, className }: {
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
        {required && <span className="text-sm text-red-600" aria-hidden="true">*</span>}
        <span className="flex-1" />
        {counter && (
          <span className={cn('text-xs tabular-nums', counter.length > counter.max ? 'text-red-600' : 'text-slate-500')}>
            {counter.length}/{counter.max}
          </span>
        )}
      </div>
      {children}
      {hint && !error && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
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
  type?: 'text' | 'url' | 'email' | 'number';
  placeholder?: string;
  multiline?: boolean;
  className?: string;
  inputMode?: 'numeric' | 'text' | 'url';
};

export function TextField({ id, label, value, onChange, error, hint, max, required, type = 'text', placeholder, multiline, className, inputMode }: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    placeholder,
    maxLength: max,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}
      counter={max ? { length: value.length, max } : undefined}>
      {multiline
        ? <Textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
        : <Input {...common} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

export function CheckboxField({ id, label, checked, onChange, hint }: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
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
export function SelectField({ id, label, value, onChange, options, error, hint }: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none aria-invalid:border-red-500"
      >
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </Field>
  );
}

/** A titled group of fields inside a dialog or tab. */
export function FormSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('grid gap-4 border-t border-slate-200 pt-4', className)}>
      <legend className="pr-2 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Form values are strings; an optional text field left blank is sent as '' (the schemas store it as null). */
export const text = (v: string | null | undefined) => v ?? '';

/** "base-sepolia" from "Base Sepolia!" — the slug a new entity gets until the admin edits it. */
export function slugify(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
