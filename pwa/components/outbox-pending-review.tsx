// The signed-in user's review of this provider that is still in the outbox (not yet on the server): what
// it says, where it stands, and what the user can do — sign in, fix it, or discard it.
import { useLocation } from '@tanstack/react-router';
import { CloudOff, LogIn, PenLine, Trash2 } from 'lucide-react';
import { useOnline } from '../offline/online.ts';
import { getOutbox } from '../offline/instance.ts';
import type { OutboxEntry } from '../offline/db.ts';
import { paths } from '../lib/site.ts';
import { Stars } from './stars.tsx';
import { Badge } from './ui/badge.tsx';
import { Button, buttonClasses } from './ui/button.tsx';

/** The server's message out of "400: {"message":"…"}" (the raw text when it is not JSON). */
export function serverMessage(error: string | null): string {
  if (!error) return '';
  const body = error.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message;
  } catch {
    // Not JSON: the status text or plain body is the message.
  }
  return body;
}

function StatusLine({ entry, online }: { entry: OutboxEntry; online: boolean }) {
  switch (entry.state) {
    case 'queued':
      return <>{online ? 'It will be sent shortly.' : "You're offline. It will be sent when you're back online."}</>;
    case 'sending':
      return <>Sending…</>;
    case 'needs-sign-in':
      return <>Your session has ended. Sign in and it will be sent.</>;
    case 'rejected':
      return (
        <>
          It was not accepted: <span className="font-medium text-red-700">{serverMessage(entry.error)}</span>. Edit it
          or discard it.
        </>
      );
  }
}

const badges = {
  queued: { label: 'Queued', variant: 'warning' },
  sending: { label: 'Sending', variant: 'neutral' },
  'needs-sign-in': { label: 'Sign in needed', variant: 'warning' },
  rejected: { label: 'Not accepted', variant: 'danger' },
} as const;

export function OutboxPendingReview({ entry, onEdit }: { entry: OutboxEntry; onEdit: () => void }) {
  const online = useOnline();
  const { pathname } = useLocation();
  const badge = badges[entry.state];
  return (
    <section
      aria-label="Your review waiting to be sent"
      data-outbox-state={entry.state}
      className="rounded-xl border border-dashed border-amber-300 bg-amber-50/60 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <CloudOff className="size-4 text-amber-700" aria-hidden="true" />
        <h3 className="text-sm font-semibold text-slate-900">Your review (pending — not sent yet)</h3>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <Stars value={entry.rating} showValue={false} className="mt-2" />
      {entry.comment && <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{entry.comment}</p>}
      <p className="mt-2 text-sm text-slate-600" role="status">
        <StatusLine entry={entry} online={online} />
      </p>
      {entry.state !== 'sending' && (
        <div className="mt-3 flex flex-wrap gap-2">
          {entry.state === 'needs-sign-in' && (
            <a href={paths.googleLogin(pathname)} className={buttonClasses('primary', 'sm')}>
              <LogIn aria-hidden="true" />
              Sign in
            </a>
          )}
          <Button variant="outline" size="sm" onClick={onEdit}>
            <PenLine aria-hidden="true" />
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void getOutbox().then((o) => o.discard(entry.id!))}>
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        </div>
      )}
    </section>
  );
}
