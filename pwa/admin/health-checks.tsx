// Inside the Chains tab, beside the dead endpoints: "Health checks", the admin's part of what the prober reports.
// Its Probe agents part (probe-agents.tsx) creates agents that probe from other regions, lists and revokes them. Its
// Webhooks part registers URLs that receive every change of the change log (the secret shown once, with a copy
// button), removes them (asking first), and lists each one's latest deliveries.
import { useQuery } from '@tanstack/react-query';
import { Loader2, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SIGNATURE_HEADER, type Webhook, type WebhookCreated, type WebhookDelivery } from '../../contract/webhooks.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Input, Label } from '../components/ui/input.tsx';
import { useAddWebhook, useDeleteWebhook, webhooksQuery } from '../data/admin/webhooks.ts';
import { formatDateTime } from '../lib/dates.ts';
import { STATUS_LABELS } from '../lib/endpoint-health.ts';
import { ConfirmDelete } from './parts.tsx';
import { ProbeAgents } from './probe-agents.tsx';

export function HealthChecks() {
  return (
    <Card className="mb-6" aria-labelledby="health-checks-title">
      <CardHeader>
        <CardTitle as="h2" id="health-checks-title">
          Health checks
        </CardTitle>
        <p className="text-sm text-slate-600">
          Endpoint status changes, additions and removals are in the change log (/api/changes, /changes.atom).
        </p>
      </CardHeader>
      <CardContent className="grid gap-8">
        <ProbeAgents />
        <Webhooks />
      </CardContent>
    </Card>
  );
}

const STATE_BADGES: Record<WebhookDelivery['state'], { label: string; variant: 'neutral' | 'success' | 'danger' }> = {
  pending: { label: 'Pending', variant: 'neutral' },
  queued: { label: 'Sending', variant: 'neutral' },
  delivered: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

export function Webhooks() {
  const { data, isPending, isError } = useQuery(webhooksQuery());
  const add = useAddWebhook();
  const remove = useDeleteWebhook();
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!url.trim()) return;
    add.mutate(
      { url: url.trim() },
      {
        onSuccess: (result) => {
          setCreated(result);
          setUrl('');
        },
      },
    );
  }

  return (
    <section aria-labelledby="webhooks-title">
      <h4 id="webhooks-title" className="font-semibold text-slate-900">
        Webhooks
      </h4>
      <p className="mt-1 text-sm text-slate-600">
        Each change is POSTed as JSON (an item of /api/changes) to every webhook, signed with its secret in the{' '}
        <code className="font-mono text-xs">{SIGNATURE_HEADER}</code> header (sha256=hex HMAC-SHA256 of the body), and
        retried with backoff until it answers 2xx.
      </p>

      <form onSubmit={submit} noValidate className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor="webhook-url">Webhook URL</Label>
          <Input
            id="webhook-url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/atlas-hook"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={add.isPending || !url.trim()}>
          {add.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Add webhook
        </Button>
      </form>

      {created && (
        <div role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
          <p className="font-medium">
            Secret of <span className="break-all">{created.url}</span>: copy it now, it is not shown again.
          </p>
          <div className="mt-2 flex items-center gap-1">
            <code
              className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs break-all"
              data-testid="secret"
            >
              {created.secret}
            </code>
            <CopyButton value={created.secret} label="webhook secret" />
          </div>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      )}

      <div className="mt-4 text-sm">
        {isPending && <p className="text-slate-500">Loading…</p>}
        {isError && <p className="text-red-700">The webhooks could not be loaded.</p>}
        {data?.length === 0 && <p className="text-slate-600">No webhook yet.</p>}
        {data && data.length > 0 && (
          <ul className="grid gap-3">
            {data.map((w) => (
              <WebhookItem key={w.id} webhook={w} onRemove={() => setDeleting({ id: w.id, name: w.url })} />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDelete item={deleting} onClose={() => setDeleting(undefined)} remove={remove} />
    </section>
  );
}

function WebhookItem({ webhook, onRemove }: { webhook: Webhook; onRemove: () => void }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-label={`Webhook ${webhook.url}`}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <code className="font-mono text-xs break-all text-slate-900">{webhook.url}</code>
          <p className="text-xs text-slate-500">Added {formatDateTime(webhook.createdAt)}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${webhook.url}`}
          onClick={onRemove}
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {webhook.deliveries.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500">No delivery yet: the next change is sent here.</p>
      ) : (
        <>
          <p className="mt-2 text-xs font-medium text-slate-700">Recent deliveries</p>
          <ul className="mt-1 divide-y divide-slate-100">
            {webhook.deliveries.map((d) => (
              <DeliveryRow key={d.id} delivery={d} />
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/** What the change was, in words: "Added", "Removed", or "Working → Down". */
function changeWords(c: WebhookDelivery['change']): string {
  if (c.kind === 'added') return 'Added';
  if (c.kind === 'removed') return 'Removed';
  return `${STATUS_LABELS[c.from ?? 'unverified']} → ${STATUS_LABELS[c.to ?? 'unverified']}`;
}

function DeliveryRow({ delivery: d }: { delivery: WebhookDelivery }) {
  const badge = STATE_BADGES[d.state];
  const when = d.deliveredAt ?? d.attemptedAt ?? d.createdAt;
  return (
    <li className="grid gap-1 py-2 text-xs" aria-label={`Delivery of change ${d.change.id}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span className="text-slate-500">#{d.change.id}</span>
        <span className="font-medium text-slate-800">{changeWords(d.change)}</span>
        <code className="min-w-0 font-mono break-all text-slate-700">{d.change.url}</code>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
        <span>
          {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        {d.statusCode !== null && <span>HTTP {d.statusCode}</span>}
        {d.lastError && <span className="break-all text-red-700">{d.lastError}</span>}
        <time dateTime={when} className="text-slate-500">
          {formatDateTime(when)}
        </time>
      </div>
    </li>
  );
}
