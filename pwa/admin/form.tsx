// Form plumbing of the admin panel: react-hook-form state checked with the API's own zod input schemas
// (contract/admin.ts), each form's starting values derived from its schema, and labelled field components
// that `Bind` connects to a form field.
import type { KeyboardEvent, ReactNode } from 'react';
import {
  useController,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { FieldError, Input, Label, Textarea } from '../components/ui/input.tsx';
import { cn } from '../lib/cn.ts';
import { schemaResolver } from '../lib/schema-resolver.ts';

/** A form of the panel: react-hook-form's, plus the id of each field's control (`id('name')` → "chain-name"). */
export type AdminForm<T extends FieldValues, TOut = T> = UseFormReturn<T, unknown, TOut> & {
  id: (name: string) => string;
};

/** A form as a group of fields that several forms share sees it: the group's text fields only. */
export type FormWith<K extends string> = AdminForm<Record<K, string>, unknown>;

/**
 * A shared group's view of the form it is given. The group's props check that the form has the group's text
 * fields (`form: AdminForm<T, O>` with `T extends Record<K, string>`); react-hook-form's types are invariant in
 * a form's values, so a form with more fields is never assignable to the group's own, hence this one cast.
 */
export function groupView<K extends string, T extends Record<K, string>, O>(form: AdminForm<T, O>): FormWith<K> {
  return form as unknown as FormWith<K>;
}

/**
 * A form's value of each field of `S`: text as a string ('' for none), anything else as the API takes it (as
 * the schema gives it where the input type is open, e.g. a preprocessed field).
 */
export type FormValues<S extends z.ZodObject> = {
  [K in keyof z.input<S>]-?: unknown extends z.input<S>[K]
    ? z.output<S>[K & keyof z.output<S>]
    : NonNullable<z.input<S>[K]>;
};

/** What a field's schema gives for a missing value: its default, if it has one. */
function defaultOf(field: z.ZodType): unknown {
  const result = field.safeParse(undefined);
  return result.success ? result.data : undefined;
}

/**
 * The starting values of a form for `schema`'s fields, in one pass over the schema: the stored item's value,
 * else the schema's default, else ''. `overrides` gives the fields the form holds differently from the item
 * (a number typed as text, a nested fact) and the form's own extra fields.
 */
export function formValues<S extends z.ZodObject, O extends object = object>(
  schema: S,
  item?: object | null,
  overrides?: O,
): Omit<FormValues<S>, keyof O> & O {
  const stored = (item ?? {}) as Record<string, unknown>;
  const values = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, stored[key] ?? defaultOf(field) ?? '']),
  );
  return { ...values, ...overrides } as Omit<FormValues<S>, keyof O> & O;
}

/**
 * A panel form: `values` to start from, checked on submit with `schema` (then again as fields change); the
 * submit handler gets the schema's output. A failed submit focuses the first wrong field.
 */
export function useAdminForm<T extends FieldValues, S extends z.ZodType<unknown, FieldValues>>(
  idPrefix: string,
  {
    schema,
    values,
    toInput,
  }: {
    schema: S;
    values: T;
    /** The API input the form's values make, when they differ from it (e.g. numbers typed as text). */
    toInput?: (values: T) => z.input<S>;
  },
): AdminForm<T, z.output<S>> {
  const form = useForm<T, unknown, z.output<S>>({
    defaultValues: values as DefaultValues<T>,
    resolver: schemaResolver(schema, toInput ?? ((v) => v as z.input<S>)),
  });
  return { ...form, id: (name: string) => `${idPrefix}-${name.replaceAll('.', '-')}` };
}

/** What a field component takes from its form field: the control's id, value, change handler, focus ref and error. */
export type BoundField<V> = {
  id: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  inputRef: FocusRef;
  error?: string;
};
/** Where the form focuses a wrong field after a failed submit. */
type FocusRef = (target: { focus: () => void } | null) => void;
/** The form-side props a field component may also take. */
export type Connected = { onBlur?: () => void; inputRef?: FocusRef };

/** Connects the field `name` of `form` to the field component `children` renders. */
export function Bind<T extends FieldValues, N extends FieldPath<T>, TOut>({
  form,
  name,
  children,
}: {
  form: AdminForm<T, TOut>;
  name: N;
  children: (field: BoundField<PathValue<T, N>>) => ReactNode;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  return children({
    id: form.id(name),
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: fieldState.error?.message,
  });
}

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

/** "base-sepolia" from "Base Sepolia!" — the slug a new entity gets until the admin edits it. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** Enter in a field of a part that saves on its own (an endpoint) saves that part, not the dialog's form around it. */
export const enterSubmits = (submit: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  submit();
};
