// The CSV file format of export and import: the fixed columns (contract/admin.ts), one row per chain, provider, the about
// page and the homepage (Type chain|provider|about|homepage), and formula-injection neutralising that
// import undoes exactly, so export → import changes nothing.
import { stringify } from 'csv-stringify/sync';
import { parse as parseCsv, CsvError } from 'csv-parse/sync';
import { z } from 'zod';
import type { AboutRow, HomepageRow } from '../../sql/queries/content.ts';
import type { CsvChainRow, CsvProviderRow } from '../../sql/queries/csv.ts';
import { HttpError, describeIssues } from '../middleware/errors.ts';
import { sanitizeRichHtml } from '../lib/sanitize.ts';
import { DEFAULT_COLOR } from '../../contract/fields.ts';
import {
  aboutInputSchema,
  chainCreateSchema,
  CSV_COLUMNS,
  editorialReviewInputSchema,
  homepageInputSchema,
  providerCreateSchema,
} from '../../contract/admin.ts';

type Column = (typeof CSV_COLUMNS)[number];
type Cells = Partial<Record<Column, string>>;

// A spreadsheet treats a cell starting with one of these as a formula. The apostrophe itself is in the
// set so that a value which really starts with one survives the round trip.
const NEEDS_GUARD = /^[=+\-@\t\r']/;
export const neutralise = (value: string) => (NEEDS_GUARD.test(value) ? `'${value}` : value);
export const restore = (value: string) =>
  value.startsWith("'") && NEEDS_GUARD.test(value.slice(1)) ? value.slice(1) : value;

/** Chains cell: chain slugs separated by ";". */
const CHAIN_SEPARATOR = ';';

const text = (v: string | null | undefined) => v ?? '';

export function toCsv(
  chains: CsvChainRow[],
  providers: CsvProviderRow[],
  about: AboutRow,
  homepage: HomepageRow,
): string {
  const rows: Cells[] = [
    ...chains.map((c): Cells => ({
      Type: 'chain',
      Name: c.name,
      Slug: c.slug,
      Title: text(c.title),
      Description: c.description,
      DetailedDescription: c.detailedDescription,
      Website: text(c.websiteUrl),
      IconUrl: text(c.iconUrl),
      Color: c.color,
      MetaTitle: text(c.metaTitle),
      MetaDescription: text(c.metaDescription),
      OgTitle: text(c.ogTitle),
      OgDescription: text(c.ogDescription),
      OgImage: text(c.ogImage),
      CreatedAt: c.createdAt.toISOString(),
      UpdatedAt: c.updatedAt.toISOString(),
    })),
    ...providers.map((p): Cells => ({
      Type: 'provider',
      Name: p.name,
      Slug: p.slug,
      Description: p.description,
      DetailedDescription: p.detailedDescription,
      Website: text(p.website),
      LogoUrl: text(p.logoUrl),
      IconUrl: text(p.iconUrl),
      Color: p.color,
      MetaTitle: text(p.metaTitle),
      MetaDescription: text(p.metaDescription),
      NofollowLinks: String(p.nofollowLinks),
      OgTitle: text(p.ogTitle),
      OgDescription: text(p.ogDescription),
      OgImage: text(p.ogImage),
      EditorialRating: p.editorialRating === null ? '' : String(p.editorialRating),
      EditorialContent: text(p.editorialContent),
      Chains: p.chainSlugs.join(CHAIN_SEPARATOR),
      CreatedAt: p.createdAt.toISOString(),
      UpdatedAt: p.updatedAt.toISOString(),
    })),
    {
      Type: 'about',
      Title: about.title,
      Content: about.content,
      MetaTitle: text(about.metaTitle),
      MetaDescription: text(about.metaDescription),
      OgTitle: text(about.ogTitle),
      OgDescription: text(about.ogDescription),
      OgImage: text(about.ogImage),
      UpdatedAt: about.updatedAt.toISOString(),
    },
    {
      Type: 'homepage',
      Title: homepage.title,
      IntroText: homepage.introText,
      SeoText: homepage.seoText,
      MetaTitle: text(homepage.metaTitle),
      MetaDescription: text(homepage.metaDescription),
      OgTitle: text(homepage.ogTitle),
      OgDescription: text(homepage.ogDescription),
      OgImage: text(homepage.ogImage),
      UpdatedAt: homepage.updatedAt.toISOString(),
    },
  ];
  const records = rows.map((r) => CSV_COLUMNS.map((col) => neutralise(r[col] ?? '')));
  // A BOM so spreadsheet programs read the file as UTF-8.
  return stringify([[...CSV_COLUMNS], ...records], { bom: true, record_delimiter: 'windows' });
}

// ---------- import ----------

const chainCsvSchema = chainCreateSchema.pick({
  name: true,
  slug: true,
  title: true,
  description: true,
  detailedDescription: true,
  websiteUrl: true,
  iconUrl: true,
  color: true,
  metaTitle: true,
  metaDescription: true,
  ogTitle: true,
  ogDescription: true,
  ogImage: true,
});
const providerCsvSchema = providerCreateSchema.pick({
  name: true,
  slug: true,
  description: true,
  detailedDescription: true,
  website: true,
  logoUrl: true,
  iconUrl: true,
  color: true,
  metaTitle: true,
  metaDescription: true,
  nofollowLinks: true,
  ogTitle: true,
  ogDescription: true,
  ogImage: true,
});
const booleanCell = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['', 'true', 'false', 'yes', 'no', '1', '0'].includes(v), 'NofollowLinks must be true or false')
  .transform((v) => v === 'true' || v === 'yes' || v === '1');
