// The provider's "Facts" card (issue 20): every fact a chooser compares, as entered with its source and date, and
// "Unknown" for those nobody has entered; nothing here is guessed.
import { ClipboardList } from 'lucide-react';
import { FACT_LABELS, FACT_NAMES, type FactName } from '../../../contract/fact-names.ts';
import type { ProviderFacts } from '../../../contract/facts.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatDay } from '../../lib/dates.ts';

type Fact = NonNullable<ProviderFacts[FactName]>;

/** A fact's value as the card reads it. */
export function factText(name: FactName, value: Fact['value']): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (name === 'startingPrice') return `US$${Number(value).toLocaleString('en-US')} a month`;
  return String(value);
}

export function ProviderFactsCard({ facts }: { facts: ProviderFacts | undefined }) {
  const known = FACT_NAMES.filter((name) => facts?.[name]).length;
  return (
    <Card data-testid="provider-facts">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList className="size-5 text-accent-600" aria-hidden="true" />Facts
        </CardTitle>
        <p className="text-sm text-slate-600">
          {known === 0
            ? 'Nobody has entered these yet: each shows once read from a source, with the source and its date.'
            : `${known} of ${FACT_NAMES.length} known, each from the source named, as of the date given.`}
        </p>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 sm:grid-cols-2">
          {FACT_NAMES.map((name) => {
            const fact = facts?.[name];
            return (
              <div key={name} className="grid grid-cols-[9.5rem_minmax(0,1fr)] gap-3 border-b border-slate-100 py-2">
                <dt className="text-sm text-slate-600">{FACT_LABELS[name]}</dt>
                <dd className="min-w-0 text-sm">
                  {fact ? <KnownFact name={name} fact={fact} /> : <span className="text-slate-500">Unknown</span>}
                </dd>
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}

function KnownFact({ name, fact }: { name: FactName; fact: Fact }) {
  const value = factText(name, fact.value);
  return (
    <>
      {name === 'pricingPage'
        ? <a href={value} target="_blank" rel="noopener noreferrer nofollow"
          className="break-all text-accent-700 hover:underline">{value}</a>
        : <span className="font-medium text-slate-900">{value}</span>}
      {fact.note && <span className="text-slate-700"> — {fact.note}</span>}
      <span className="block text-xs text-slate-500">
        <a href={fact.sourceUrl} target="_blank" rel="noopener noreferrer nofollow" className="hover:underline">
          Source<span className="sr-only"> (opens in a new tab)</span>
        </a>, as of {formatDay(fact.asOf)}
      </span>
    </>
  );
}
