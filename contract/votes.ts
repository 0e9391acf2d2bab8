// Vote contracts: a signed-in user casts one vote per provider and per chain, and may change or remove it.
import { z } from 'zod';

/**
 * PUT /api/providers/{slug}/vote and PUT /api/chains/{slug}/vote body:
 * 1 = upvote, -1 = downvote, 0 = remove my vote.
 */
export const voteInputSchema = z.object({
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)], {
    error: 'value must be 1 (up), -1 (down) or 0 (remove)',
  }),
});
export type VoteInput = z.infer<typeof voteInputSchema>;

export const voteValueSchema = z.union([z.literal(1), z.literal(-1)]);

/** Answer of both vote PUTs: the target's new totals and the caller's vote (0 = none). */
export const voteResultSchema = z.object({
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

/** GET /api/votes/mine: the signed-in user's votes, slug → 1 or -1 (absent = no vote). */
export const myVotesSchema = z.object({
  providers: z.record(z.string(), voteValueSchema),
  chains: z.record(z.string(), voteValueSchema),
});
export type MyVotes = z.infer<typeof myVotesSchema>;
