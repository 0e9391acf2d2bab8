// Create / edit a chain (spec 001 §2, §5): name and slug required, colour default #3b82f6, icon upload or URL,
// descriptions, links, SEO and Open Graph fields with counters, and the dataset's chain facts (status and parent
// chain included).
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, type FormEvent } from 'react';
import {
  chainCreateSchema, chainStatusValues, DEFAULT_COLOR, rpcTrackingValues, type ChainCreateInput,
} from '../../contract/admin.ts';
import type { Chain, ChainDetail } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { useSaveChain } from '../data/admin.ts';
import { chainQuery } from '../data/chains.ts';
import { ColorField, NameSlugFields, SeoAndSharingSections, SocialFields } from './field-groups.tsx';
import { trackingLabels } from '../components/tracking-badge.tsx';
import { CheckboxField, FormSection, SelectField, text, TextField, useForm } from './form.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { DialogActions, WhenLoaded } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

type Tracking = (typeof rpcTrackingValues)[number];
type EndpointRow = { url: string; tracking: Tracking; needsApiKey: boolean; providerId: string };
type ChainStatus = (typeof chainStatusValues)[number];

const STATUS_OPTIONS = chainStatusValues.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

/**
 * The chains that may be `selfId`'s parent, by name: any but itself and its descendants (a loop the server
 * refuses too). A new chain (no id) has no descendants.
 */
export function parentChainOptions(chains: readonly Pick<Chain, 'id' | 'name' | 'parentChainId'>[], selfId?: number) {
  const excluded = new Set(selfId === undefined ? [] : [selfId]);
  // Each pass adds the children of what is excluded, until a pass finds none.
  for (let grew = excluded.size > 0; grew;) {
    grew = false;
    for (const c of chains) {
      if (c.parentChainId != null && excluded.has(c.parentChainId) && !excluded.has(c.id)) {
        excluded.add(c.id);
        grew = true;
      }
    }
  }
  return [
    { value: '', label: 'None' },
    ...chains.filter((c) => !excluded.has(c.id)).sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => ({ value: String(c.id), label: c.name })),
  ];
}

const toForm = (c?: ChainDetail) => ({
  name: text(c?.name),
  slug: text(c?.slug),
  title: text(c?.title),
  color: c?.color ?? DEFAULT_COLOR,
  iconUrl: text(c?.iconUrl),
  description: text(c?.description),
  detailedDescription: text(c?.detailedDescription),
  websiteUrl: text(c?.websiteUrl),
  twitterUrl: text(c?.twitterUrl),
  discordUrl: text(c?.discordUrl),
  telegramUrl: text(c?.telegramUrl),
  githubUrl: text(c?.githubUrl),
  linkedinUrl: text(c?.linkedinUrl),
  metaTitle: text(c?.metaTitle),
  metaDescription: text(c?.metaDescription),
  ogTitle: text(c?.ogTitle),
  ogDescription: text(c?.ogDescription),
  ogImage: text(c?.ogImage),
  evmChainId: c?.evmChainId == null ? '' : String(c.evmChainId),
  shortName: text(c?.shortName),
  currencyName: text(c?.nativeCurrency?.name),
  currencySymbol: text(c?.nativeCurrency?.symbol),
  currencyDecimals: c?.nativeCurrency ? String(c.nativeCurrency.decimals) : '18',
  explorers: c?.explorers ?? [],
  isTestnet: c?.isTestnet ?? false,
  // Stored values come from the same list the server accepts.
  status: (c?.status ?? 'active') as ChainStatus,
  parentChainId: c?.parentChainId == null ? '' : String(c.parentChainId),
  rpcEndpoints: (c?.rpcEndpoints ?? []).map((ep): EndpointRow => ({
    url: ep.url, tracking: ep.tracking, needsApiKey: ep.needsApiKey, providerId: ep.provider ? String(ep.provider.id) : '',
  })),
});
type ChainForm = ReturnType<typeof toForm>;

/** Blank numeric fields become null / NaN so the schema names what is missing instead of storing 0. */
const toNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

export function chainPayload(v: ChainForm): ChainCreateInput {
  const { evmChainId, currencyName, currencySymbol, currencyDecimals, explorers, parentChainId, rpcEndpoints, ...fields } = v;
  const hasCurrency = currencyName.trim() !== '' || currencySymbol.trim() !== '';
  return {
    ...fields,
    evmChainId: evmChainId.trim() === '' ? null : toNumber(evmChainId),
    nativeCurrency: hasCurrency ? { name: currencyName, symbol: currencySymbol, decimals: toNumber(currencyDecimals) } : null,
    explorers: explorers.filter((e) => e.name.trim() !== '' || e.url.trim() !== ''),
    parentChainId: parentChainId === '' ? null : Number(parentChainId),
    // The whole list is sent, so it replaces the stored one (rows left blank are dropped).
    rpcEndpoints: rpcEndpoints.filter((ep) => ep.url.trim() !== '')
      .map((ep) => ({ url: ep.url, tracking: ep.tracking, needsApiKey: ep.needsApiKey, providerId: ep.providerId ? Number(ep.providerId) : null })),
  };
}

