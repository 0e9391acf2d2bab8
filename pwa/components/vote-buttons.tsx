// Up/down vote buttons of a chain or provider, with the totals. One vote per signed-in user; pressing the
// chosen button again takes the vote back. Signed-out visitors are sent to sign in (and back here).
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { Loader2, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useAuth } from '../data/auth.ts';
import { myVotesQuery, useVote, type VoteTarget, type VoteValue } from '../data/votes.ts';
import { isUnauthorizedError } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { LIMITS, navigateFullPage, paths } from '../lib/site.ts';
import { toast } from '../lib/toast.ts';
import { navigateToServer, sayOffline } from '../offline/needs-network.ts';
import { useOnline } from '../offline/online.ts';

export function VoteButtons({
  target,
  slug,
  name,
  upvotes,
  downvotes,
  className,
}: {
  target: VoteTarget;
  slug: string;
  name: string;
  upvotes: number;
  downvotes: number;
  className?: string;
}) {
  const { isAuthenticated, isLoading } = useAuth();
  const online = useOnline();
  const here = useLocation({ select: (l) => l.href });
  const mine = useQuery(myVotesQuery(isAuthenticated)).data;
  const myVote = (target === 'chain' ? mine?.chains : mine?.providers)?.[slug] ?? 0;
  const vote = useVote(target, slug);

  const cast = (value: 1 | -1) => {
    if (!isAuthenticated) return navigateToServer(paths.googleLogin(here));
    if (!navigator.onLine) return sayOffline('Voting');
    const next: VoteValue = myVote === value ? 0 : value;
    vote.mutate(next, {
      onError: (error) => {
        if (isUnauthorizedError(error)) {
          toast({
            title: 'Unauthorized',
            description: 'You need to be logged in to vote. Redirecting...',
            variant: 'destructive',
          });
          setTimeout(() => navigateFullPage(paths.googleLogin(here)), LIMITS.unauthorizedRedirectMs);
        } else if (error instanceof TypeError) {
          sayOffline('Voting'); // fetch() rejects with a TypeError when the network is down
        } else {
          toast({
            title: 'Error',
            description: 'Failed to record your vote. Please try again.',
            variant: 'destructive',
          });
        }
      },
    });
  };

  const button = (value: 1 | -1) => {
    const up = value === 1;
    const Icon = up ? ThumbsUp : ThumbsDown;
    const pressed = myVote === value;
    const count = up ? upvotes : downvotes;
    const pending =
      vote.isPending && vote.variables !== undefined && (vote.variables === value || (vote.variables === 0 && pressed));
    return (
      <button
        type="button"
        onClick={() => cast(value)}
        disabled={isLoading || vote.isPending}
        aria-pressed={pressed}
        title={
          !online
            ? "You're offline — voting needs a connection"
            : isAuthenticated
              ? pressed
                ? 'Take back your vote'
                : up
                  ? 'Upvote'
                  : 'Downvote'
              : 'Sign in to vote'
        }
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium tabular-nums transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-60',
          pressed
            ? up
              ? 'border-emerald-300 bg-emerald-50 text-emerald-800'
              : 'border-red-300 bg-red-50 text-red-800'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        )}
      >
        {pending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Icon className="size-4" aria-hidden="true" />
        )}
        {/* Name read out: "Upvote Base: 3 upvotes"; the visible count is part of it. */}
        <span className="sr-only">
          {up ? 'Upvote' : 'Downvote'} {name}:{' '}
        </span>
        {count}
        <span className="sr-only">
          {' '}
          {up ? 'upvote' : 'downvote'}
          {count === 1 ? '' : 's'}
        </span>
      </button>
    );
  };

  return (
    <div className={cn('inline-flex items-center gap-2', className)} role="group" aria-label={`Votes for ${name}`}>
      {button(1)}
      {button(-1)}
    </div>
  );
}
