// Groups of fields that several admin forms share: name with its slug, colour, social links, SEO and Open
// Graph. Apart from fields.tsx because the Open Graph group holds an ImageUploader, which itself uses fields.tsx.
import { useState } from 'react';
import { DEFAULT_COLOR, SEO_DESCRIPTION_MAX, SEO_LABELS, SEO_TITLE_MAX } from '../../contract/admin.ts';
import { SOCIAL_LINKS, socialLinkLabel, type SocialLinkName } from '../../contract/social-links.ts';
import { Input } from '../components/ui/input.tsx';
import { slugify } from '../lib/slug.ts';
import { Field, FormSection, TextField } from './fields.tsx';
import { Bind, groupView, type AdminForm } from './form.tsx';
import { ImageUploader } from './image-uploader.tsx';

/** Name and slug, both required; a new item's slug follows its name until the admin edits the slug. */
export function NameSlugFields<T extends Record<'name' | 'slug', string>, O>({
  form: wide,
  path,
  editing,
}: {
  form: AdminForm<T, O>;
  /** The public path before the slug, e.g. "/chains/". */
  path: string;
  editing: boolean;
}) {
  const form = groupView<'name' | 'slug', T, O>(wide);
  const [slugEdited, setSlugEdited] = useState(editing);
  return (
    <>
      <Bind form={form} name="name">
        {(f) => (
          <TextField
            {...f}
            label="Name"
            required
            onChange={(v) => {
              f.onChange(v);
              if (!slugEdited) form.setValue('slug', slugify(v), { shouldValidate: form.formState.isSubmitted });
            }}
          />
        )}
      </Bind>
      <Bind form={form} name="slug">
        {(f) => (
          <TextField
            {...f}
            label="Slug"
            required
            hint={`Lowercase letters, digits and hyphens; the page lives at ${path}{slug}.`}
            onChange={(v) => {
              f.onChange(v);
              setSlugEdited(true);
            }}
          />
        )}
      </Bind>
    </>
  );
}

/** A hex colour, typed or picked (the picker shows the default while the typed value is not a colour yet). */
export function ColorField<T extends Record<'color', string>, O>({
  form,
  hint,
  className,
}: {
  form: AdminForm<T, O>;
  hint?: string;
  className?: string;
}) {
  return (
    <Bind form={groupView<'color', T, O>(form)} name="color">
      {({ id, value, onChange, onBlur, inputRef, error }) => (
        <Field id={id} label="Colour" error={error} hint={hint} className={className}>
          <div className="flex gap-2">
            <input
              type="color"
              aria-label="Pick colour"
              value={/^#[0-9a-f]{6}$/i.test(value) ? value : DEFAULT_COLOR}
              onChange={(e) => onChange(e.target.value)}
              className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
            />
            <Input
              id={id}
              ref={inputRef}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
            />
          </div>
        </Field>
      )}
    </Bind>
  );
}

export function SocialFields<T extends Record<SocialLinkName, string>, O>({ form: wide }: { form: AdminForm<T, O> }) {
  const form = groupView<SocialLinkName, T, O>(wide);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SOCIAL_LINKS.map((link) => (
        <Bind key={link.name} form={form} name={link.name}>
          {(f) => <TextField {...f} label={socialLinkLabel(link)} type="url" placeholder="https://" />}
        </Bind>
      ))}
    </div>
  );
}

type SeoKey = 'metaTitle' | 'metaDescription';
type OpenGraphKey = 'ogTitle' | 'ogDescription' | 'ogImage';

/** Meta title (max 60) and description (max 160). Entity and page forms say "SEO …"; the category editor "Meta …". */
export function SeoFields<T extends Record<SeoKey, string>, O>({
  form: wide,
  titleLabel = SEO_LABELS.metaTitle,
  descriptionLabel = SEO_LABELS.metaDescription,
  descriptionHint,
}: {
  form: AdminForm<T, O>;
  titleLabel?: string;
  descriptionLabel?: string;
  descriptionHint?: string;
}) {
  const form = groupView<SeoKey, T, O>(wide);
  return (
    <>
      <Bind form={form} name="metaTitle">
        {(f) => <TextField {...f} label={titleLabel} max={SEO_TITLE_MAX} />}
      </Bind>
      <Bind form={form} name="metaDescription">
        {(f) => (
          <TextField {...f} label={descriptionLabel} multiline max={SEO_DESCRIPTION_MAX} hint={descriptionHint} />
        )}
      </Bind>
    </>
  );
}

/** Open Graph title (max 60), description (max 160) and image (upload or URL): what a shared link shows. */
export function OpenGraphFields<T extends Record<OpenGraphKey, string>, O>({ form: wide }: { form: AdminForm<T, O> }) {
  const form = groupView<OpenGraphKey, T, O>(wide);
  return (
    <>
      <Bind form={form} name="ogTitle">
        {(f) => <TextField {...f} label={SEO_LABELS.ogTitle} max={SEO_TITLE_MAX} />}
      </Bind>
      <Bind form={form} name="ogDescription">
        {(f) => <TextField {...f} label={SEO_LABELS.ogDescription} multiline max={SEO_DESCRIPTION_MAX} />}
      </Bind>
      <Bind form={form} name="ogImage">
        {(f) => (
          <ImageUploader
            {...f}
            label={SEO_LABELS.ogImage}
            folder="images"
            hint="Shown when the page is shared; 1200×630 works best."
          />
        )}
      </Bind>
    </>
  );
}

/** The "SEO" and "Open Graph" sections of the chain, provider, about and homepage forms. */
export function SeoAndSharingSections<T extends Record<SeoKey | OpenGraphKey, string>, O>({
  form,
}: {
  form: AdminForm<T, O>;
}) {
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