/** The add / edit form of the chains tab's dialog. */
export function ChainForm({ chain, chains, providers, onDone }: { chain?: Chain; chains: Chain[]; providers: Provider[]; onDone: () => void }) {
  return chain
    ? <EditChain slug={chain.slug} chains={chains} providers={providers} onDone={onDone} />
    : <ChainFormBody chains={chains} providers={providers} onDone={onDone} />;
}

type BodyProps = { chains: Chain[]; providers: Provider[]; onDone: () => void };

/** Edit mode loads the chain's detail first: the list lacks its RPC endpoints. */
function EditChain({ slug, ...props }: BodyProps & { slug: string }) {
  // Always the stored version when the dialog opens, not one cached by an earlier visit.
  const query = useQuery({ ...chainQuery(slug), staleTime: 0 });
  return <WhenLoaded query={query} noun="chain">{(data) => <ChainFormBody chain={data} {...props} />}</WhenLoaded>;
}

function ChainFormBody({ chain, chains, providers, onDone }: BodyProps & { chain?: ChainDetail }) {
  const form = useForm('chain', () => toForm(chain));
  const { values, set, errors, id } = form;
  const save = useSaveChain();
  const parentOptions = useMemo(() => parentChainOptions(chains, chain?.id), [chains, chain?.id]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const payload = chainPayload(values);
    if (!form.check(chainCreateSchema, payload).ok) return;
    save.mutate({ id: chain?.id, input: payload }, { onSuccess: () => { form.reset(); onDone(); } });
  }

  const setExplorer = (i: number, patch: Partial<{ name: string; url: string }>) =>
    set('explorers', values.explorers.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const setEndpoint = (i: number, patch: Partial<EndpointRow>) =>
    set('rpcEndpoints', values.rpcEndpoints.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <NameSlugFields form={form} path="/chains/" editing={Boolean(chain)} />
        <ColorField form={form} />
        <TextField id={id('websiteUrl')} label="Website URL" type="url" value={values.websiteUrl} error={errors.websiteUrl}
          placeholder="https://" onChange={(v) => set('websiteUrl', v)} />
        <TextField id={id('title')} label="Full title" max={200} value={values.title} error={errors.title} className="sm:col-span-2"
          placeholder="e.g. Polygon Amoy Testnet" hint={'A longer name; the page title uses it instead of "{name} RPC Providers".'}
          onChange={(v) => set('title', v)} />
      </div>
      <ImageUploader id={id('iconUrl')} label="Icon" folder="icons" value={values.iconUrl} error={errors.iconUrl} onChange={(v) => set('iconUrl', v)} />
      <TextField id={id('description')} label="Short description" multiline value={values.description} error={errors.description}
        hint="Two lines on cards and in lists." onChange={(v) => set('description', v)} />
      <RichTextEditor id={id('detailedDescription')} label="Detailed description" value={values.detailedDescription}
        error={errors.detailedDescription} onChange={(v) => set('detailedDescription', v)} />

      <FormSection title="Social links">
        <SocialFields form={form} />
      </FormSection>

      <SeoAndSharingSections form={form} />

      <FormSection title="Chain facts">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={id('evmChainId')} label="EVM chain id" inputMode="numeric" value={values.evmChainId} error={errors.evmChainId}
            placeholder="e.g. 8453" onChange={(v) => set('evmChainId', v)} />
          <TextField id={id('shortName')} label="Short name" max={50} value={values.shortName} error={errors.shortName}
            placeholder="e.g. base" onChange={(v) => set('shortName', v)} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField id={id('nativeCurrency-name')} label="Currency name" value={values.currencyName} error={errors['nativeCurrency.name']}
            placeholder="Ether" onChange={(v) => set('currencyName', v)} />
          <TextField id={id('nativeCurrency-symbol')} label="Currency symbol" value={values.currencySymbol} error={errors['nativeCurrency.symbol']}
            placeholder="ETH" onChange={(v) => set('currencySymbol', v)} />
          <TextField id={id('nativeCurrency-decimals')} label="Decimals" inputMode="numeric" value={values.currencyDecimals}
            error={errors['nativeCurrency.decimals']} onChange={(v) => set('currencyDecimals', v)} />
        </div>
        <div className="grid gap-2">
          <span className="text-sm font-medium text-slate-800">Block explorers</span>
          {values.explorers.map((x, i) => (
            <div key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-start gap-2">
              <div className="grid gap-1">
                <Input id={id(`explorers-${i}-name`)} aria-label={`Explorer ${i + 1} name`} placeholder="Name" value={x.name}
                  aria-invalid={errors[`explorers.${i}.name`] ? true : undefined} onChange={(e) => setExplorer(i, { name: e.target.value })} />
                {errors[`explorers.${i}.name`] && <p className="text-xs text-red-600">{errors[`explorers.${i}.name`]}</p>}
              </div>
              <div className="grid gap-1">
                <Input id={id(`explorers-${i}-url`)} type="url" aria-label={`Explorer ${i + 1} URL`} placeholder="https://" value={x.url}
                  aria-invalid={errors[`explorers.${i}.url`] ? true : undefined} onChange={(e) => setExplorer(i, { url: e.target.value })} />
                {errors[`explorers.${i}.url`] && <p className="text-xs text-red-600">{errors[`explorers.${i}.url`]}</p>}
              </div>
              <Button variant="ghost" size="icon" aria-label={`Remove explorer ${i + 1}`}
                onClick={() => set('explorers', values.explorers.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button variant="outline" size="sm" className="justify-self-start"
            onClick={() => set('explorers', [...values.explorers, { name: '', url: '' }])}>
            <Plus aria-hidden="true" />Add explorer
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField id={id('status')} label="Status" value={values.status} options={STATUS_OPTIONS} error={errors.status}
            hint="Shown on the chain's page unless active." onChange={(v) => set('status', v as ChainStatus)} />
          <SelectField id={id('parentChainId')} label="Parent chain" value={values.parentChainId} options={parentOptions}
            error={errors.parentChainId} hint="The network it settles on, e.g. Ethereum for an L2." onChange={(v) => set('parentChainId', v)} />
        </div>
        <CheckboxField id={id('isTestnet')} label="Testnet" checked={values.isTestnet} onChange={(v) => set('isTestnet', v)}
          hint="Test networks are marked as such on their pages." />
      </FormSection>

      <FormSection title="Public RPC endpoints">
        {errors.rpcEndpoints && <p role="alert" className="text-sm text-red-600">{errors.rpcEndpoints}</p>}
        {values.rpcEndpoints.length === 0 && <p className="text-sm text-slate-500">No endpoints listed.</p>}
        <ol className="grid gap-3">
          {values.rpcEndpoints.map((ep, i) => {
            const urlError = errors[`rpcEndpoints.${i}.url`];
            return (
              <li key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3">
                <div className="flex items-start gap-2">
                  <div className="grid min-w-0 flex-1 gap-1">
                    <Input id={id(`rpcEndpoints-${i}-url`)} aria-label={`Endpoint ${i + 1} URL`} placeholder="https:// or wss://" value={ep.url}
                      className="font-mono text-xs" aria-invalid={urlError ? true : undefined} onChange={(e) => setEndpoint(i, { url: e.target.value })} />
                    {urlError && <p className="text-xs text-red-600">{urlError}</p>}
                  </div>
                  <Button variant="ghost" size="icon" aria-label={`Remove endpoint ${i + 1}`}
                    onClick={() => set('rpcEndpoints', values.rpcEndpoints.filter((_, j) => j !== i))}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                  <select aria-label={`Endpoint ${i + 1} provider`} value={ep.providerId} onChange={(e) => setEndpoint(i, { providerId: e.target.value })}
                    className="h-9 max-w-56 rounded-lg border border-slate-300 bg-white px-2 text-sm">
                    <option value="">No provider</option>
                    {providers.map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
                  </select>
                  <select aria-label={`Endpoint ${i + 1} tracking`} value={ep.tracking} onChange={(e) => setEndpoint(i, { tracking: e.target.value as Tracking })}
                    className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm">
                    {rpcTrackingValues.map((t) => <option key={t} value={t}>{trackingLabels[t].text}</option>)}
                  </select>
                  <label className="flex items-center gap-2 text-slate-700">
                    <input type="checkbox" checked={ep.needsApiKey} onChange={(e) => setEndpoint(i, { needsApiKey: e.target.checked })} className="size-4 accent-accent-600" />
                    Needs an API key
                  </label>
                </div>
              </li>
            );
          })}
        </ol>
        <Button variant="outline" size="sm" className="justify-self-start"
          onClick={() => set('rpcEndpoints', [...values.rpcEndpoints, { url: '', tracking: 'unspecified', needsApiKey: false, providerId: '' }])}>
          <Plus aria-hidden="true" />Add endpoint
        </Button>
      </FormSection>

      <DialogActions submitLabel={chain ? 'Update Chain' : 'Create Chain'} pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
