// Page content of a listing page (/chains or /providers): sub-tabs Content, SEO Meta and Social Media,
// saved together with 'Save Changes' (PUT /api/admin/category/{name}).
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { categoryContentInputSchema } from '../../contract/admin.ts';
import type { CategoryContent } from '../../contract/content.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useUpdateCategory } from '../data/admin/content.ts';
import { categoryQuery, type CategoryName } from '../data/content.ts';
import { OpenGraphFields, SeoFields } from './field-groups.tsx';
import { TextField } from './fields.tsx';
import { Bind, formValues, useAdminForm } from './form.tsx';
import { SaveButton } from './parts.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

// Which sub-tab holds a field, in the order the fields come, so a validation error can be shown where it is.
const fieldTab: Record<string, string> = {
  title: 'content',
  contentHtml: 'content',
  metaTitle: 'seo',
  metaDescription: 'seo',
  ogTitle: 'social',
  ogDescription: 'social',
  ogImage: 'social',
};

const subTab =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function CategoryContentEditor({ category, enabled }: { category: CategoryName; enabled: boolean }) {
  const { data, dataUpdatedAt, isFetching } = useQuery({ ...categoryQuery(category), enabled });
  const label = category === 'chains' ? 'Chains' : 'Providers';
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle>{label} page content</CardTitle>
        <p className="text-sm text-slate-600">
          Shown at the top of the /{category} listing page, with its search and social tags.
        </p>
      </CardHeader>
      <CardContent>
        {/* Keyed by the fetch time: a save brings the stored (sanitised) version back into the form. Not shown
            while a read is under way, so nothing typed is replaced by an answer arriving (e.g. the copy restored
            from the device being checked again after sign-in). */}
        {data && !isFetching ? (
          <CategoryForm key={dataUpdatedAt} category={category} label={label} initial={data} />
        ) : (
          <Skeleton className="h-64" />
        )}
      </CardContent>
    </Card>
  );
}

function CategoryForm({
  category,
  label,
  initial,
}: {
  category: CategoryName;
  label: string;
  initial: CategoryContent;
}) {
  const form = useAdminForm(`category-${category}`, {
    schema: categoryContentInputSchema,
    values: formValues(categoryContentInputSchema, initial),
  });
  const save = useUpdateCategory(category);
  const [tab, setTab] = useState('content');

  const submit = form.handleSubmit(
    (input) => save.mutate(input),
    (errors) => {
      // Open the sub-tab of the first wrong field at once, so the focus that follows lands on something visible.
      const first = Object.keys(fieldTab).find((field) => field in errors);
      if (first) flushSync(() => setTab(fieldTab[first]));
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label={`${label} page content`}
          className="mb-4 inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
        >
          <Tabs.Trigger value="content" className={subTab}>
            Content
          </Tabs.Trigger>
          <Tabs.Trigger value="seo" className={subTab}>
            SEO Meta
          </Tabs.Trigger>
          <Tabs.Trigger value="social" className={subTab}>
            Social Media
          </Tabs.Trigger>
        </Tabs.List>
        {/* Mounted while hidden, so the rich-text editor keeps its content when switching sub-tabs. */}
        <Tabs.Content value="content" forceMount className="grid gap-4 data-[state=inactive]:hidden">
          <Bind form={form} name="title">
            {(f) => <TextField {...f} label="Page title" max={200} />}
          </Bind>
          <Bind form={form} name="contentHtml">
            {(f) => <RichTextEditor {...f} label="Content" />}
          </Bind>
        </Tabs.Content>
        <Tabs.Content value="seo" forceMount className="grid gap-4 data-[state=inactive]:hidden">
          <SeoFields
            form={form}
            titleLabel="Meta title"
            descriptionLabel="Meta description"
            descriptionHint="Recommended length: 150-160 characters."
          />
        </Tabs.Content>
        <Tabs.Content value="social" forceMount className="grid gap-4 data-[state=inactive]:hidden">
          <OpenGraphFields form={form} />
        </Tabs.Content>
      </Tabs.Root>
      <div className="mt-6 flex justify-end">
        <SaveButton label="Save Changes" pending={save.isPending} />
      </div>
    </form>
  );
}
