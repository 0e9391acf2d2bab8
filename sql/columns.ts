// Column lists declared once: a table's plain columns as an `as const` object of camelCase name → type (rows
// carry camelCase names: the client's transform). The SELECT list, the row type and the presenters' copy of
// those fields all come from it, so a new column is written in its migration, the contract and its list.
import type { Queryable } from './db-types.ts';

type ColumnTypes = {
  int: number;
  'int?': number | null;
  float: number;
  text: string;
  'text?': string | null;
  bool: boolean;
};
export type Columns = Readonly<Record<string, keyof ColumnTypes>>;
/** The SEO fields every page-like row stores: chains, providers and the site's content pages. */
export const seoColumns = {
  metaTitle: 'text?',
  metaDescription: 'text?',
  ogTitle: 'text?',
  ogDescription: 'text?',
  ogImage: 'text?',
} as const;

/** The social links and SEO fields chains and providers both store (contract/fields.ts has their answer shapes). */
export const socialAndSeoColumns = {
  twitterUrl: 'text?',
  discordUrl: 'text?',
  telegramUrl: 'text?',
  githubUrl: 'text?',
  linkedinUrl: 'text?',
  ...seoColumns,
} as const;

export type RowOf<C extends Columns> = { -readonly [K in keyof C]: ColumnTypes[C[K]] };

/** The columns as `alias.column, …` for a SELECT (snake_cased by the client's transform). */
export const selectColumns = (sql: Queryable, alias: string, columns: Columns) =>
  sql(Object.keys(columns).map((name) => `${alias}.${name}`));

/** The listed columns of a row (a row may carry more: computed fields, a page key). */
export function pickColumns<C extends Columns>(row: RowOf<C>, columns: C): RowOf<C> {
  const picked: Partial<Record<keyof C, unknown>> = {};
  for (const name of Object.keys(columns) as (keyof C)[]) picked[name] = row[name];
  // Every key of C was copied from a row of type RowOf<C>.
  return picked as RowOf<C>;
}
