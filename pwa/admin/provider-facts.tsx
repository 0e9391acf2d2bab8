// The provider dialog's "Facts" section: each fact's value, a note (the free tier's limits, say), the
// URL it was read from and the day it was read. A fact left at "Unknown" is not sent, and shows as unknown.
import { FACT_LABELS, FACT_NAMES, PRICING_MODELS, type FactName } from '../../contract/fact-names.ts';
import { factValueSchemas, type ProviderFacts } from '../../contract/facts.ts';
import { FormSection, SelectField, TextField } from './fields.tsx';
import { Bind, type AdminForm } from './form.tsx';

/** One fact as the form holds it: all text, '' for none. */
type FactFields = { value: string; note: string; sourceUrl: string; asOf: string };
export type FactsForm = Record<FactName, FactFields>;

/** How each fact's value is typed: a yes/no choice, a choice among the pricing models, a number or text. */
const factKind = (name: FactName) =>
  name === 'pricingModel'
    ? 'model'
    : name === 'startingPrice'
      ? 'number'
      : factValueSchemas[name].type === 'boolean'
        ? 'yes-no'
        : 'text';

const YES_NO = [
  { value: '', label: 'Unknown' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const MODELS = [{ value: '', label: 'Unknown' }, ...PRICING_MODELS.map((m) => ({ value: m, label: m }))];

const valueText = (v: boolean | number | string) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

/** The form's values of the provider's stored facts. */
export function factsForm(facts: ProviderFacts | undefined): FactsForm {
  return Object.fromEntries(
    FACT_NAMES.map((name) => {
      const f = facts?.[name];
      return [
        name,
        f
          ? { value: valueText(f.value), note: f.note ?? '', sourceUrl: f.sourceUrl, asOf: f.asOf }
          : { value: '', note: '', sourceUrl: '', asOf: '' },
      ];
    }),
  ) as FactsForm;
}

/** The facts the form sends (contract providerFactsSchema's input): those with a value, typed. */
export function factsInput(form: FactsForm): Record<string, unknown> {
  return Object.fromEntries(
    FACT_NAMES.filter((name) => form[name].value !== '').map((name) => {
      const { value, note, sourceUrl, asOf } = form[name];
      const kind = factKind(name);
      const typed = kind === 'yes-no' ? value === 'yes' : kind === 'number' ? Number(value) : value;
      return [name, { value: typed, note: note.trim() || null, sourceUrl: sourceUrl.trim(), asOf }];
    }),
  );
}

/** The section; `form` is the provider form seen through its facts fields. */
export function FactsSection({ form }: { form: AdminForm<{ facts: FactsForm }, unknown> }) {
  return (
    <FormSection title="Facts">
      <p className="text-sm text-slate-600">
        Enter only what a source states: each fact needs the page it was read from and the day. Leave
        &quot;Unknown&quot; where nobody has checked.
      </p>
      {FACT_NAMES.map((name) => (
        <div key={name} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
          <Bind form={form} name={`facts.${name}.value`}>
            {(f) => {
              const kind = factKind(name);
              if (kind === 'yes-no') return <SelectField {...f} label={FACT_LABELS[name]} options={YES_NO} />;
              if (kind === 'model') return <SelectField {...f} label={FACT_LABELS[name]} options={MODELS} />;
              return (
                <TextField
                  {...f}
                  label={kind === 'number' ? `${FACT_LABELS[name]} (US$ a month)` : FACT_LABELS[name]}
                  type={kind === 'number' ? 'number' : name === 'pricingPage' ? 'url' : 'text'}
                  placeholder={kind === 'number' ? '' : 'Unknown'}
                />
              );
            }}
          </Bind>
          <Bind form={form} name={`facts.${name}.note`}>
            {(f) => <TextField {...f} label="Note" placeholder={name === 'freeTier' ? 'Its limits' : ''} />}
          </Bind>
          <Bind form={form} name={`facts.${name}.sourceUrl`}>
            {(f) => <TextField {...f} label="Source URL" type="url" placeholder="https://" />}
          </Bind>
          <Bind form={form} name={`facts.${name}.asOf`}>
            {(f) => <TextField {...f} label="As of" type="date" />}
          </Bind>
        </div>
      ))}
    </FormSection>
  );
}
