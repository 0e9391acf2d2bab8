// Provider facts a chooser compares: each entered by an admin with its source and the date it was read;
// a fact nobody entered is absent from the answer and shows as unknown. Stored one row per provider and fact
// (table provider_facts, migration 00009): each fact has its own source and date, which as provider columns would
// be three columns per fact, and an absent row is "unknown" without a null convention per column.
import { z } from 'zod';
import { PRICING_MODELS, type FactName } from './fact-names.ts';

const yesNo = z.boolean();

/** Each fact's value; `note` (any fact) holds text beside it, e.g. the free tier's limits. */
export const factValueSchemas = {
  freeTier: yesNo,
  pricingModel: z.enum(PRICING_MODELS),
  pricingPage: z.url({ protocol: /^https?$/ }).max(2000),
  /** Starting paid price, US dollars per month. */
  startingPrice: z.number().min(0).max(1_000_000),
  archive: yesNo,
  trace: yesNo,
  websocket: yesNo,
  dedicatedNodes: yesNo,
  sla: yesNo,
  regions: z.string().trim().min(1).max(500),
} as const satisfies Record<FactName, z.ZodType>;

const factSchema = <V extends z.ZodType>(value: V) =>
  z.object({
    value,
    note: z.string().trim().max(1000).nullable(),
    sourceUrl: z.url({ protocol: /^https?$/ }).max(2000),
    /** The day the source was read (YYYY-MM-DD). */
    asOf: z.iso.date(),
  });

/** The facts of one provider, by name; a fact not entered is absent (unknown). */
export const providerFactsSchema = z
  .object({
    freeTier: factSchema(factValueSchemas.freeTier),
    pricingModel: factSchema(factValueSchemas.pricingModel),
    pricingPage: factSchema(factValueSchemas.pricingPage),
    startingPrice: factSchema(factValueSchemas.startingPrice),
    archive: factSchema(factValueSchemas.archive),
    trace: factSchema(factValueSchemas.trace),
    websocket: factSchema(factValueSchemas.websocket),
    dedicatedNodes: factSchema(factValueSchemas.dedicatedNodes),
    sla: factSchema(factValueSchemas.sla),
    regions: factSchema(factValueSchemas.regions),
  })
  .partial();
export type ProviderFacts = z.infer<typeof providerFactsSchema>;

/** PUT /api/admin/providers/{id}/facts: the provider's facts, all of them (a fact left out becomes unknown). */
export const providerFactsInputSchema = z.object({ facts: providerFactsSchema.strict() });

/** A fact our prober found true, when it last did (ISO time). */
const measuredFactSchema = z.object({ checkedAt: z.string() });

/**
 * The facts the prober measured on the provider's endpoints (api/health): a wss:// endpoint answered the right chain,
 * an archive read answered, trace_ or debug_ methods answered (`methods` says which). Only true findings, each with
 * its time; nothing measured is absent, never "no".
 */
export const measuredFactsSchema = z
  .object({
    websocket: measuredFactSchema,
    archive: measuredFactSchema,
    trace: measuredFactSchema.extend({ methods: z.array(z.enum(['trace', 'debug'])).min(1) }),
  })
  .partial();
export type MeasuredFacts = z.infer<typeof measuredFactsSchema>;
