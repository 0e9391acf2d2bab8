// Create / edit a chain: name and slug required, colour default #3b82f6, icon upload or URL,
// descriptions, links, SEO and Open Graph fields with counters, and the dataset's chain facts (status and parent
// chain included).
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useFieldArray } from 'react-hook-form';
import {
  chainCreateSchema,
  chainStatusValues,
  rpcEndpointInputSchema,
  rpcTrackingValues,
  type ChainCreateInput,
} from '../../contract/admin.ts';
import type { Chain, ChainDetail } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { useSaveChain } from '../data/admin/chains.ts';
import { useSaveEndpoint } from '../data/admin/endpoints.ts';
import { cn } from '../lib/cn.ts';
import { chainQuery } from '../data/chains.ts';
import { ColorField, NameSlugFields, SeoAndSharingSections, SocialFields } from './field-groups.tsx';
import {
  CheckboxField,
  EndpointOptions,
  EndpointProviderSelect,
  FormSection,
  SelectField,
  TextField,
} from './fields.tsx';
import { Bind, enterSubmits, formValues, useAdminForm, type BoundField } from './form.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { DialogActions, WhenLoaded } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

type Tracking = (typeof rpcTrackingValues)[number];
type EndpointRow = { url: string; tracking: Tracking; needsApiKey: boolean; providerId: string };

const STATUS_OPTIONS = chainStatusValues.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

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
    ...chains
      .filter((c) => !excluded.has(c.id))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => ({ value: String(c.id), label: c.name })),
  ];
}

/** The form's values: the chain's fields as the API takes them, numbers as typed text and endpoints by provider id. */
export const chainFormValues = (c?: ChainDetail) =>
  formValues(chainCreateSchema, c, {
    evmChainId: c?.evmChainId == null ? '' : String(c.evmChainId),
    nativeCurrency: {
      name: c?.nativeCurrency?.name ?? '',
      symbol: c?.nativeCurrency?.symbol ?? '',
      decimals: c?.nativeCurrency ? String(c.nativeCurrency.decimals) : '18',
    },
    parentChainId: c?.parentChainId == null ? '' : String(c.parentChainId),
    rpcEndpoints: (c?.rpcEndpoints ?? []).map((ep): EndpointRow => ({
      url: ep.url,
      tracking: ep.tracking,
      needsApiKey: ep.needsApiKey,
      providerId: ep.provider ? String(ep.provider.id) : '',
    })),
  });
export type ChainForm = ReturnType<typeof chainFormValues>;

/** Blank numeric fields become null / NaN so the schema names what is missing instead of storing 0. */
const toNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** The API input of the form's values: numbers parsed, blank rows dropped, no currency when none is named. */
export function chainPayload({
  evmChainId,
  nativeCurrency,
  explorers,
  parentChainId,
  rpcEndpoints,
  ...fields
}: ChainForm): ChainCreateInput {
  const hasCurrency = nativeCurrency.name.trim() !== '' || nativeCurrency.symbol.trim() !== '';
  return {
    ...fields,
    evmChainId: evmChainId.trim() === '' ? null : toNumber(evmChainId),
    nativeCurrency: hasCurrency ? { ...nativeCurrency, decimals: toNumber(nativeCurrency.decimals) } : null,
    explorers: explorers.filter((e) => e.name.trim() !== '' || e.url.trim() !== ''),
    parentChainId: parentChainId === '' ? null : Number(parentChainId),
    // The whole list is sent, so it replaces the stored one (rows left blank are dropped).
    rpcEndpoints: rpcEndpoints
      .filter((ep) => ep.url.trim() !== '')
      .map((ep) => ({ ...ep, providerId: ep.providerId ? Number(ep.providerId) : null })),
  };
}

/** The add / edit form of the chains tab's dialog. */
export function ChainForm({
  chain,
  chains,
  providers,
  onDone,
}: {
  chain?: Chain;
  chains: Chain[];
  providers: Provider[];
  onDone: () => void;
}) {
  return chain ? (
    <EditChain slug={chain.slug} chains={chains} providers={providers} onDone={onDone} />
  ) : (
    <ChainFormBody chains={chains} providers={providers} onDone={onDone} />
  );
}

type BodyProps = { chains: Chain[]; providers: Provider[]; onDone: () => void };

/** Edit mode loads the chain's detail first: the list lacks its RPC endpoints. */
function EditChain({ slug, ...props }: BodyProps & { slug: string }) {
  // Always the stored version when the dialog opens, not one cached by an earlier visit.
  const query = useQuery({ ...chainQuery(slug), staleTime: 0 });
  return (
    <WhenLoaded query={query} noun="chain">
      {(data) => <ChainFormBody chain={data} {...props} />}
    </WhenLoaded>
  );
}

