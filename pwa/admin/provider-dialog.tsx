// Create / edit a provider (spec 001 §3, §5): the provider's fields, affiliate link, featured / nofollow /
// cloaked switches, privacy (tracking label, policy link), SEO and Open Graph fields, and the chains it supports
// (linked after the provider is saved, spec 001 §7).
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { DEFAULT_COLOR, providerCreateSchema, type AdminProvider, type ProviderCreateInput } from '../../contract/admin.ts';
import type { Chain } from '../../contract/chains.ts';
import { trackingLabelSchema, type Provider } from '../../contract/providers.ts';
import { SearchInput } from '../components/search-input.tsx';
import { adminProviderQuery, useSaveProvider } from '../data/admin.ts';
import { ColorField, NameSlugFields, SeoAndSharingSections, SocialFields } from './field-groups.tsx';
import { trackingLabels } from '../components/tracking-badge.tsx';
import { CheckboxField, FormSection, SelectField, text, TextField, useForm } from './form.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { DialogActions, matches, WhenLoaded } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

const TRACKING_OPTIONS = trackingLabelSchema.options.map((value) => ({ value, label: trackingLabels[value].text }));

const toForm = (p?: AdminProvider) => ({
  name: text(p?.name),
  slug: text(p?.slug),
  website: text(p?.website),
  affiliateUrl: text(p?.affiliateUrl),
  description: text(p?.description),
  detailedDescription: text(p?.detailedDescription),
  logoUrl: text(p?.logoUrl),
  iconUrl: text(p?.iconUrl),
  color: p?.color ?? DEFAULT_COLOR,
  twitterUrl: text(p?.twitterUrl),
  discordUrl: text(p?.discordUrl),
  telegramUrl: text(p?.telegramUrl),
  githubUrl: text(p?.githubUrl),
  linkedinUrl: text(p?.linkedinUrl),
  metaTitle: text(p?.metaTitle),
  metaDescription: text(p?.metaDescription),
  ogTitle: text(p?.ogTitle),
  ogDescription: text(p?.ogDescription),
  ogImage: text(p?.ogImage),
  tracking: p?.tracking ?? ('unspecified' as Provider['tracking']),
  privacyPolicyUrl: text(p?.privacyPolicyUrl),
  featured: p?.featured ?? false,
  nofollowLinks: p?.nofollowLinks ?? false,
  cloakedLinks: p?.cloakedLinks ?? false,
  chainIds: p?.chainIds ?? [],
});
type ProviderForm = ReturnType<typeof toForm>;

/** The add / edit form of the providers tab's dialog. */
export function ProviderForm({ provider, chains, onDone }: { provider?: Provider; chains: Chain[]; onDone: () => void }) {
  return provider
    ? <EditProvider id={provider.id} chains={chains} onDone={onDone} />
    : <ProviderFormBody chains={chains} onDone={onDone} />;
}

/** Edit mode loads the stored provider first: the list lacks its rich-text description. */
function EditProvider({ id, chains, onDone }: { id: number; chains: Chain[]; onDone: () => void }) {
  const query = useQuery(adminProviderQuery(id));
  return <WhenLoaded query={query} noun="provider">{(data) => <ProviderFormBody provider={data} chains={chains} onDone={onDone} />}</WhenLoaded>;
}

