// The Health checks' "Probe agents" part: create an agent for a region (its token shown once, with a copy button and
// the command that starts it), the agents with when each last called, and revoke one (asking first).
import { useQuery } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ProbeAgent, ProbeAgentCreated } from '../../contract/probe-agents.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Input, Label } from '../components/ui/input.tsx';
import { probeAgentsQuery, useCreateProbeAgent, useRevokeProbeAgent } from '../data/admin/probe-agents.ts';
import { formatDateTime } from '../lib/dates.ts';

/** The command that starts an agent against this site. */
const startCommand = (token: string) => `npm run probe-agent -- --server ${window.location.origin} --token ${token}`;

export function ProbeAgents() {
  const { data, isPending, isError } = useQuery(probeAgentsQuery());
  const create = useCreateProbeAgent();
  const revoke = useRevokeProbeAgent();
  const [region, setRegion] = useState('');
  const [created, setCreated] = useState<ProbeAgentCreated | null>(null);
  const [revoking, setRevoking] = useState<ProbeAgent | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!region.trim()) return;
    create.mutate(
      { region: region.trim() },
      {
        onSuccess: (result) => {
          setCreated(result);
          setRegion('');
        },
      },
    );
  }

  return (
    <section aria-labelledby="probe-agents-title">
      <h3 id="probe-agents-title" className="font-semibold text-slate-900">
        Probe agents
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        An agent probes every endpoint from where it runs and reports each one's latency for its region on the chain
        pages; only this site's own probes decide an endpoint's status. It needs no database: start it anywhere with its
        token. A region with no result for three probe intervals shows as stale.
      </p>

      <form onSubmit={submit} noValidate className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor="probe-agent-region">Region</Label>
          <Input
            id="probe-agent-region"
            placeholder="e.g. Singapore"
            maxLength={40}
            autoComplete="off"
            value={region}
            onChange={(e) => setRegion(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending || !region.trim()}>
          {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Create agent
        </Button>
      </form>

      {created && (
        <div role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
          <p className="font-medium">Token of the {created.region} agent: copy it now, it is not shown again.</p>
          <div className="mt-2 flex items-center gap-1">
            <code
              className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs break-all"
              data-testid="agent-token"
            >
              {created.token}
            </code>
            <CopyButton value={created.token} label="probe agent token" />
          </div>
          <p className="mt-2 text-xs text-slate-700">Start it where it should probe from:</p>
          <div className="mt-1 flex items-center gap-1">
            <code className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs break-all">
              {startCommand(created.token)}
            </code>
            <CopyButton value={startCommand(created.token)} label="command that starts the agent" />
          </div>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      )}

      <div className="mt-4 text-sm">
        {isPending && <p className="text-slate-500">Loading…</p>}
        {isError && <p className="text-red-700">The probe agents could not be loaded.</p>}
        {data?.length === 0 && <p className="text-slate-600">No probe agent yet.</p>}
        {data && data.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {data.map((a) => (
              <AgentRow key={a.id} agent={a} onRevoke={() => setRevoking(a)} />
            ))}
          </ul>
        )}
      </div>
      <ConfirmRevoke agent={revoking} onClose={() => setRevoking(undefined)} revoke={revoke} />
    </section>
  );
}

function AgentRow({ agent: a, onRevoke }: { agent: ProbeAgent; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3" aria-label={`Probe agent ${a.region} (#${a.id})`}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{a.region}</span>
          <span className="text-xs text-slate-500">#{a.id}</span>
          {a.revokedAt && <Badge variant="danger">Revoked</Badge>}
        </p>
        <p className="text-xs text-slate-600">
          {a.lastSeenAt ? (
            <>
              Last seen <time dateTime={a.lastSeenAt}>{formatDateTime(a.lastSeenAt)}</time>
            </>
          ) : (
            'Never seen'
          )}
          {' · '}Created <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
          {a.revokedAt && (
            <>
              {' · '}Revoked <time dateTime={a.revokedAt}>{formatDateTime(a.revokedAt)}</time>
            </>
          )}
        </p>
      </div>
      {!a.revokedAt && (
        <Button
          variant="outline"
          size="sm"
          onClick={onRevoke}
          aria-label={`Revoke the ${a.region} agent (#${a.id})`}
          className="text-red-700 hover:bg-red-50"
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

function ConfirmRevoke({
  agent,
  onClose,
  revoke,
}: {
  agent: ProbeAgent | undefined;
  onClose: () => void;
  revoke: ReturnType<typeof useRevokeProbeAgent>;
}) {
  return (
    <AlertDialog.Root open={agent !== undefined} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Revoke probe agent</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            Revoke the {agent?.region} agent? Its token stops working at once and cannot be restored; when it is its
            region's last agent, the region's latencies leave the chain pages.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => agent && revoke.mutate(agent.id, { onSuccess: onClose })}
            >
              {revoke.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Revoke
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
