// What every admin write shares: the admin key root, and the mutation hook that invalidates only the data the write
// changed and carries the texts of its outcome (the panel reports them: pwa/admin/feedback.ts).
import { useMutation, useQueryClient, type Mutation, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/** The root of every admin query key (keys double as request paths). */
export const adminRoot = ['/api/admin'] as const;

export type FailureTexts = {
  /** Toast title of a non-401 failure (default 'Error'). */
  title?: string;
  /** Description when the server gave no reason (default 'Operation failed. Please try again.'). */
  fallback?: string;
  /** Description of the 401 toast (default 'Your session has expired. Redirecting...'). */
  unauthorized?: string;
  /** Show the server's reason (a duplicate slug, a refused file) instead of the fallback when there is one. */
  useServerMessage?: boolean;
};

/** Success toast: a description under the title 'Success', or both; none when undefined. */
export type SuccessText = string | { title: string; description: string } | undefined;

type AdminMutation<TVars, TResult> = {
  mutationKey: QueryKey;
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The cached data this write changed. */
  invalidates: (vars: TVars, result: TResult) => readonly QueryKey[];
  success?: (vars: TVars, result: TResult) => SuccessText;
  failure?: FailureTexts;
};

/** The texts an admin write's outcome is reported with, kept on the mutation. */
type OutcomeTexts = { success?: (vars: unknown, result: unknown) => SuccessText; failure?: FailureTexts };

export function useAdminMutation<TVars, TResult>({
  mutationKey,
  mutationFn,
  invalidates,
  success,
  failure,
}: AdminMutation<TVars, TResult>) {
  const queryClient = useQueryClient();
  const outcome: OutcomeTexts = { success: success as OutcomeTexts['success'], failure };
  return useMutation({
    mutationKey,
    mutationFn,
    meta: { adminOutcome: outcome },
    onSuccess: async (result, vars) => {
      await Promise.all(invalidates(vars, result).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** An admin write's outcome texts, for the screen that reports them; undefined for any other mutation. */
export function adminOutcomeTexts(mutation: Mutation<unknown, unknown, unknown>): OutcomeTexts | undefined {
  return mutation.meta?.adminOutcome as OutcomeTexts | undefined;
}

/** A write's JSON answer. */
export async function sendJson(method: string, path: string, body?: unknown): Promise<unknown> {
  return (await apiRequest(method, path, body)).json();
}

/** POST to `collection` when there is no id yet, else PUT to the item: the add / edit dialogs' one save. */
export const saveTo = (collection: string, id: number | undefined, body: unknown) =>
  sendJson(id === undefined ? 'POST' : 'PUT', id === undefined ? collection : `${collection}/${id}`, body);
