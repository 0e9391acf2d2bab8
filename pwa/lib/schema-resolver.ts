// react-hook-form checked with the API's own zod input schemas (contract/): the admin panel's forms and the
// profile dialog.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Checks what the form would send with the server's schema: `toInput` turns the form's values into the API's
 * input (identity when they are alike). Errors are keyed by the input's paths, which the form's field names follow.
 */
export function schemaResolver<T extends FieldValues, S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  toInput: (values: T) => z.input<S>,
): Resolver<T, unknown, z.output<S>> {
  const resolve = zodResolver(schema);
  // The casts only rename the field paths' type: the form's names follow the input's paths.
  return async (values, context, options) => {
    const result = await resolve(toInput(values), context, options as unknown as ResolverOptions<z.input<S>>);
    return result as ResolverResult<T, z.output<S>>;
  };
}
