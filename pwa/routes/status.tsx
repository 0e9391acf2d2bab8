// /status: how endpoint health is checked — the prober's state and last round, endpoints per status, the chains
// with no healthy endpoint, and the status rule in words (its numbers: contract/health.ts HEALTH_RULE).
import { createFileRoute, Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  HEALTH_RULE,
  HEALTH_STATUSES,
  UNVERIFIED_HEALTH,
  WRONG_DATA_DEPTH,
  WRONG_DATA_MIN_AGREEING,
} from '../../contract/health-rule.ts';
import { metaForStatus } from '../meta/pages.ts';
import { HealthStatusLabel } from '../components/endpoint-health.tsx';
import { Page } from '../components/page.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { chainsWithStatsQuery } from '../data/chains.ts';
import { proberQuery } from '../data/health.ts';
import { formatDay, formatTime } from '../lib/dates.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';

/** Chains without a healthy endpoint listed by name up to this many; the rest are counted. */
const LISTED_CHAINS = 60;

export const Route = createFileRoute('/status')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([ensure(queryClient, proberQuery()), ensure(queryClient, chainsWithStatsQuery())]);
  },
  head: ({ match }) => routeHead(match, metaForStatus),
  component: StatusPage,
});

const STATE_WORDS = { running: 'Running', paused: 'Paused', off: 'Off' } as const;

function StatusPage() {
  const { data: prober } = useSuspenseQuery(proberQuery());
  const { data: chains } = useSuspenseQuery(chainsWithStatsQuery());
  // A chain none of whose endpoints was reached is not checked yet, not unhealthy.
  const unhealthy = chains.filter((c) => c.endpointsChecked && c.endpointsHealthy === 0);
  const verified = prober.endpoints - prober.byStatus.unverified;
  return (
    <Page breadcrumbs={[{ label: 'Status' }]} className="space-y-6">
      <h1 className="text-3xl font-bold text-slate-900">Endpoint Health Status</h1>
      {prober.state !== 'running' && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {prober.reason ?? 'Health checks are not running'}. Every endpoint keeps its last known status; endpoints
          never checked show as unverified.
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Prober</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-500">State</dt>
              <dd data-testid="prober-state">{STATE_WORDS[prober.state]}</dd>
              <dt className="text-slate-500">Last round</dt>
              <dd>
                {prober.lastRoundAt
                  ? `${formatDay(prober.lastRoundAt)}, ${formatTime(prober.lastRoundAt)}`
                  : 'None yet'}
              </dd>
              <dt className="text-slate-500">Endpoints listed</dt>
              <dd className="tabular-nums">{prober.endpoints}</dd>
              <dt className="text-slate-500">Verified</dt>
              <dd className="tabular-nums">{verified}</dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Endpoints per status</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2 text-sm">
              {HEALTH_STATUSES.map((s) => (
                <li key={s} className="flex items-center justify-between gap-4">
                  <HealthStatusLabel health={{ ...UNVERIFIED_HEALTH, status: s }} />
                  <span className="tabular-nums">{prober.byStatus[s]}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>How an endpoint is checked</CardTitle>
        </CardHeader>
        <CardContent className="prose-content text-sm">
          <p>
            Our servers — never your browser — call every public endpoint that needs no API key on a schedule (every 10
            minutes by default) with <code>eth_chainId</code>, <code>eth_blockNumber</code> and the latest block, 5
            seconds at most each. A chain's head is the median of the three highest blocks its endpoints reported in the
            last {HEALTH_RULE.consensusWindowS / 60} minutes. From the latest check:
          </p>
          <ul>
            <li>
              <strong>Working</strong>: the right chain, at most {HEALTH_RULE.maxLagBlocks} blocks behind the head (or a
              head block at most {HEALTH_RULE.maxHeadAgeS} s old), answered within {HEALTH_RULE.maxLatencyMs / 1000} s.
            </li>
            <li>
              <strong>Degraded</strong>: the right chain, but slower or further behind than that, or rate-limited (HTTP
              429).
            </li>
            <li>
              <strong>Down</strong>: no valid answer. <strong>Wrong chain</strong>: it answered another chain id.
            </li>
            <li>
              <strong>Wrong data</strong>: its block {WRONG_DATA_DEPTH} blocks behind the chain's head differs from the
              one at least {WRONG_DATA_MIN_AGREEING} other endpoints of the chain agree on. Never ranked first nor
              handed out.
            </li>
            <li>
              <strong>Unverified</strong>: never checked (it needs an API key, or checks have not reached it).
            </li>
          </ul>
          <p>
            When nothing at all can be reached, the checks pause ("no network") and record nothing: no network is not
            "down". Endpoints down 7 days in a row are hidden on chain pages unless asked for.
          </p>
          <p>
            Every status change, and every endpoint added or removed, is in the change log:{' '}
            <a href="/changes.atom" className="text-link">
              Atom feed
            </a>{' '}
            or <code>GET /api/changes</code> (a feed per chain on its page).
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Chains with no healthy endpoint</CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {verified === 0 ? (
            <p className="text-slate-600">No endpoint has been verified yet, so no chain can be called unhealthy.</p>
          ) : (
            <p className="flex flex-wrap gap-x-3 gap-y-1">
              <span>
                {unhealthy.length} of {chains.length}:
              </span>
              {unhealthy.slice(0, LISTED_CHAINS).map((c) => (
                <Link key={c.id} to="/chains/$slug" params={{ slug: c.slug }} className="text-link">
                  {c.name}
                </Link>
              ))}
              {unhealthy.length > LISTED_CHAINS && <span>and {unhealthy.length - LISTED_CHAINS} more</span>}
            </p>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
