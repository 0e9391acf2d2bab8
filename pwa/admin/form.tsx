// Form plumbing of the admin panel: react-hook-form state checked with the API's own zod input schemas
// (contract/admin.ts), each form's starting values derived from its schema, and `Bind`, which connects a form
// field to a field component (fields.tsx).
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
import { schemaResolver } from '../lib/schema-resolver.ts';
import type { FocusRef } from './fields.tsx';

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

/** Enter in a field of a part that saves on its own (an endpoint) saves that part, not the dialog's form around it. */
export const enterSubmits = (submit: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  submit();
};
