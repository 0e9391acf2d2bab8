// The provider's "Facts" card: every fact a chooser compares, with its evidence told apart — stated (a source says
// so: its link and date), listed (this directory's own data shows it) and measured (our prober saw it, "Verified"
// with its date) — and "Unknown" for the rest; nothing here is guessed.
import { ClipboardList, List, ShieldCheck } from 'lucide-react';
import { FACT_LABELS, FACT_NAMES, type FactName } from '../../../contract/fact-names.ts';
import type { MeasuredFacts, ProviderFacts } from '../../../contract/facts.ts';
import type { ProviderDetail } from '../../../contract/providers.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatDay } from '../../lib/dates.ts';

type Fact = NonNullable<ProviderFacts[FactName]>;

/** A fact's value as the card reads it. */
export function factText(name: FactName, value: Fact['value']): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (name === 'startingPrice') return `US$${Number(value).toLocaleString('en-US')} a month`;
  return String(value);
}

/** The prober's finding on the fact, in words (api/health's WebSocket and capability checks); undefined: none. */
export function verifiedOf(name: FactName, measured: MeasuredFacts | undefined) {
  if (name === 'websocket' && measured?.websocket) {
    return { ...measured.websocket, text: 'a wss:// endpoint answered on the right chain' };
  }
  if (name === 'archive' && measured?.archive) {
    return { ...measured.archive, text: "an archive read (an old block's state) answered" };
  }
  if (name === 'trace' && measured?.trace) {
    return { ...measured.trace, text: `${measured.trace.methods.map((m) => `${m}_*`).join(' and ')} methods answered` };
  }
  return undefined;
}

/**
 * What the directory's own data on the provider shows: WebSocket is offered where one of its listed addresses
 * (public endpoints and API-key URL formats) is a wss:// one.
 */
export function listedOf(name: FactName, addresses: readonly string[] | undefined) {
  const wss = name === 'websocket' ? (addresses ?? []).filter((url) => /^wss:\/\//i.test(url)).length : 0;
  return wss
    ? { text: `${wss} wss:// ${wss === 1 ? 'address' : 'addresses'} of theirs listed in this directory` }
    : undefined;
}

/** The provider's addresses this directory lists: its public endpoints and its API-key URL formats. */
export const listedAddresses = (p: Pick<ProviderDetail, 'rpcEndpoints' | 'apiKeyChains'>) => [
  ...p.rpcEndpoints.map((e) => e.url),
  ...(p.apiKeyChains ?? []).flatMap((l) => l.urlTemplates),
];

export function ProviderFactsCard({
  facts,
  measured,
  addresses,
}: {
  facts: ProviderFacts | undefined;
  measured: MeasuredFacts | undefined;
  /** The provider's addresses this directory lists (the "listed" evidence). */
  addresses?: readonly string[];
}) {
  const known = FACT_NAMES.filter(
    (name) => facts?.[name] || verifiedOf(name, measured) || listedOf(name, addresses),
  ).length;
  const anyVerified = FACT_NAMES.some((name) => verifiedOf(name, measured));
  return (
    <Card data-testid="provider-facts">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList className="size-5 text-accent-600" aria-hidden="true" />
          Facts
        </CardTitle>
        <p className="text-sm text-slate-600">
          {known === 0
            ? 'Nobody has entered these yet: each shows once read from a source, with the source and its date.'
            : `${known} of ${FACT_NAMES.length} known: "Stated" from the source named, as of the date given; "Listed" from ` +
              'this directory’s own endpoint list' +
              (anyVerified ? '; "Verified" measured by our prober.' : '.')}
        </p>
      </CardHeader>
      {/* Sized by the card, not the window: a row needs room for its "Verified" badge beside the label. */}
      <CardContent className="@container">
        <dl className="grid gap-x-6 @3xl:grid-cols-2">
          {FACT_NAMES.map((name) => {
            const fact = facts?.[name];
            const verified = verifiedOf(name, measured);
            const listed = listedOf(name, addresses);
            return (
              <div
                key={name}
                className={
                  'grid grid-cols-[8rem_minmax(0,1fr)] gap-3 border-b border-slate-100 py-2' +
                  ' @md:grid-cols-[9.5rem_minmax(0,1fr)]'
                }
              >
                <dt className="text-sm text-slate-600">{FACT_LABELS[name]}</dt>
                <dd className="min-w-0 text-sm">
                  {fact && <KnownFact name={name} fact={fact} />}
                  {listed && <ListedFact text={listed.text} />}
                  {verified && <VerifiedFact checkedAt={verified.checkedAt} text={verified.text} />}
                  {!fact && !verified && !listed && <span className="text-slate-500">Unknown</span>}
                </dd>
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}

/** A source named by its address: a GitHub repository as owner/name, any other page by its host. */
export function sourceName(url: string): string {
  try {
    const { hostname, pathname } = new URL(url);
    const host = hostname.replace(/^www\./, '');
    const repo = pathname.split('/').filter(Boolean).slice(0, 2);
    return host === 'github.com' && repo.length === 2 ? `${repo.join('/')} on GitHub` : host;
  } catch {
    return url;
  }
}

function KnownFact({ name, fact }: { name: FactName; fact: Fact }) {
  const value = factText(name, fact.value);
  return (
    <>
      {name === 'pricingPage' ? (
        <a
          href={value}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="break-all text-accent-700 hover:underline"
        >
          {value}
        </a>
      ) : (
        <span className="font-medium text-slate-900">{value}</span>
      )}
      {fact.note && <span className="text-slate-700"> — {fact.note}</span>}
      <span className="block text-xs text-slate-500" data-testid="fact-stated">
        Stated:{' '}
        <a href={fact.sourceUrl} target="_blank" rel="noopener noreferrer nofollow" className="hover:underline">
          <span className="sr-only">Source: </span>
          {sourceName(fact.sourceUrl)}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        , as of {formatDay(fact.asOf)}
      </span>
    </>
  );
}

function ListedFact({ text }: { text: string }) {
  return (
    <span className="mt-1 block first:mt-0" data-testid="fact-listed">
      <Badge variant="neutral">
        <List className="size-3.5" aria-hidden="true" />
        Listed
      </Badge>
      <span className="block text-xs text-slate-500">Yes: {text}.</span>
    </span>
  );
}

function VerifiedFact({ checkedAt, text }: { checkedAt: string; text: string }) {
  return (
    <span className="mt-1 block first:mt-0">
      <Badge variant="success" data-testid="fact-verified">
        <ShieldCheck className="size-3.5" aria-hidden="true" />
        Verified {formatDay(checkedAt)}
      </Badge>
      <span className="block text-xs text-slate-500">Measured by our prober: {text}.</span>
    </span>
  );
}
