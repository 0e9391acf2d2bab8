// About and Homepage tabs: the page's texts and its search / social fields (spec 001 §2).
import { useQuery } from '@tanstack/react-query';
import { aboutInputSchema, homepageInputSchema } from '../../contract/admin.ts';
import type { About, Homepage } from '../../contract/content.ts';
import { useUpdateAbout, useUpdateHomepage } from '../data/admin.ts';
import { aboutQuery, homepageQuery } from '../data/content.ts';
import { SeoAndSharingSections } from './field-groups.tsx';
import { text, TextField, useForm } from './form.tsx';
import { SettingsForm, SettingsSection } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

export function AboutTab({ isAdmin }: { isAdmin: boolean }) {
  const query = useQuery({ ...aboutQuery(), enabled: isAdmin });
  return (
    <SettingsSection title="About Page" description="The /about page's text and its search and social tags." query={query}>
      {(data) => <AboutForm initial={data} />}
    </SettingsSection>
  );
}

function AboutForm({ initial }: { initial: About }) {
  const form = useForm('about', () => ({
    title: initial.title,
    content: initial.content,
    metaTitle: text(initial.metaTitle),
    metaDescription: text(initial.metaDescription),
    ogTitle: text(initial.ogTitle),
    ogDescription: text(initial.ogDescription),
    ogImage: text(initial.ogImage),
  }));
  const { values, set, errors, id } = form;
  const save = useUpdateAbout();

  return (
    <SettingsForm saveLabel="Update About Page" pending={save.isPending}
      onSubmit={() => { if (form.check(aboutInputSchema, values).ok) save.mutate(values); }}>
      <TextField id={id('title')} label="Page title" value={values.title} error={errors.title} max={200} onChange={(v) => set('title', v)} />
      <RichTextEditor id={id('content')} label="Content" value={values.content} error={errors.content} onChange={(v) => set('content', v)} minHeight="min-h-64" />
      <SeoAndSharingSections form={form} />
    </SettingsForm>
  );
}

export function HomepageTab({ isAdmin }: { isAdmin: boolean }) {
  const query = useQuery({ ...homepageQuery(), enabled: isAdmin });
  return (
    <SettingsSection title="Homepage Content" description="Texts around the hotlist on / and the home page's search and social tags." query={query}>
      {(data) => <HomepageForm initial={data} />}
    </SettingsSection>
  );
}

function HomepageForm({ initial }: { initial: Homepage }) {
  const form = useForm('homepage', () => ({
    title: initial.title,
    introText: initial.introText,
    seoText: initial.seoText,
    metaTitle: text(initial.metaTitle),
    metaDescription: text(initial.metaDescription),
    ogTitle: text(initial.ogTitle),
    ogDescription: text(initial.ogDescription),
    ogImage: text(initial.ogImage),
  }));
  const { values, set, errors, id } = form;
  const save = useUpdateHomepage();

  return (
    <SettingsForm saveLabel="Update Homepage Content" pending={save.isPending}
      onSubmit={() => { if (form.check(homepageInputSchema, values).ok) save.mutate(values); }}>
      <TextField id={id('title')} label="Page title" value={values.title} error={errors.title} max={200} onChange={(v) => set('title', v)} />
      <RichTextEditor id={id('introText')} label="Intro text (shown before the hotlist)" value={values.introText} error={errors.introText}
        onChange={(v) => set('introText', v)} />
      <RichTextEditor id={id('seoText')} label="SEO text (shown after the hotlist)" value={values.seoText} error={errors.seoText}
        onChange={(v) => set('seoText', v)} />
      <SeoAndSharingSections form={form} />
    </SettingsForm>
  );
}
