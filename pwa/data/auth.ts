// Current user (GET /api/auth/user, not retried) and the profile update (PUT /api/auth/profile).
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthUser, ProfileUpdate, SignedInUser } from '../../contract/auth.ts';
import { apiRequest } from '../lib/api.ts';
import { ensure } from '../lib/query-client.ts';
import { getParsed } from './parsed.ts';
import { providerKeys } from './providers.ts';

export type { AuthUser, SignedInUser };

export const authKeys = { user: () => ['/api/auth/user'] as const };

export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: () => getParsed('/api/auth/user', (s) => s.authUserSchema),
    retry: false,
  });

/** `user` is set only when signed in; `isLoading` while the first lookup is pending. */
export function useAuth(): { user: SignedInUser | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isPending } = useQuery(currentUserQuery());
  const user = data?.authenticated ? data : null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}

/** The name shown for the user: display name, else first name, else e-mail. */
export function userLabel(user: Pick<SignedInUser, 'displayName' | 'firstName' | 'email'>): string {
  return user.displayName || user.firstName || user.email || '';
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'profile'],
    mutationFn: async (payload: ProfileUpdate) => {
      try {
        await apiRequest('PUT', '/api/auth/profile', payload);
      } catch {
        // A non-OK response throws this exact message.
        throw new Error('Failed to update profile');
      }
    },
    // The name appears in the header and with the user's reviews on provider pages.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.user() }),
        queryClient.invalidateQueries({ queryKey: providerKeys.all }),
      ]),
  });
}

/** Loads what is read only for a signed-in visitor (their votes, their review) once the user is known to be one. */
export async function whenSignedIn(queryClient: QueryClient, load: () => Promise<unknown>): Promise<void> {
  const user = await ensure(queryClient, currentUserQuery());
  if (user?.authenticated) await load();
}