function ChainFormBody({ chain, chains, providers, onDone }: BodyProps & { chain?: ChainDetail }) {
  const form = useAdminForm('chain', {
    schema: chainCreateSchema,
    values: chainFormValues(chain),
    toInput: chainPayload,
  });
  const explorers = useFieldArray({ control: form.control, name: 'explorers' });
  const endpoints = useFieldArray({ control: form.control, name: 'rpcEndpoints' });
  const endpointsError = form.formState.errors.rpcEndpoints;
  const save = useSaveChain();
  const parentOptions = useMemo(() => parentChainOptions(chains, chain?.id), [chains, chain?.id]);

  const submit = form.handleSubmit((input) => save.mutate({ id: chain?.id, input }, { onSuccess: onDone }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <NameSlugFields form={form} path="/chains/" editing={Boolean(chain)} />
        <ColorField form={form} />
        <Bind form={form} name="websiteUrl">
          {(f) => <TextField {...f} label="Website URL" type="url" placeholder="https://" />}
        </Bind>
        <Bind form={form} name="title">
          {(f) => (
            <TextField
              {...f}
              label="Full title"
              max={200}
              className="sm:col-span-2"
              placeholder="e.g. Polygon Amoy Testnet"
              hint={'A longer name; the page title uses it instead of "{name} RPC Providers".'}
            />
          )}
        </Bind>
      </div>
      <Bind form={form} name="iconUrl">
        {(f) => <ImageUploader {...f} label="Icon" folder="icons" />}
      </Bind>
      <Bind form={form} name="description">
        {(f) => <TextField {...f} label="Short description" multiline hint="Two lines on cards and in lists." />}
      </Bind>
      <Bind form={form} name="detailedDescription">
        {(f) => <RichTextEditor {...f} label="Detailed description" />}
      </Bind>

      <FormSection title="Social links">
        <SocialFields form={form} />
      </FormSection>

      <SeoAndSharingSections form={form} />

      <FormSection title="Chain facts">
        <div className="grid gap-4 sm:grid-cols-2">
          <Bind form={form} name="evmChainId">
            {(f) => <TextField {...f} label="EVM chain id" inputMode="numeric" placeholder="e.g. 8453" />}
          </Bind>
          <Bind form={form} name="shortName">
            {(f) => <TextField {...f} label="Short name" max={50} placeholder="e.g. base" />}
          </Bind>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Bind form={form} name="nativeCurrency.name">
            {(f) => <TextField {...f} label="Currency name" placeholder="Ether" />}
          </Bind>
          <Bind form={form} name="nativeCurrency.symbol">
            {(f) => <TextField {...f} label="Currency symbol" placeholder="ETH" />}
          </Bind>
          <Bind form={form} name="nativeCurrency.decimals">
            {(f) => <TextField {...f} label="Decimals" inputMode="numeric" />}
          </Bind>
        </div>
        <div className="grid gap-2">
          <span className="text-sm font-medium text-slate-800">Block explorers</span>
          {explorers.fields.map((row, i) => (
            <div key={row.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-start gap-2">
              <Bind form={form} name={`explorers.${i}.name`}>
                {(f) => <RowInput {...f} aria-label={`Explorer ${i + 1} name`} placeholder="Name" />}
              </Bind>
              <Bind form={form} name={`explorers.${i}.url`}>
                {(f) => <RowInput {...f} type="url" aria-label={`Explorer ${i + 1} URL`} placeholder="https://" />}
              </Bind>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove explorer ${i + 1}`}
                onClick={() => explorers.remove(i)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => explorers.append({ name: '', url: '' })}
          >
            <Plus aria-hidden="true" />
            Add explorer
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Bind form={form} name="status">
            {(f) => (
              <SelectField
                {...f}
                label="Status"
                options={STATUS_OPTIONS}
                hint="Shown on the chain's page unless active."
              />
            )}
          </Bind>
          <Bind form={form} name="parentChainId">
            {(f) => (
              <SelectField
                {...f}
                label="Parent chain"
                options={parentOptions}
                hint="The network it settles on, e.g. Ethereum for an L2."
              />
            )}
          </Bind>
        </div>
        <Bind form={form} name="isTestnet">
          {(f) => <CheckboxField {...f} label="Testnet" hint="Test networks are marked as such on their pages." />}
        </Bind>
      </FormSection>

      <FormSection title="Public RPC endpoints">
        {chain && (
          <AddChainEndpoint chainId={chain.id} providers={providers} onAdded={(row) => endpoints.append(row)} />
        )}
        {endpointsError && (
          <p role="alert" className="text-sm text-red-600">
            {endpointsError.root?.message ?? endpointsError.message}
          </p>
        )}
        {endpoints.fields.length === 0 && <p className="text-sm text-slate-500">No endpoints listed.</p>}
        <ol className="grid gap-3">
          {endpoints.fields.map((row, i) => (
            <li key={row.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
              <div className="flex items-start gap-2">
                <Bind form={form} name={`rpcEndpoints.${i}.url`}>
                  {(f) => (
                    <RowInput
                      {...f}
                      aria-label={`Endpoint ${i + 1} URL`}
                      placeholder="https:// or wss://"
                      className="min-w-0 flex-1"
                      inputClassName="font-mono text-xs"
                    />
                  )}
                </Bind>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove endpoint ${i + 1}`}
                  onClick={() => endpoints.remove(i)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <EndpointProviderSelect
                  field={form.register(`rpcEndpoints.${i}.providerId`)}
                  label={`Endpoint ${i + 1} provider`}
                  providers={providers}
                />
                <EndpointOptions
                  tracking={form.register(`rpcEndpoints.${i}.tracking`)}
                  needsApiKey={form.register(`rpcEndpoints.${i}.needsApiKey`)}
                  trackingLabel={`Endpoint ${i + 1} tracking`}
                />
              </div>
            </li>
          ))}
        </ol>
        {!chain && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => endpoints.append({ url: '', tracking: 'unspecified', needsApiKey: false, providerId: '' })}
          >
            <Plus aria-hidden="true" />
            Add endpoint
          </Button>
        )}
      </FormSection>

      <DialogActions submitLabel={chain ? 'Update Chain' : 'Create Chain'} pending={save.isPending} onCancel={onDone} />
    </form>
  );
}

