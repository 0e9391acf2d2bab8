// Create / edit a provider: the provider's fields, affiliate link, featured / nofollow /
// cloaked switches, privacy (tracking label, policy link), SEO and Open Graph fields, and the chains it supports
// (linked after the provider is saved).
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { providerCreateSchema, type AdminProvider } from '../../contract/admin.ts';
import { providerFactsSchema } from '../../contract/facts.ts';
import type { Chain } from '../../contract/chains.ts';
import { trackingLabelSchema, type Provider } from '../../contract/providers.ts';
import { SearchInput } from '../components/search-input.tsx';
import { adminProviderQuery, useSaveProvider } from '../data/admin/providers.ts';
import { ColorField, NameSlugFields, SeoAndSharingSections, SocialFields } from './field-groups.tsx';
import { trackingLabels } from '../components/tracking-badge.tsx';
import { CheckboxField, FormSection, SelectField, TextField } from './fields.tsx';
import { Bind, formValues, useAdminForm, type AdminForm } from './form.tsx';
import { ProviderEndpoints } from './provider-endpoints.tsx';
import { FactsSection, factsForm, factsInput, type FactsForm } from './provider-facts.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { DialogActions, matches, WhenLoaded } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

const TRACKING_OPTIONS = trackingLabelSchema.options.map((value) => ({ value, label: trackingLabels[value].text }));

/** The form's values: the provider's fields as the API takes them, the chains it is linked to, its facts. */
const toForm = (p?: AdminProvider) =>
  formValues(providerCreateSchema, p, { chainIds: p?.chainIds ?? [], facts: factsForm(p?.facts) });

/** What the form checks: the provider's fields and its facts (PUT /api/admin/providers/{id}/facts). */
const providerFormSchema = providerCreateSchema.extend({ facts: providerFactsSchema.strict() });

/** The add / edit form of the providers tab's dialog. */
export function ProviderForm({
  provider,
  chains,
  onDone,
}: {
  provider?: Provider;
  chains: Chain[];
  onDone: () => void;
}) {
  return provider ? (
    <EditProvider id={provider.id} chains={chains} onDone={onDone} />
  ) : (
    <ProviderFormBody chains={chains} onDone={onDone} />
  );
}

/** Edit mode loads the stored provider first: the list lacks its rich-text description. */
function EditProvider({ id, chains, onDone }: { id: number; chains: Chain[]; onDone: () => void }) {
  const query = useQuery(adminProviderQuery(id));
  return (
    <WhenLoaded query={query} noun="provider">
      {(data) => <ProviderFormBody provider={data} chains={chains} onDone={onDone} />}
    </WhenLoaded>
  );
}