const ratingCell = z
  .string()
  .trim()
  .regex(/^[1-5]$/, 'EditorialRating must be a whole number from 1 to 5')
  .transform(Number);

export type ImportedChain = z.output<typeof chainCsvSchema>;
export type ImportedProvider = z.output<typeof providerCsvSchema> & {
  chainSlugs: string[];
  editorial: z.output<typeof editorialReviewInputSchema> | null;
};
export type CsvImport = {
  chains: { row: number; values: ImportedChain }[];
  providers: { row: number; values: ImportedProvider }[];
  about?: z.output<typeof aboutInputSchema>;
  homepage?: z.output<typeof homepageInputSchema>;
};
export type RowError = { row: number; message: string };

/** The 400 answer for a file that cannot be imported: every reason with its row number. */
export function importRefused(errors: RowError[]): HttpError {
  const shown = errors
    .slice(0, 20)
    .map((e) => `row ${e.row}: ${e.message}`)
    .join('; ');
  const more = errors.length > 20 ? `; and ${errors.length - 20} more` : '';
  return new HttpError(400, `Nothing was imported. ${shown}${more}`, errors);
}

/** Parses and validates the whole file; throws a 400 listing every bad row. Nothing touches the database. */
export function readCsv(content: string): CsvImport {
  let records: string[][];
  try {
    records = parseCsv(content, { bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (err) {
    if (err instanceof CsvError) throw new HttpError(400, `The CSV file could not be read: ${err.message}`);
    throw err;
  }
  const [header, ...body] = records;
  if (!header) throw new HttpError(400, 'The CSV file is empty');
  const position = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  const missing = CSV_COLUMNS.filter((c) => !position.has(c.toLowerCase()));
  if (missing.length) throw new HttpError(400, `The CSV file lacks the column(s) ${missing.join(', ')}`);

  const result: CsvImport = { chains: [], providers: [] };
  const errors: RowError[] = [];
  const firstRowOf = { chain: new Map<string, number>(), provider: new Map<string, number>() };

  body.forEach((record, index) => {
    const row = index + 2; // the header is row 1
    const cell = (col: Column) => restore(record[position.get(col.toLowerCase())!] ?? '');
    const fail = (message: string) => errors.push({ row: row, message });
    const check = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | undefined => {
      const parsed = schema.safeParse(input);
      if (!parsed.success) fail(describeIssues(parsed.error));
      return parsed.success ? parsed.data : undefined;
    };
    const seo = () => ({
      metaTitle: cell('MetaTitle'),
      metaDescription: cell('MetaDescription'),
      ogTitle: cell('OgTitle'),
      ogDescription: cell('OgDescription'),
      ogImage: cell('OgImage'),
    });
    const type = cell('Type').trim().toLowerCase();

    if (type === 'chain' || type === 'provider') {
      const slug = cell('Slug').trim().toLowerCase();
      const earlier = firstRowOf[type].get(slug);
      if (slug && earlier !== undefined) return fail(`the ${type} slug "${slug}" is already used on row ${earlier}`);
      firstRowOf[type].set(slug, row);
    }
    const common = () => ({
      name: cell('Name'),
      slug: cell('Slug'),
      description: cell('Description'),
      detailedDescription: sanitizeRichHtml(cell('DetailedDescription')),
      iconUrl: cell('IconUrl'),
      color: cell('Color').trim() || DEFAULT_COLOR,
      ...seo(),
    });

    switch (type) {
      case 'chain': {
        const values = check(chainCsvSchema, { ...common(), title: cell('Title'), websiteUrl: cell('Website') });
        if (values) result.chains.push({ row, values });
        return;
      }
      case 'provider': {
        const values = check(providerCsvSchema, {
          ...common(),
          website: cell('Website'),
          logoUrl: cell('LogoUrl'),
          nofollowLinks: check(booleanCell, cell('NofollowLinks')),
        });
        const rating = cell('EditorialRating').trim();
        const content = sanitizeRichHtml(cell('EditorialContent'));
        let editorial: ImportedProvider['editorial'] = null;
        if (rating || content) {
          if (!rating || !content) return fail('EditorialRating and EditorialContent must be given together');
          const stars = check(ratingCell, rating);
          if (stars !== undefined) editorial = { rating: stars, content };
        }
        const chainSlugs = cell('Chains')
          .split(CHAIN_SEPARATOR)
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean);
        if (values)
          result.providers.push({ row, values: { ...values, chainSlugs: [...new Set(chainSlugs)], editorial } });
        return;
      }
      case 'about': {
        if (result.about) return fail('the about page appears twice');
        result.about = check(aboutInputSchema, {
          title: cell('Title'),
          content: sanitizeRichHtml(cell('Content')),
          ...seo(),
        });
        return;
      }
      case 'homepage': {
        if (result.homepage) return fail('the homepage appears twice');
        result.homepage = check(homepageInputSchema, {
          title: cell('Title'),
          introText: sanitizeRichHtml(cell('IntroText')),
          seoText: sanitizeRichHtml(cell('SeoText')),
          ...seo(),
        });
        return;
      }
      default:
        fail(`Type must be chain, provider, about or homepage (got "${cell('Type')}")`);
    }
  });
  if (errors.length) throw importRefused(errors);
  return result;
}

/** The keys of `next` whose value differs from `current` (so an unchanged row is not written at all). */
export function changedValues<T extends object>(
  next: T,
  current: object,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const before = current as Record<string, unknown>;
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== undefined && v !== before[k])) as never;
}
