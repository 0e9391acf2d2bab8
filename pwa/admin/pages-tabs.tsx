// About and Homepage tabs: the page's texts and its search / social fields.
import { useQuery } from '@tanstack/react-query';
import { aboutInputSchema, homepageInputSchema } from '../../contract/admin.ts';
import type { About, Homepage } from '../../contract/content.ts';
import { useUpdateAbout, useUpdateHomepage } from '../data/admin/content.ts';
import { aboutQuery, homepageQuery } from '../data/content.ts';
import { SeoAndSharingSections } from './field-groups.tsx';
import { TextField } from './fields.tsx';
import { Bind, formValues, useAdminForm } from './form.tsx';
import { SettingsForm, SettingsSection } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

export function AboutTab({ isAdmin }: { isAdmin: boolean }) {
  const query = useQuery({ ...aboutQuery(), enabled: isAdmin });
  return (
    <SettingsSection
      title="About Page"
      description="The /about page's text and its search and social tags."
      query={query}
    >
      {(data) => <AboutForm initial={data} />}
    </SettingsSection>
  );
}

function AboutForm({ initial }: { initial: About }) {
  const form = useAdminForm('about', { schema: aboutInputSchema, values: formValues(aboutInputSchema, initial) });
  const save = useUpdateAbout();

  return (
    <SettingsForm
      saveLabel="Update About Page"
      pending={save.isPending}
      onSubmit={form.handleSubmit((input) => save.mutate(input))}
    >
      <Bind form={form} name="title">
        {(f) => <TextField {...f} label="Page title" max={200} />}
      </Bind>
      <Bind form={form} name="content">
        {(f) => <RichTextEditor {...f} label="Content" minHeight="min-h-64" />}
      </Bind>
      <SeoAndSharingSections form={form} />
    </SettingsForm>
  );
}

export function HomepageTab({ isAdmin }: { isAdmin: boolean }) {
  const query = useQuery({ ...homepageQuery(), enabled: isAdmin });
  return (
    <SettingsSection
      title="Homepage Content"
      description="Texts around the hotlist on / and the home page's search and social tags."
      query={query}
    >
      {(data) => <HomepageForm initial={data} />}
    </SettingsSection>
  );
}

function HomepageForm({ initial }: { initial: Homepage }) {
  const form = useAdminForm('homepage', {
    schema: homepageInputSchema,
    values: formValues(homepageInputSchema, initial),
  });
  const save = useUpdateHomepage();

  return (
    <SettingsForm
      saveLabel="Update Homepage Content"
      pending={save.isPending}
      onSubmit={form.handleSubmit((input) => save.mutate(input))}
    >
      <Bind form={form} name="title">
        {(f) => <TextField {...f} label="Page title" max={200} />}
      </Bind>
      <Bind form={form} name="introText">
        {(f) => <RichTextEditor {...f} label="Intro text (shown before the hotlist)" />}
      </Bind>
      <Bind form={form} name="seoText">
        {(f) => <RichTextEditor {...f} label="SEO text (shown after the hotlist)" />}
      </Bind>
      <SeoAndSharingSections form={form} />
    </SettingsForm>
  );
}
