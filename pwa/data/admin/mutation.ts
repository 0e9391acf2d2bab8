// What every admin write shares: the admin key root, and the mutation hook that reports the outcome with the
// panel's shared toasts and invalidates only the data the write changed.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { reportAdminError, reportSuccess, type FailureTexts } from '../../admin/feedback.ts';
import { apiRequest } from '../../lib/api.ts';

/** The root of every admin query key (keys double as request paths). */
export const adminRoot = ['/api/admin'] as const;

type AdminMutation<TVars, TResult> = {
  mutationKey: QueryKey;
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The cached data this write changed. */
  invalidates: (vars: TVars, result: TResult) => readonly QueryKey[];
  /** Success toast: a description under the title 'Success', or both; none when it returns undefined. */
  success?: (vars: TVars, result: TResult) => string | { title: string; description: string } | undefined;
  failure?: FailureTexts;
};

export function useAdminMutation<TVars, TResult>({
  mutationKey,
  mutationFn,
  invalidates,
  success,
  failure,
}: AdminMutation<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: async (result, vars) => {
      const text = success?.(vars, result);
      if (typeof text === 'string') reportSuccess(text);
      else if (text) reportSuccess(text.description, text.title);
      await Promise.all(invalidates(vars, result).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => reportAdminError(error, failure),
  });
}

/** A write's JSON answer. */
export async function sendJson(method: string, path: string, body?: unknown): Promise<unknown> {
  return (await apiRequest(method, path, body)).json();
}

/** POST to `collection` when there is no id yet, else PUT to the item: the add / edit dialogs' one save. */
export const saveTo = (collection: string, id: number | undefined, body: unknown) =>
  sendJson(id === undefined ? 'POST' : 'PUT', id === undefined ? collection : `${collection}/${id}`, body);
