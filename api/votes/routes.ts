// Votes: PUT /api/providers/{slug}/vote, PUT /api/chains/{slug}/vote, GET /api/votes/mine.
import { createRouter } from '../context.ts';
import { requireUser } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';
import { slugParams } from '../lib/params.ts';
import { castVote, findTargetIdBySlug, listUserVotes, type VoteTarget } from '../../sql/queries/votes.ts';
import { voteInputSchema, type MyVotes, type VoteResult } from '../../contract/votes.ts';

const NOT_FOUND: Record<VoteTarget, string> = { provider: 'Provider not found', chain: 'Chain not found' };

const voteInput = validate({ params: slugParams, body: voteInputSchema });

function vote(target: VoteTarget) {
  return async (ctx: Parameters<typeof voteInput>[0]) => {
    const { slug } = ctx.valid.params;
    const { value } = ctx.valid.body;
    const userId = ctx.state.user!.id;
    ctx.body = await ctx.sql.begin(async (tx) => {
      const id = await findTargetIdBySlug(tx, target, slug);
      if (id === undefined) throw new HttpError(404, NOT_FOUND[target]);
      const totals = await castVote(tx, target, userId, id, value);
      return { ...totals, myVote: value } satisfies VoteResult;
    });
  };
}

export function voteRoutes() {
  const router = createRouter('/api');
  router.put('/providers/:slug/vote', requireUser, rateLimit('votes'), voteInput, vote('provider'));
  router.put('/chains/:slug/vote', requireUser, rateLimit('votes'), voteInput, vote('chain'));
  router.get('/votes/mine', requireUser, async (ctx) => {
    // One user's votes: kept in no cache (a shared device's disk keeps nothing of them).
    ctx.set('Cache-Control', 'no-store');
    const { providers, chains } = await listUserVotes(ctx.sql, ctx.state.user!.id);
    const bySlug = (rows: { slug: string; value: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.slug, r.value])) as MyVotes['providers'];
    ctx.body = { providers: bySlug(providers), chains: bySlug(chains) } satisfies MyVotes;
  });
  return router;
}
