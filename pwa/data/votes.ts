// Up/down votes on chains and providers: GET /api/votes/mine (signed in only) and PUT /api/{chains|providers}/{slug}/vote.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChainDetail } from '../../contract/chains.ts';
import type { ProviderDetail } from '../../contract/providers.ts';
import type { MyVotes, VoteInput, VoteResult } from '../../contract/votes.ts';
import { apiRequest, getJson } from '../lib/api.ts';
import { chainKeys } from './chains.ts';
import { providerKeys } from './providers.ts';

export type VoteTarget = 'chain' | 'provider';
export type VoteValue = VoteInput['value'];

export const voteKeys = { mine: () => ['/api/votes/mine'] as const };

// The zod schemas load with the first vote request, not with the page (as the rest of the data layer does).
const schemas = () => import('../../contract/votes.ts');

/** The signed-in user's votes by slug; fetched only when signed in. */
export const myVotesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: voteKeys.mine(),
    queryFn: async () => (await schemas()).myVotesSchema.parse(await getJson('/api/votes/mine')),
    enabled,
  });

const votePath = (target: VoteTarget, slug: string) =>
  `/api/${target === 'chain' ? 'chains' : 'providers'}/${encodeURIComponent(slug)}/vote`;

/** value 1 = up, -1 = down, 0 = take my vote back. */
export function useVote(target: VoteTarget, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['votes', target, slug],
    mutationFn: async (value: VoteValue): Promise<VoteResult> => {
      const res = await apiRequest('PUT', votePath(target, slug), { value } satisfies VoteInput);
      return (await schemas()).voteResultSchema.parse(await res.json());
    },
    // Votes need the server (one per user): offline they fail at once rather than wait unseen.
    networkMode: 'always',
    onSuccess: async ({ upvotes, downvotes, myVote }) => {
      const kind = target === 'chain' ? 'chains' : 'providers';
      queryClient.setQueryData<MyVotes>(voteKeys.mine(), (old) => {
        const mine = { ...old?.[kind] };
        if (myVote === 0) delete mine[slug];
        else mine[slug] = myVote;
        return { providers: {}, chains: {}, ...old, [kind]: mine };
      });
      // The open page shows the new totals at once; lists holding the totals refresh when next shown.
      if (target === 'chain') {
        queryClient.setQueryData<ChainDetail>(chainKeys.detail(slug), (c) => c && { ...c, totalUpvotes: upvotes, totalDownvotes: downvotes });
        await queryClient.invalidateQueries({ queryKey: chainKeys.all, refetchType: 'none' });
      } else {
        queryClient.setQueryData<ProviderDetail>(providerKeys.detail(slug), (p) => p && { ...p, upvotes, downvotes });
        await queryClient.invalidateQueries({ queryKey: providerKeys.all, refetchType: 'none' });
      }
    },
  });
}
