// Contact tab: submissions newest first; unread ones are highlighted with a 'New' badge and 'Mark as Read'.
// Each can be deleted, after asking (retention: what need not be kept is removed).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, Mail, Trash2 } from 'lucide-react';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { contactSubmissionsQuery, useDeleteContactSubmission, useMarkContactRead } from '../data/admin/contact.ts';
import { cn } from '../lib/cn.ts';
import { formatDateTime } from '../lib/dates.ts';
import { ConfirmDelete, EmptyState, ListSkeleton, SectionHeader } from './parts.tsx';

export function ContactTab({ isAdmin }: { isAdmin: boolean }) {
  const submissions = useQuery(contactSubmissionsQuery(isAdmin));
  const markRead = useMarkContactRead();
  const remove = useDeleteContactSubmission();
  const [deleting, setDeleting] = useState<{ id: number; name: string }>();
  const unread = submissions.data?.filter((s) => !s.isRead).length ?? 0;

  return (
    <section>
      <SectionHeader
        title="Contact Submissions"
        description={submissions.data ? `${unread} unread of ${submissions.data.length}.` : undefined}
      />
      {submissions.isPending ? (
        <ListSkeleton rows={3} className="h-32" />
      ) : submissions.data?.length ? (
        <ul className="grid gap-3">
          {submissions.data.map((s) => (
            <li key={s.id}>
              <Card
                className={cn('p-4 sm:p-5', !s.isRead && 'border-accent-300 bg-accent-50/50 ring-1 ring-accent-200')}
              >
                <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-slate-900">{s.subject || 'No subject'}</h3>
                      {!s.isRead && <Badge variant="default">New</Badge>}
                    </div>
                    <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-600">
                      <span className="font-medium text-slate-800">{s.name}</span>
                      <a
                        href={`mailto:${s.email}`}
                        className="inline-flex items-center gap-1 text-accent-700 hover:underline"
                      >
                        <Mail className="size-3.5" aria-hidden="true" />
                        {s.email}
                      </a>
                      <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
                    </p>
                  </div>
                  {!s.isRead && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={markRead.isPending && markRead.variables === s.id}
                      onClick={() => markRead.mutate(s.id)}
                      aria-label={`Mark as Read: message from ${s.name}`}
                    >
                      <Check aria-hidden="true" />
                      Mark as Read
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => setDeleting({ id: s.id, name: `message from ${s.name}` })}
                    aria-label={`Delete message from ${s.name}`}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
                <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{s.message}</p>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>No contact submissions yet.</EmptyState>
      )}
      <ConfirmDelete item={deleting} onClose={() => setDeleting(undefined)} remove={remove} />
    </section>
  );
}
