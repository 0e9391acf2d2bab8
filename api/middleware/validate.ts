// Parses a request part with its zod schema; a failure becomes 400 "field: message" (errors.ts).
import type { z } from 'zod';

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  return schema.parse(value);
}
