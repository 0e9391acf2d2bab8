// Ads tab: ad placements with create / edit / delete and an active switch. Frequency (an ad after every
// n-th card) applies only to hotlist-inline; the list previews each ad's code to 200 characters.
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { Plus } from 'lucide-react';
import { AD_CODE_PREVIEW_LENGTH, adCreateSchema, type AdminAd } from '../../contract/admin.ts';
import { adFrequencies, adPositions } from '../../contract/content.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Label } from '../components/ui/input.tsx';
import { Select } from '../components/ui/select.tsx';
import { adminAdsQuery, useDeleteAd, useSaveAd } from '../data/admin/ads.ts';
import type { AdPosition } from '../data/content.ts';
import { formatDateTime } from '../lib/dates.ts';
import { CheckboxField, Field, TextField } from './fields.tsx';
import { Bind, formValues, useAdminForm } from './form.tsx';
import {
  ConfirmDelete,
  DialogActions,
  EditDeleteButtons,
  EmptyState,
  FormDialog,
  ListSkeleton,
  SectionHeader,
  useItemDialogs,
} from './parts.tsx';

const POSITION_LABELS: Record<AdPosition, string> = {
  header: 'Header',
  sidebar: 'Sidebar',
  footer: 'Footer',
  'content-top': 'Content top',
  'content-bottom': 'Content bottom',
  'hotlist-inline': 'Hotlist inline',
};
const positionOptions = adPositions.map((p) => ({ value: p, label: POSITION_LABELS[p] }));
type Frequency = (typeof adFrequencies)[number];
const frequencyOptions = adFrequencies.map((f) => ({ value: f, label: `After every ${f} providers` }));

export const adCodePreview = (code: string) =>
  code.length > AD_CODE_PREVIEW_LENGTH ? `${code.slice(0, AD_CODE_PREVIEW_LENGTH)}…` : code;

function AdForm({ ad, onDone }: { ad?: AdminAd; onDone: () => void }) {
  const form = useAdminForm('ad', { schema: adCreateSchema, values: formValues(adCreateSchema, ad) });
  const position = form.watch('position');
  const save = useSaveAd();

  const submit = form.handleSubmit((input) => save.mutate({ id: ad?.id, input }, { onSuccess: onDone }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Bind form={form} name="name">
        {(f) => <TextField {...f} label="Name" required hint="For you only; visitors never see it." />}
      </Bind>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor="ad-position">Position</Label>
          <Bind form={form} name="position">
            {(f) => (
              <Select
                id={f.id}
                value={f.value}
                onValueChange={(v) => f.onChange(v as AdPosition)}
                options={positionOptions}
              />
            )}
          </Bind>
        </div>
        {position === 'hotlist-inline' && (
          <div className="grid content-start gap-1.5">
            <Label htmlFor="ad-frequency">Frequency</Label>
            <Bind form={form} name="frequency">
              {(f) => (
                <Select
                  id={f.id}
                  value={f.value}
                  onValueChange={(v) => f.onChange(v as Frequency)}
                  options={frequencyOptions}
                />
              )}
            </Bind>
          </div>
        )}
      </div>
      <Bind form={form} name="adCode">
        {({ id, value, onChange, onBlur, inputRef, error }) => (
          <Field
            id={id}
            label="Ad code"
            required
            error={error}
            hint="HTML from your ad network. Script tags and event handlers are removed when saved."
          >
            <textarea
              id={id}
              ref={inputRef}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
              rows={6}
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 shadow-sm focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none aria-invalid:border-red-500"
            />
          </Field>
        )}
      </Bind>
      <Bind form={form} name="isActive">
        {(f) => <CheckboxField {...f} label="Active" hint="Only active ads are shown." />}
      </Bind>
      <DialogActions submitLabel={ad ? 'Update Ad' : 'Create Ad'} pending={save.isPending} onCancel={onDone} />
    </form>
  );
}

export function AdsTab({ isAdmin }: { isAdmin: boolean }) {
  const ads = useQuery(adminAdsQuery(isAdmin));
  const save = useSaveAd();
  const remove = useDeleteAd();
  const dialogs = useItemDialogs<AdminAd>();

  return (
    <section>
      <SectionHeader
        title="Ad Placements"
        description="Ads rotate every 5 seconds when a position has several."
        action={
          <Button onClick={() => dialogs.openDialog()}>
            <Plus aria-hidden="true" />
            Add Ad Placement
          </Button>
        }
      />
      {ads.isPending ? (
        <ListSkeleton rows={3} className="h-28" />
      ) : ads.data?.length ? (
        <ul className="grid gap-3">
          {ads.data.map((ad) => (
            <li key={ad.id}>
              <Card className="p-4 sm:p-5">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <h3 className="font-semibold text-slate-900">{ad.name}</h3>
                  <Badge variant="neutral">{POSITION_LABELS[ad.position]}</Badge>
                  {ad.position === 'hotlist-inline' && <Badge variant="neutral">Every {ad.frequency}</Badge>}
                  <span className="text-xs text-slate-500">Created {formatDateTime(ad.createdAt)}</span>
                  <div className="ml-auto flex items-center gap-1">
                    <label className="mr-2 flex items-center gap-2 text-sm text-slate-700">
                      <Switch.Root
                        checked={ad.isActive}
                        disabled={save.isPending && save.variables?.id === ad.id}
                        onCheckedChange={(isActive) => save.mutate({ id: ad.id, input: { isActive } })}
                        aria-label={`${ad.name} active`}
                        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-emerald-600 disabled:opacity-50"
                      >
                        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
                      </Switch.Root>
                      {ad.isActive ? 'Active' : 'Inactive'}
                    </label>
                    <EditDeleteButtons
                      name={ad.name}
                      onEdit={() => dialogs.openDialog(ad)}
                      onDelete={() => dialogs.setDeleting(ad)}
                    />
                  </div>
                </div>
                <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-700 ring-1 ring-slate-200">
                  {adCodePreview(ad.adCode)}
                </pre>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>No ad placements yet. Add one using the button above.</EmptyState>
      )}

      <FormDialog
        open={dialogs.dialogOpen}
        onOpenChange={dialogs.setDialogOpen}
        title={dialogs.editing ? 'Edit Ad Placement' : 'Add Ad Placement'}
        className="sm:max-w-2xl"
      >
        <AdForm ad={dialogs.editing} onDone={() => dialogs.setDialogOpen(false)} />
      </FormDialog>
      <ConfirmDelete item={dialogs.deleting} onClose={() => dialogs.setDeleting(undefined)} remove={remove} />
    </section>
  );
}
