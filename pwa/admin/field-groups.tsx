// Groups of fields that several admin forms share: name with its slug, colour, social links, SEO and Open
// Graph. Apart from form.tsx because the Open Graph group holds an ImageUploader, which itself uses form.tsx.
import { useState } from 'react';
import { DEFAULT_COLOR, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../contract/admin.ts';
import { Input } from '../components/ui/input.tsx';
import { Field, FormSection, slugify, TextField, type FormFields } from './form.tsx';
import { ImageUploader } from './image-uploader.tsx';

/** Name and slug, both required; a new item's slug follows its name until the admin edits the slug. */
export function NameSlugFields({ form, path, editing }: {
  form: FormFields<'name' | 'slug'>;
  /** The public path before the slug, e.g. "/chains/". */
  path: string;
  editing: boolean;
}) {
  const [slugEdited, setSlugEdited] = useState(editing);
  const { values, errors, set, id } = form;
  return (
    <>
      <TextField id={id('name')} label="Name" required value={values.name} error={errors.name}
        onChange={(v) => { set('name', v); if (!slugEdited) set('slug', slugify(v)); }} />
      <TextField id={id('slug')} label="Slug" required value={values.slug} error={errors.slug}
        hint={`Lowercase letters, digits and hyphens; the page lives at ${path}{slug}.`}
        onChange={(v) => { set('slug', v); setSlugEdited(true); }} />
    </>
  );
}

/** A hex colour, typed or picked (the picker shows the default while the typed value is not a colour yet). */
export function ColorField({ form, hint, className }: { form: FormFields<'color'>; hint?: string; className?: string }) {
  const { values, errors, set, id } = form;
  return (
    <Field id={id('color')} label="Colour" error={errors.color} hint={hint} className={className}>
      <div className="flex gap-2">
        <input type="color" aria-label="Pick colour" value={/^#[0-9a-f]{6}$/i.test(values.color) ? values.color : DEFAULT_COLOR}
          onChange={(e) => set('color', e.target.value)} className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1" />
        <Input id={id('color')} value={values.color} onChange={(e) => set('color', e.target.value)} aria-invalid={errors.color ? true : undefined} />
      </div>
    </Field>
  );
}

const SOCIAL_FIELDS = [
  ['twitterUrl', 'Twitter URL'], ['discordUrl', 'Discord URL'], ['telegramUrl', 'Telegram URL'],
  ['githubUrl', 'GitHub URL'], ['linkedinUrl', 'LinkedIn URL'],
] as const;
type SocialKey = (typeof SOCIAL_FIELDS)[number][0];

export function SocialFields({ form }: { form: FormFields<SocialKey> }) {
  const { values, errors, set, id } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SOCIAL_FIELDS.map(([key, label]) => (
        <TextField key={key} id={id(key)} label={label} type="url" placeholder="https://" value={values[key]} error={errors[key]}
          onChange={(v) => set(key, v)} />
      ))}
    </div>
  );
}

/** Meta title (max 60) and description (max 160). Entity and page forms say "SEO …"; the category editor "Meta …". */
export function SeoFields({ form, titleLabel = 'SEO title', descriptionLabel = 'SEO description', descriptionHint }: {
  form: FormFields<'metaTitle' | 'metaDescription'>;
  titleLabel?: string;
  descriptionLabel?: string;
  descriptionHint?: string;
}) {
  const { values, errors, set, id } = form;
  return (
    <>
      <TextField id={id('metaTitle')} label={titleLabel} max={SEO_TITLE_MAX} value={values.metaTitle} error={errors.metaTitle}
        onChange={(v) => set('metaTitle', v)} />
      <TextField id={id('metaDescription')} label={descriptionLabel} multiline max={SEO_DESCRIPTION_MAX} value={values.metaDescription}
        error={errors.metaDescription} hint={descriptionHint} onChange={(v) => set('metaDescription', v)} />
    </>
  );
}

/** Open Graph title (max 60), description (max 160) and image (upload or URL): what a shared link shows. */
export function OpenGraphFields({ form }: { form: FormFields<'ogTitle' | 'ogDescription' | 'ogImage'> }) {
  const { values, errors, set, id } = form;
  return (
    <>
      <TextField id={id('ogTitle')} label="Open Graph title" max={SEO_TITLE_MAX} value={values.ogTitle} error={errors.ogTitle}
        onChange={(v) => set('ogTitle', v)} />
      <TextField id={id('ogDescription')} label="Open Graph description" multiline max={SEO_DESCRIPTION_MAX} value={values.ogDescription}
        error={errors.ogDescription} onChange={(v) => set('ogDescription', v)} />
      <ImageUploader id={id('ogImage')} label="Open Graph image" folder="images" value={values.ogImage} error={errors.ogImage}
        onChange={(v) => set('ogImage', v)} hint="Shown when the page is shared; 1200×630 works best." />
    </>
  );
}

/** The "SEO" and "Open Graph" sections of the chain, provider, about and homepage forms. */
export function SeoAndSharingSections({ form }: { form: FormFields<'metaTitle' | 'metaDescription' | 'ogTitle' | 'ogDescription' | 'ogImage'> }) {
  return (
    <>
      <FormSection title="SEO">
        <SeoFields form={form} />
      </FormSection>
      <FormSection title="Open Graph (social sharing)">
        <OpenGraphFields form={form} />
      </FormSection>
    </>
  );
}
