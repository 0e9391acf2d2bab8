// The provider dialog's endpoints: each one the provider serves (its detail's rpcEndpoints) edited, removed or
// probed on its own, and new ones added for a chosen chain. Each is its own write (POST / PUT / DELETE
// /api/admin/endpoints), so its id and health history stay; none waits for the provider's save.
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { endpointCreateSchema, rpcTrackingValues } from '../../contract/admin.ts';
import type { Chain } from '../../contract/chains.ts';
import type { ProbeNow } from '../../contract/health.ts';
import type { ProviderDetail } from '../../contract/providers.ts';
import { Button } from '../components/ui/button.tsx';
import { useDeleteEndpoint, useProbeEndpoint, useSaveEndpoint } from '../data/admin/endpoints.ts';
import { providerQuery } from '../data/providers.ts';
import { RowInput } from './chain-dialog.tsx';
import { EndpointOptions, FormSection } from './fields.tsx';
import { Bind, enterSubmits, useAdminForm, type AdminForm } from './form.tsx';

type Endpoint = ProviderDetail['rpcEndpoints'][number];
type Tracking = (typeof rpcTrackingValues)[number];
type EndpointForm = { chainId: string; url: string; tracking: Tracking; needsApiKey: boolean };

const endpointFormSchema = endpointCreateSchema.omit({ providerId: true });
const selectClass = 'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm';

export function ProviderEndpoints({ providerId, slug, chains }: { providerId: number; slug: string; chains: Chain[] }) {
  const { data, isPending, isError } = useQuery(providerQuery(slug));
  return (
    <FormSection title="RPC endpoints">
      {isPending && <p className="text-sm text-slate-500">Loading…</p>}
      {isError && <p className="text-sm text-red-700">The provider's endpoints could not be loaded.</p>}
      {data?.rpcEndpoints.length === 0 && <p className="text-sm text-slate-500">No endpoints listed.</p>}
      {data && data.rpcEndpoints.length > 0 && (
        <ul className="grid gap-3" aria-label="Provider endpoints">
          {data.rpcEndpoints.map((e) => (
            <li key={e.id ?? e.url}>
              <EditEndpoint endpoint={e} />
            </li>
          ))}
        </ul>
      )}
      <AddEndpoint providerId={providerId} chains={chains} />
    </FormSection>
  );
}

function useEndpointForm(e?: Endpoint) {
  return useAdminForm(`endpoint-${e?.id ?? 'new'}`, {
    schema: endpointFormSchema,
    values: {
      chainId: e ? String(e.chain.id) : '',
      url: e?.url ?? '',
      tracking: e?.tracking ?? 'unspecified',
      needsApiKey: e?.needsApiKey ?? false,
    } satisfies EndpointForm,
  });
}

function EditEndpoint({ endpoint }: { endpoint: Endpoint }) {
  const form = useEndpointForm(endpoint);
  const save = useSaveEndpoint();
  const remove = useDeleteEndpoint();
  const probe = useProbeEndpoint();
  const { id } = endpoint;
  // An answer saved offline before endpoints had ids cannot be edited one by one.
  if (id === undefined) return <code className="font-mono text-xs break-all">{endpoint.url}</code>;
  const submit = () => form.handleSubmit(({ chainId: _chain, ...input }) => save.mutate({ id, input }))();
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 p-3" onKeyDown={enterSubmits(submit)}>
      <div className="flex items-start gap-2">
        <span className="pt-2 text-sm font-medium text-slate-800">{endpoint.chain.name}</span>
        <UrlInput form={form} label={`${endpoint.chain.name} endpoint URL`} />
        <Button variant="ghost" size="icon" aria-label={`Remove ${endpoint.url}`} onClick={() => remove.mutate(id)}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <EndpointOptions
          tracking={form.register('tracking')}
          needsApiKey={form.register('needsApiKey')}
          trackingLabel={`Tracking of ${endpoint.url}`}
        />
        <Button variant="outline" size="sm" disabled={save.isPending} onClick={submit}>
          Save endpoint
        </Button>
        <Button variant="outline" size="sm" disabled={probe.isPending} onClick={() => probe.mutate(id)}>
          Probe now
        </Button>
      </div>
      {probe.data && <ProbeAnswer answer={probe.data} />}
    </div>
  );
}

function AddEndpoint({ providerId, chains }: { providerId: number; chains: Chain[] }) {
  const form = useEndpointForm();
  const save = useSaveEndpoint();
  const chainError = form.formState.errors.chainId?.message;
  const submit = () =>
    form.handleSubmit((input) => save.mutate({ input: { ...input, providerId } }, { onSuccess: () => form.reset() }))();
  return (
    <div className="grid gap-2 rounded-lg border border-dashed border-slate-300 p-3" onKeyDown={enterSubmits(submit)}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="grid gap-1">
          <select aria-label="New endpoint chain" {...form.register('chainId')} className={selectClass}>
            <option value="">Chain…</option>
            {chains.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
          {chainError && <p className="text-xs text-red-600">Choose a chain</p>}
        </div>
        <UrlInput form={form} label="New endpoint URL" />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <EndpointOptions
          tracking={form.register('tracking')}
          needsApiKey={form.register('needsApiKey')}
          trackingLabel="Tracking of new endpoint"
        />
        <Button variant="outline" size="sm" disabled={save.isPending} onClick={submit}>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </div>
    </div>
  );
}

function UrlInput({ form, label }: { form: AdminForm<EndpointForm, unknown>; label: string }) {
  return (
    <Bind form={form} name="url">
      {(f) => (
        <RowInput
          {...f}
          aria-label={label}
          placeholder="https:// or wss://"
          className="min-w-0 flex-1"
          inputClassName="font-mono text-xs"
        />
      )}
    </Bind>
  );
}

/** Tracking and needs-API-key of one endpoint; `label` names whose they are. */

/** The probe's answer in words: what it reached, and whether it counts (no network is never recorded). */
function ProbeAnswer({ answer: { recorded, probe, health } }: { answer: ProbeNow }) {
  const facts = [
    probe.errorClass ? `error: ${probe.errorClass}` : 'answered',
    probe.httpStatus !== null && `HTTP ${probe.httpStatus}`,
    probe.latencyMs !== null && `${probe.latencyMs} ms`,
    probe.answeredChainId !== null && `chain id ${probe.answeredChainId}`,
    probe.headBlock !== null && `block ${probe.headBlock}`,
  ].filter(Boolean);
  return (
    <p role="status" className="text-sm text-slate-700">
      Probe: {facts.join(', ')}.{' '}
      {recorded
        ? `Recorded; status ${health.status}.`
        : 'Not recorded: an unreachable address may mean this server has no network.'}
    </p>
  );
}
