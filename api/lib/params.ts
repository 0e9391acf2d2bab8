// Path parameter schemas shared by the routes (an id in the path is the contract's id, coerced from its string).
import { z } from 'zod';
import { id as pathId } from '../../contract/fields.ts';

export const idParams = z.object({ id: pathId('id') });
export const chainIdParams = z.object({ chainId: pathId('chainId') });
export const providerIdParams = z.object({ providerId: pathId('providerId') });
export const providerChainParams = z.object({ id: pathId('id'), chainId: pathId('chainId') });
export const slugParams = z.object({ slug: z.string().min(1).max(200) });
