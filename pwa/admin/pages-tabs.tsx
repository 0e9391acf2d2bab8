// About and Homepage tabs: the page's texts and its search / social fields (spec 001 §2).
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { aboutInputSchema, homepageInputSchema, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../api/admin/schema.ts';
import type { About, Homepage } from '../../api/content/schema.ts';
import { Card, CardContent } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useUpdateAbout, useUpdateHomepage } from '../data/admin.ts';
import { aboutQuery, homepageQuery } from '../data/content.ts';
import { focusFirstError, FormSection, text, TextField, useForm, validate } from './form.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { SaveButton, SectionHeader } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

export function AboutTab({ isAdmin }: { isAdmin: boolean }) {
  const { data, dataUpdatedAt } = useQuery({ ...aboutQuery(), enabled: isAdmin });
  return (
    <section>
      <SectionHeader title="About Page" description="The /about page's text and its search result snippet." />
      {/* Keyed by the fetch time: after a save the form shows the stored (sanitised) version. */}
      {data ? <AboutForm key={dataUpdatedAt} initial={data} /> : <Skeleton className="h-96" />}
    </section>
  );
}

function AboutForm({ initial }: { initial: About }) {
  const form = useForm(() => ({
    title: initial.title,
    content: initial.content,
    metaTitle: text(initial.metaTitle),
    metaDescription: text(initial.metaDescription),
  }));
  const { values, set, errors } = form;
  const save = useUpdateAbout();

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = validate(aboutInputSchema, values);
    if (!result.ok) {
      form.setErrors(result.errors);
      focusFirstError(result.errors, 'about');
      return;
    }
    save.mutate(values);
  }

  return (
    <Card>
      <CardContent className="pt-5">
        <form onSubmit={submit} noValidate className="grid gap-5">
          <TextField id="about-title" label="Page title" value={values.title} error={errors.title} max={200} onChange={(v) => set('title', v)} />
          <RichTextEditor id="about-content" label="Content" value={values.content} error={errors.content} onChange={(v) => set('content', v)} minHeight="min-h-64" />
          <FormSection title="SEO">
            <TextField id="about-metaTitle" label="SEO title" max={SEO_TITLE_MAX} value={values.metaTitle} error={errors.metaTitle}
              onChange={(v) => set('metaTitle', v)} />
            <TextField id="about-metaDescription" label="SEO description" multiline max={SEO_DESCRIPTION_MAX} value={values.metaDescription}
              error={errors.metaDescription} onChange={(v) => set('metaDescription', v)} />
          </FormSection>
          <div className="flex justify-end"><SaveButton label="Update About Page" pending={save.isPending} /></div>
        </form>
      </CardContent>
    </Card>
  );
}

export function HomepageTab({ isAdmin }: { isAdmin: boolean }) {
  const { data, dataUpdatedAt } = useQuery({ ...homepageQuery(), enabled: isAdmin });
  return (
    <section>
      <SectionHeader title="Homepage Content" description="Texts around the hotlist on / and the home page's search and social tags." />
      {data ? <HomepageForm key={dataUpdatedAt} initial={data} /> : <Skeleton className="h-96" />}
    </section>
  );
}

function HomepageForm({ initial }: { initial: Homepage }) {
  const form = useForm(() => ({
    title: initial.title,
    introText: initial.introText,
    seoText: initial.seoText,
    metaTitle: text(initial.metaTitle),
    metaDescription: text(initial.metaDescription),
    ogTitle: text(initial.ogTitle),
    ogDescription: text(initial.ogDescription),
    ogImage: text(initial.ogImage),
  }));
  const { values, set, errors } = form;
  const save = useUpdateHomepage();

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = validate(homepageInputSchema, values);
    if (!result.ok) {
      form.setErrors(result.errors);
      focusFirstError(result.errors, 'homepage');
      return;
    }
    save.mutate(values);
  }

  return (
    <Card>
      <CardContent className="pt-5">
        <form onSubmit={submit} noValidate className="grid gap-5">
          <TextField id="homepage-title" label="Page title" value={values.title} error={errors.title} max={200} onChange={(v) => set('title', v)} />
          <RichTextEditor id="homepage-introText" label="Intro text (shown before the hotlist)" value={values.introText} error={errors.introText}
            onChange={(v) => set('introText', v)} />
          <RichTextEditor id="homepage-seoText" label="SEO text (shown after the hotlist)" value={values.seoText} error={errors.seoText}
            onChange={(v) => set('seoText', v)} />
          <FormSection title="SEO">
            <TextField id="homepage-metaTitle" label="SEO title" max={SEO_TITLE_MAX} value={values.metaTitle} error={errors.metaTitle}
              onChange={(v) => set('metaTitle', v)} />
            <TextField id="homepage-metaDescription" label="SEO description" multiline max={SEO_DESCRIPTION_MAX} value={values.metaDescription}
              error={errors.metaDescription} onChange={(v) => set('metaDescription', v)} />
          </FormSection>
          <FormSection title="Open Graph (social sharing)">
            <TextField id="homepage-ogTitle" label="Open Graph title" max={SEO_TITLE_MAX} value={values.ogTitle} error={errors.ogTitle}
              onChange={(v) => set('ogTitle', v)} />
            <TextField id="homepage-ogDescription" label="Open Graph description" multiline max={SEO_DESCRIPTION_MAX} value={values.ogDescription}
              error={errors.ogDescription} onChange={(v) => set('ogDescription', v)} />
            <ImageUploader id="homepage-ogImage" label="Open Graph image" folder="images" value={values.ogImage} error={errors.ogImage}
              onChange={(v) => set('ogImage', v)} hint="Shown when the home page is shared; 1200×630 works best." />
          </FormSection>
          <div className="flex justify-end"><SaveButton label="Update Homepage Content" pending={save.isPending} /></div>
        </form>
      </CardContent>
    </Card>
  );
}