function ProviderFormBody({ provider, chains, onDone }: { provider?: AdminProvider; chains: Chain[]; onDone: () => void }) {
  const form = useForm('provider', () => toForm(provider));
  const { values, set, errors, id } = form;
  const save = useSaveProvider();

  function submit(e: FormEvent) {
    e.preventDefault();
    const { chainIds, ...input }: ProviderForm = values;
    if (!form.check(providerCreateSchema, input).ok) return;
    const payload: ProviderCreateInput = input;
    save.mutate({ id: provider?.id, input: payload, chainIds }, { onSuccess: () => { form.reset(); onDone(); } });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <NameSlugFields form={form} path="/providers/" editing={Boolean(provider)} />
        <TextField id={id('website')} label="Website" type="url" placeholder="https://" value={values.website} error={errors.website}
          onChange={(v) => set('website', v)} />
        <TextField id={id('affiliateUrl')} label="Affiliate URL" type="url" placeholder="https://" value={values.affiliateUrl}
          error={errors.affiliateUrl} hint={'Used by "Visit Official Website" instead of the website when set.'}
          onChange={(v) => set('affiliateUrl', v)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageUploader id={id('logoUrl')} label="Logo" folder="logos" value={values.logoUrl} error={errors.logoUrl} onChange={(v) => set('logoUrl', v)} />
        <ImageUploader id={id('iconUrl')} label="Icon" folder="icons" value={values.iconUrl} error={errors.iconUrl} onChange={(v) => set('iconUrl', v)} />
      </div>
      <ColorField form={form} hint="The letter tile's colour when there is no logo." className="sm:max-w-xs" />
      <TextField id={id('description')} label="Short description" multiline value={values.description} error={errors.description}
        onChange={(v) => set('description', v)} />
      <RichTextEditor id={id('detailedDescription')} label="Detailed description" value={values.detailedDescription}
        error={errors.detailedDescription} onChange={(v) => set('detailedDescription', v)} />

      <FormSection title="Supported chains">
        <ChainPicker chains={chains} value={values.chainIds} onChange={(ids) => set('chainIds', ids)} />
      </FormSection>

      <FormSection title="Links and listing">
        <div className="grid gap-3 sm:grid-cols-3">
          <CheckboxField id={id('featured')} label="Featured" checked={values.featured} onChange={(v) => set('featured', v)}
            hint="Listed in the site footer." />
          <CheckboxField id={id('nofollowLinks')} label="Nofollow links" checked={values.nofollowLinks} onChange={(v) => set('nofollowLinks', v)}
            hint={'Outbound links carry rel="nofollow".'} />
          <CheckboxField id={id('cloakedLinks')} label="Cloaked links" checked={values.cloakedLinks} onChange={(v) => set('cloakedLinks', v)}
            hint="Outbound links go through /r/{id} and are counted." />
        </div>
        <SocialFields form={form} />
      </FormSection>

      <FormSection title="Privacy">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField id={id('tracking')} label="Tracking" value={values.tracking} options={TRACKING_OPTIONS} error={errors.tracking}
            hint="How it treats request data; a badge on its page." onChange={(v) => set('tracking', v as Provider['tracking'])} />
          <TextField id={id('privacyPolicyUrl')} label="Privacy policy URL" type="url" placeholder="https://" value={values.privacyPolicyUrl}
            error={errors.privacyPolicyUrl} onChange={(v) => set('privacyPolicyUrl', v)} />
        </div>
      </FormSection>

      <SeoAndSharingSections form={form} />

      <DialogActions submitLabel={provider ? 'Update Provider' : 'Create Provider'} pending={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** Multi-select of chains: a filterable checkbox list, with the chosen ones as removable chips. */
function ChainPicker({ chains, value, onChange }: { chains: Chain[]; value: number[]; onChange: (ids: number[]) => void }) {
  const [term, setTerm] = useState('');
  const chosen = useMemo(() => new Set(value), [value]);
  const byId = useMemo(() => new Map(chains.map((c) => [c.id, c])), [chains]);
  const visible = useMemo(() => chains.filter((c) => matches(c, term)), [chains, term]);
  const toggle = (chainId: number, on: boolean) => onChange(on ? [...value, chainId] : value.filter((v) => v !== chainId));

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-1.5" aria-live="polite">
        <span className="text-sm text-slate-600">{value.length} selected</span>
        {value.map((chainId) => {
          const chain = byId.get(chainId);
          if (!chain) return null;
          return (
            <span key={chainId} className="inline-flex items-center gap-1 rounded-md bg-accent-50 py-0.5 pr-1 pl-2 text-xs font-medium text-accent-800 ring-1 ring-accent-200">
              {chain.name}
              <button type="button" onClick={() => toggle(chainId, false)} aria-label={`Remove ${chain.name}`} className="rounded p-0.5 hover:bg-accent-100">
                <X className="size-3" aria-hidden="true" />
              </button>
            </span>
          );
        })}
      </div>
      <SearchInput value={term} onChange={setTerm} placeholder="Filter chains..." label="Filter chains to link" />
      <div role="group" aria-label="Chains" className="grid max-h-56 gap-x-4 gap-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
        {visible.map((chain) => (
          <label key={chain.id} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
            <input type="checkbox" checked={chosen.has(chain.id)} onChange={(e) => toggle(chain.id, e.target.checked)} className="size-4 accent-accent-600" />
            <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: chain.color }} aria-hidden="true" />
            <span className="truncate">{chain.name}</span>
          </label>
        ))}
        {visible.length === 0 && <p className="p-2 text-sm text-slate-500">No chains match.</p>}
      </div>
    </div>
  );
}
