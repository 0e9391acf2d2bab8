// Header badge: how many of the user's reviews wait in the outbox; its menu lists them, each linking to
// the provider page where it can be edited, discarded or (after signing in) sent.
import { Link } from '@tanstack/react-router';
import { Send } from 'lucide-react';
import type { OutboxState } from '../offline/db.ts';
import { useOutboxEntries } from '../offline/hooks.ts';
import { pluralize } from '../lib/rating.ts';
import { Button } from './ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';

const stateLabels: Record<OutboxState, string> = {
  queued: 'Waiting for a connection',
  sending: 'Sending…',
  'needs-sign-in': 'Sign in to send',
  rejected: 'Not accepted — open to fix',
};

export default function OutboxBadge({ userId }: { userId: number }) {
  const entries = useOutboxEntries(userId);
  if (entries.length === 0) return null;
  const label = `${pluralize(entries.length, 'review')} waiting to be sent`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="relative h-10 px-2.5"
          aria-label={label}
          data-testid="outbox-badge"
        >
          <Send className="size-4" aria-hidden="true" />
          <span
            className="min-w-5 rounded-full bg-amber-500 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums"
            data-count={entries.length}
          >
            {entries.length}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        {entries.map((e) => (
          <DropdownMenuItem key={e.id} asChild>
            <Link
              to="/providers/$slug"
              params={{ slug: e.slug }}
              hash="reviews"
              className="flex flex-col items-start gap-0.5"
            >
              <span className="font-medium text-slate-900">{e.providerName}</span>
              <span className="text-xs text-slate-600">{stateLabels[e.state]}</span>
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
