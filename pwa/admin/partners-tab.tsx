// Partners tab: the footer's partner links (name, url, order). The form above the list adds, or edits the
// chosen link; order is a whole number ≥ 0 and a non-numeric value becomes 0 (the same schema as the server).
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { partnerLinkInputSchema } from '../../contract/admin.ts';
import type { PartnerLink } from '../../contract/content.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { useDeletePartnerLink, useSavePartnerLink } from '../data/admin/content.ts';
import { partnerLinksQuery } from '../data/content.ts';
import { TextField } from './fields.tsx';
import { Bind, formValues, useAdminForm } from './form.tsx';
import { ConfirmDelete, EditDeleteButtons, EmptyState, ListSkeleton, SaveButton, SectionHeader } from './parts.tsx';

function PartnerForm({ link, onDone }: { link?: PartnerLink; onDone: () => void }) {
  // Order is typed as text: the schema turns a blank or non-numeric one into 0.
  const form = useAdminForm('partner', {
    schema: partnerLinkInputSchema,
    values: formValues(partnerLinkInputSchema, link, { order: link ? String(link.order) : '0' }),
  });
  const save = useSavePartnerLink();

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: link?.id, input },
      {
        onSuccess: () => {
          form.reset();
          onDone();
        },
      },
    ),
  );

  return (
    <Card>
      <CardContent className="pt-5">
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_7rem] sm:items-start"
        >
          <Bind form={form} name="name">
            {(f) => <TextField {...f} label="Name" required />}
          </Bind>
          <Bind form={form} name="url">
            {(f) => <TextField {...f} label="URL" required type="url" placeholder="https://" />}
          </Bind>
          <Bind form={form} name="order">
            {(f) => <TextField {...f} label="Order" type="number" hint="Lowest first." />}
          </Bind>
          <div className="flex justify-end gap-2 sm:col-span-3">
            {link && (
              <Button variant="outline" onClick={onDone}>
                Cancel
              </Button>
            )}
            <SaveButton label={link ? 'Update Partner Link' : 'Add Partner Link'} pending={save.isPending} />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function PartnersTab({ isAdmin }: { isAdmin: boolean }) {
  const links = useQuery({ ...partnerLinksQuery(), enabled: isAdmin });
  const remove = useDeletePartnerLink();
  const [editing, setEditing] = useState<PartnerLink | undefined>();
  const [deleting, setDeleting] = useState<PartnerLink | undefined>();

  return (
    <section className="grid gap-6">
      <div>
        <SectionHeader
          title={editing ? `Edit "${editing.name}"` : 'Partner Links'}
          description="Shown in the site footer, in this order."
        />
        {/* Keyed so choosing another link (or finishing) loads that link's values into the form. */}
        <PartnerForm key={editing?.id ?? 'new'} link={editing} onDone={() => setEditing(undefined)} />
      </div>
      {links.isPending ? (
        <ListSkeleton rows={3} />
      ) : links.data?.length ? (
        <Card>
          <ul className="divide-y divide-slate-200">
            {links.data.map((link) => (
              <li key={link.id} className="flex items-center gap-3 p-4">
                <span
                  className="flex size-8 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs font-semibold text-slate-600 tabular-nums"
                  title="Order"
                >
                  {link.order}
                </span>
                <div className="min-w-0 flex-1">
                  <h3 className="truncate font-medium text-slate-900">{link.name}</h3>
                  <p className="truncate text-sm text-slate-600">{link.url}</p>
                </div>
                <div className="flex shrink-0 gap-0.5">
                  <Button asChild variant="ghost" size="icon">
                    <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${link.name}`}>
                      <ExternalLink aria-hidden="true" />
                    </a>
                  </Button>
                  <EditDeleteButtons
                    name={link.name}
                    onEdit={() => setEditing(link)}
                    onDelete={() => setDeleting(link)}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ) : (
        <EmptyState>No partner links yet. Add your first partner link above.</EmptyState>
      )}
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(undefined)}
        remove={remove}
        onDeleted={(link) => {
          if (editing?.id === link.id) setEditing(undefined);
        }}
      />
    </section>
  );
}
