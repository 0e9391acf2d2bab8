// The provider facts' names and labels (contract/facts.ts has their schemas): kept free of zod, which the pages
// load only when they parse an answer.
import type { ProviderFacts } from './facts.ts';

export const PRICING_MODELS = ['per request', 'compute units', 'subscription', 'free'] as const;

export const FACT_NAMES = [
  'freeTier',
  'pricingModel',
  'pricingPage',
  'startingPrice',
  'archive',
  'trace',
  'websocket',
  'dedicatedNodes',
  'sla',
  'regions',
] as const;
export type FactName = (typeof FACT_NAMES)[number];

/** How the pages and the admin dialog name each fact. */
export const FACT_LABELS: Record<FactName, string> = {
  freeTier: 'Free tier',
  pricingModel: 'Pricing model',
  pricingPage: 'Pricing page',
  startingPrice: 'Paid plans from',
  archive: 'Archive data',
  trace: 'Trace/debug methods',
  websocket: 'WebSocket',
  dedicatedNodes: 'Dedicated nodes',
  sla: 'SLA',
  regions: 'Regions',
};

/** The facts the provider list filters on: a provider passes when the fact is known to be true. */
export const FILTER_FACTS = ['freeTier', 'archive', 'websocket', 'trace'] as const satisfies readonly FactName[];

export type FilterFact = (typeof FILTER_FACTS)[number];
type KnownFacts = { facts?: ProviderFacts; foundFacts?: readonly string[] };

/** True when the provider's fact is known and true: entered so from a source, or found by this directory's own data. */
export const factKnownTrue = (p: KnownFacts, name: FilterFact) =>
  p.facts?.[name]?.value === true || Boolean(p.foundFacts?.includes(name));

/** True when nothing is known of the provider's fact, either way. */
export const factUnknown = (p: KnownFacts, name: FilterFact) =>
  p.facts?.[name] === undefined && !p.foundFacts?.includes(name);