const NEW_ENDPOINT: EndpointRow = { url: '', tracking: 'unspecified', needsApiKey: false, providerId: '' };
const newEndpointSchema = rpcEndpointInputSchema.omit({ providerId: true });

/**
 * Above a stored chain's endpoint list (dozens of rows): one endpoint added at once, a write of its own (POST
 * /api/admin/endpoints, "Endpoint added"), then listed in the form below, so saving the chain keeps it.
 */
function AddChainEndpoint({
  chainId,
  providers,
  onAdded,
}: {
  chainId: number;
  providers: Provider[];
  onAdded: (row: EndpointRow) => void;
}) {
  const form = useAdminForm('new-endpoint', { schema: newEndpointSchema, values: NEW_ENDPOINT });
  const save = useSaveEndpoint();
  const submit = () =>
    form.handleSubmit(({ url, tracking, needsApiKey }) => {
      const providerId = form.getValues('providerId');
      const input = { chainId, url, tracking, needsApiKey, providerId: providerId ? Number(providerId) : null };
      save.mutate(
        { input },
        {
          onSuccess: () => {
            onAdded({ url, tracking, needsApiKey, providerId });
            form.reset(NEW_ENDPOINT);
          },
        },
      );
    })();
  return (
    <div
      className="grid gap-2 rounded-lg border border-dashed border-slate-300 p-3"
      role="group"
      aria-label="Add an endpoint"
      onKeyDown={enterSubmits(submit)}
    >
      <Bind form={form} name="url">
        {(f) => (
          <RowInput
            {...f}
            aria-label="New endpoint URL"
            placeholder="https:// or wss://"
            inputClassName="font-mono text-xs"
          />
        )}
      </Bind>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <EndpointProviderSelect
          field={form.register('providerId')}
          label="New endpoint provider"
          providers={providers}
        />
        <EndpointOptions
          tracking={form.register('tracking')}
          needsApiKey={form.register('needsApiKey')}
          trackingLabel="New endpoint tracking"
        />
        <Button variant="outline" size="sm" disabled={save.isPending} onClick={submit}>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </div>
    </div>
  );
}

/** A text input of a list row, named by its aria-label, with its error under it. */
export function RowInput({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  className,
  inputClassName,
  ...props
}: BoundField<string> & {
  'aria-label': string;
  placeholder: string;
  type?: 'url';
  className?: string;
  inputClassName?: string;
}) {
  return (
    <div className={cn('grid gap-1', className)}>
      <Input
        id={id}
        ref={inputRef}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        className={inputClassName}
        aria-invalid={error ? true : undefined}
        {...props}
      />
      {error && <p className="text-xs text-red-600">{error}</p>}
    </div>
  );
}
