// The admin panel's one way of reporting a call's outcome: a 401 means the session expired, so the admin is told
// and sent to sign-in after 500 ms; any other failure is an 'Error' toast; a write's success its own toast.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminOutcomeTexts, type FailureTexts } from '../data/admin/mutation.ts';
import { isUnauthorizedError, refusal } from '../lib/api.ts';
import { LIMITS, navigateFullPage, paths } from '../lib/site.ts';
import { toast } from '../lib/toast.ts';

export const SESSION_EXPIRED = 'Your session has expired. Redirecting...';
export const OPERATION_FAILED = 'Operation failed. Please try again.';

/**
 * Full-page sign-in that brings the admin back to the panel, after 500 ms (the toast is read
 * first). Returns a cancel function (an effect's cleanup).
 */
export function redirectToSignIn(): () => void {
  const timer = setTimeout(() => navigateFullPage(paths.googleLogin(paths.admin())), LIMITS.unauthorizedRedirectMs);
  return () => clearTimeout(timer);
}

/**
 * The reason the server gave (`409: {"message":"A chain with the slug \"x\" already exists"}` → the message).
 * Only client errors (4xx) carry a reason worth showing; a 5xx or a network failure gets the generic text.
 */
export const serverMessage = (error: unknown): string | undefined => refusal(error)?.message;

/** Shows the failure of an admin call; on 401 also redirects to sign-in. */
export function reportAdminError(error: unknown, texts: FailureTexts = {}): void {
  if (isUnauthorizedError(error)) {
    toast({ title: 'Unauthorized', description: texts.unauthorized ?? SESSION_EXPIRED, variant: 'destructive' });
    redirectToSignIn();
    return;
  }
  const reason = texts.useServerMessage === false ? undefined : serverMessage(error);
  toast({
    title: texts.title ?? 'Error',
    description: reason ?? texts.fallback ?? OPERATION_FAILED,
    variant: 'destructive',
  });
}

/** The success toasts of the admin's writes ('Chain created successfully', …). */
export function reportSuccess(description: string, title = 'Success'): void {
  toast({ title, description, variant: 'success' });
}

/** While the panel is open, reports each admin write as it succeeds or fails, with the texts the write carries. */
export function useAdminWriteReports(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const texts = adminOutcomeTexts(event.mutation);
        if (!texts) return;
        if (event.action.type === 'error') reportAdminError(event.action.error, texts.failure);
        if (event.action.type !== 'success') return;
        const text = texts.success?.(event.mutation.state.variables, event.action.data);
        if (typeof text === 'string') reportSuccess(text);
        else if (text) reportSuccess(text.description, text.title);
      }),
    [queryClient],
  );
}
