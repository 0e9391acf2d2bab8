// GET + validation with the API's own zod schema, the schema module loaded alongside the request.
import type { z } from 'zod';
import { getJson } from '../lib/api.ts';

export type Schemas = typeof import('./schemas.ts');
export const loadSchemas = (): Promise<Schemas> => import('./schemas.ts');

/** Validates `data` with the schema `pick` chooses (typed by it). */
export async function parseWith<T>(pick: (s: Schemas) => z.ZodType<T>, data: unknown): Promise<T> {
  return pick(await loadSchemas()).parse(data);
}

/** GET `path` and validate the JSON with the chosen schema. */
export async function getParsed<T>(path: string, pick: (s: Schemas) => z.ZodType<T>): Promise<T> {
  const [data, schemas] = await Promise.all([getJson(path), loadSchemas()]);
  return pick(schemas).parse(data);
}
