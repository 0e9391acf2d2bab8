// Path parameter schemas shared by the routes.
import { z } from 'zod';

/** A database id in the path parameter `name` (a positive 32-bit integer). */
export const idParam = (name: string) =>
  z.object({ [name]: z.coerce.number({ error: `${name} must be a number` }).int().positive().max(2147483647) });

export const slugParam = z.object({ slug: z.string().min(1).max(200) });
