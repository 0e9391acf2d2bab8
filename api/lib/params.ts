// Path parameter schemas shared by the routes.
import { z } from 'zod';

/** A database id in the path (a positive 32-bit integer). */
const pathId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive()
    .max(2147483647);

export const idParams = z.object({ id: pathId('id') });
export const chainIdParams = z.object({ chainId: pathId('chainId') });
export const providerIdParams = z.object({ providerId: pathId('providerId') });
export const providerChainParams = z.object({ id: pathId('id'), chainId: pathId('chainId') });
export const slugParams = z.object({ slug: z.string().min(1).max(200) });
