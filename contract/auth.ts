// Sign-in and profile contracts.
import { z } from 'zod';

export const signedInUserSchema = z.object({
  authenticated: z.literal(true),
  id: z.number().int(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** GET /api/auth/user */
export const authUserSchema = z.discriminatedUnion('authenticated', [
  z.object({ authenticated: z.literal(false) }),
  signedInUserSchema,
]);
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * PUT /api/auth/profile body (seed 000 section 5; all optional). An absent field stays as it is;
 * an empty or null first/last name clears it. Answers the updated user (signedInUserSchema).
 */
export const profileUpdateSchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, 'Display name is required')
    .max(100, 'Display name must be 100 characters or less')
    .optional(),
  firstName: z.string().trim().max(50, 'First name must be 50 characters or less').nullish(),
  lastName: z.string().trim().max(50, 'Last name must be 50 characters or less').nullish(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** `returnTo` of /api/login and /api/auth/google: where the browser lands after signing in. */
export const signInStartQuerySchema = z.object({ returnTo: z.string().max(2000).optional() });