function ProviderFormBody({
  provider,
  chains,
  onDone,
}: {
  provider?: AdminProvider;
  chains: Chain[];
  onDone: () => void;
}) {
  const form = useAdminForm('provider', {
    schema: providerFormSchema,
    values: toForm(provider),
    toInput: (v) => ({ ...v, facts: factsInput(v.facts) }),
  });
  const save = useSaveProvider();

  // The schema leaves chainIds out of the input: the links are their own calls, made after the provider is saved;
  // so are the facts.
  const submit = form.handleSubmit(({ facts, ...input }) =>
    save.mutate({ id: provider?.id, input, chainIds: form.getValues('chainIds'), facts }, { onSuccess: onDone }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <NameSlugFields form={form} path="/providers/" editing={Boolean(provider)} />
        <Bind form={form} name="website">
          {(f) => <TextField {...f} label="Website" type="url" placeholder="https://" />}
        </Bind>
        <Bind form={form} name="affiliateUrl">
          {(f) => (
            <TextField
              {...f}
              label="Affiliate URL"
              type="url"
              placeholder="https://"
              hint={'Used by "Visit Official Website" instead of the website when set.'}
            />
          )}
        </Bind>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Bind form={form} name="logoUrl">
          {(f) => <ImageUploader {...f} label="Logo" folder="logos" />}
        </Bind>
        <Bind form={form} name="iconUrl">
          {(f) => <ImageUploader {...f} label="Icon" folder="icons" />}
        </Bind>
      </div>
      <ColorField form={form} hint="The letter tile's colour when there is no logo." className="sm:max-w-xs" />
      <Bind form={form} name="description">
        {(f) => <TextField {...f} label="Short description" multiline />}
      </Bind>
      <Bind form={form} name="detailedDescription">
        {(f) => <RichTextEditor {...f} label="Detailed description" />}
      </Bind>

      <FormSection title="Supported chains">
        <Bind form={form} name="chainIds">
          {(f) => <ChainPicker chains={chains} value={f.value} onChange={f.onChange} />}
        </Bind>
      </FormSection>

      {provider && <ProviderEndpoints providerId={provider.id} slug={provider.slug} chains={chains} />}

      {/* The section sees the form through its facts fields only (react-hook-form's types are invariant). */}
      <FactsSection form={form as unknown as AdminForm<{ facts: FactsForm }, unknown>} />

      <FormSection title="Links and listing">
        <div className="grid gap-3 sm:grid-cols-3">
          <Bind form={form} name="featured">
            {(f) => <CheckboxField {...f} label="Featured" hint="Listed in the site footer." />}
          </Bind>
          <Bind form={form} name="nofollowLinks">
            {(f) => <CheckboxField {...f} label="Nofollow links" hint={'Outbound links carry rel="nofollow".'} />}
          </Bind>
          <Bind form={form} name="cloakedLinks">
            {(f) => (
              <CheckboxField {...f} label="Cloaked links" hint="Outbound links go through /r/{id} and are counted." />
            )}
          </Bind>
        </div>
        <SocialFields form={form} />
      </FormSection>

      <FormSection title="Privacy">
        <div className="grid gap-4 sm:grid-cols-2">
          <Bind form={form} name="tracking">
            {(f) => (
              <SelectField
                {...f}
                label="Tracking"
                options={TRACKING_OPTIONS}
                hint="How it treats request data; a badge on its page."
              />
            )}
          </Bind>
          <Bind form={form} name="privacyPolicyUrl">
            {(f) => <TextField {...f} label="Privacy policy URL" type="url" placeholder="https://" />}
          </Bind>
        </div>
      </FormSection>

      <SeoAndSharingSections form={form} />

      <DialogActions
        submitLabel={provider ? 'Update Provider' : 'Create Provider'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

/** Multi-select of chains: a filterable checkbox list, with the chosen ones as removable chips. */
function ChainPicker({
  chains,
  value,
  onChange,
}: {
  chains: Chain[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const [term, setTerm] = useState('');
  const chosen = useMemo(() => new Set(value), [value]);
  const byId = useMemo(() => new Map(chains.map((c) => [c.id, c])), [chains]);
  const visible = useMemo(() => chains.filter((c) => matches(c, term)), [chains, term]);
  const toggle = (chainId: number, on: boolean) =>
    onChange(on ? [...value, chainId] : value.filter((v) => v !== chainId));

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-1.5" aria-live="polite">
        <span className="text-sm text-slate-600">{value.length} selected</span>
        {value.map((chainId) => {
          const chain = byId.get(chainId);
          if (!chain) return null;
          return (
            <span
              key={chainId}
              className="inline-flex items-center gap-1 rounded-md bg-accent-50 py-0.5 pr-1 pl-2 text-xs font-medium text-accent-800 ring-1 ring-accent-200"
            >
              {chain.name}
              <button
                type="button"
                onClick={() => toggle(chainId, false)}
                aria-label={`Remove ${chain.name}`}
                className="rounded p-0.5 hover:bg-accent-100"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </span>
          );
        })}
      </div>
      <SearchInput value={term} onChange={setTerm} placeholder="Filter chains..." label="Filter chains to link" />
      <div
        role="group"
        aria-label="Chains"
        className="grid max-h-56 gap-x-4 gap-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2"
      >
        {visible.map((chain) => (
          <label
            key={chain.id}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              checked={chosen.has(chain.id)}
              onChange={(e) => toggle(chain.id, e.target.checked)}
              className="size-4 accent-accent-600"
            />
            <span
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: chain.color }}
              aria-hidden="true"
            />
            <span className="truncate">{chain.name}</span>
          </label>
        ))}
        {visible.length === 0 && <p className="p-2 text-sm text-slate-500">No chains match.</p>}
      </div>
    </div>
  );
}
