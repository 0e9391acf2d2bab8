// An endpoint's health as the tables show it: a status dot and word, when it was checked, a tiny 7-day uptime bar of
// hourly buckets, loaded only when a visitor opens it (one history read per bar opened, never one per row), and the
// note beside each endpoint list (the snapshot's time, the prober's pause).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import type { EndpointHealth, HealthStatus } from '../../contract/health.ts';
import { proberQuery, weekHistoryQuery } from '../data/health.ts';
import { cn } from '../lib/cn.ts';
import { formatDay, formatTime, timeAgo } from '../lib/dates.ts';
import { STATUS_LABELS, wrongDataWords } from '../lib/endpoint-health.ts';

const DOT: Record<HealthStatus, string> = {
  ok: 'bg-emerald-500',
  degraded: 'bg-amber-500',
  down: 'bg-red-500',
  'wrong-chain': 'bg-red-700',
  'wrong-data': 'bg-red-700',
  unverified: 'bg-slate-300',
};

export function HealthStatusLabel({ health }: { health: EndpointHealth }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-health={health.status}>
      <span className={cn('size-2 rounded-full', DOT[health.status])} aria-hidden="true" />
      {STATUS_LABELS[health.status]}
      {health.status === 'down' && health.downSince && (
        <span className="text-xs text-slate-500">since {formatDay(health.downSince)}</span>
      )}
      {health.status === 'wrong-data' && health.disagreesWith !== null && (
        <span className="text-xs whitespace-normal text-slate-500">{wrongDataWords(health.disagreesWith)}</span>
      )}
    </span>
  );
}

const noSubscription = () => () => {};

/**
 * "checked 3 min ago" in the browser; the server's HTML (and the hydration that must match it) says the clock
 * time instead, since "ago" depends on when it is read.
 */
export function CheckedAgo({ health }: { health: EndpointHealth }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { checkedAt } = health;
  return (
    <span className="text-xs whitespace-nowrap text-slate-500">
      {!checkedAt ? 'not checked yet' : hydrated ? `checked ${timeAgo(checkedAt)}` : `checked ${formatTime(checkedAt)}`}
    </span>
  );
}

/** "99.9%" (a share 0..1), "—" when unknown. */
export const formatUptime = (share: number | null) =>
  share === null ? '—' : `${(share * 100).toFixed(share < 1 ? 1 : 0)}%`;

/** The 7-day uptime figure; a button opens the hourly bar (when the endpoint has an id to ask its history by). */
export function WeekUptime({ id, health }: { id: number | undefined; health: EndpointHealth }) {
  const [open, setOpen] = useState(false);
  if (health.uptime7d === null || id === undefined) {
    return <span className="text-slate-500">{formatUptime(health.uptime7d)}</span>;
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        className="text-left text-accent-700 hover:underline"
        aria-expanded={open}
        onClick={() => setOpen((x) => !x)}
        title="Show the hourly uptime of the last 7 days"
      >
        {formatUptime(health.uptime7d)}
      </button>
      {open && <UptimeBar id={id} />}
    </span>
  );
}

const HOURS = 7 * 24;

function UptimeBar({ id }: { id: number }) {
  const { data, isPending, isError } = useQuery(weekHistoryQuery(id));
  if (isPending) return <span className="text-xs text-slate-500">Loading…</span>;
  if (isError) return <span className="text-xs text-slate-500">History unavailable</span>;
  const byHour = new Map(data.map((b) => [Date.parse(b.hour), b]));
  const last = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const hours = Array.from({ length: HOURS }, (_, i) => last - (HOURS - 1 - i) * 3_600_000);
  return (
    <span className="flex h-4 w-40 items-stretch gap-px" role="img" aria-label="Hourly uptime over the last 7 days">
      {hours.map((h) => {
        const b = byHour.get(h);
        const color = !b ? 'bg-slate-200' : b.ok === b.probes ? 'bg-emerald-500' : b.ok ? 'bg-amber-500' : 'bg-red-500';
        return <span key={h} className={cn('flex-1', color)} />;
      })}
    </span>
  );
}

/**
 * Where health comes from, as of when (the latest check in this copy of the page: it is never polled, and an
 * offline copy keeps the snapshot it was saved with), and the prober's pause said plainly (no network is not "down").
 */
export function HealthNote({ endpoints }: { endpoints: readonly { health: EndpointHealth }[] }) {
  const { data: prober } = useQuery(proberQuery());
  const checked = endpoints.flatMap((e) => (e.health.checkedAt ? [e.health.checkedAt] : []));
  const asOf = checked.length ? checked.reduce((a, b) => (a > b ? a : b)) : null;
  return (
    <p className="text-sm text-slate-600" data-testid="health-note">
      {prober?.state === 'paused' && <strong className="font-medium text-amber-800">{prober.reason}. </strong>}
      {prober?.state === 'off' && <strong className="font-medium text-amber-800">Health checks are off. </strong>}
      {asOf && `Health as of ${formatTime(asOf)}. `}
      Health is checked from our servers, not your browser.{' '}
      <Link to="/status" className="text-link">
        How endpoints are checked
      </Link>
    </p>
  );
}
