// CSV export (GET /api/admin/export/csv) and import (POST /api/admin/import/csv, multipart field csvFile):
// upsert by slug, all or nothing in one transaction; rows identical to the database are not written at all.
import { createRouter } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { readMultipart } from '../objects/multipart.ts';
import { getAbout, getHomepage, updateAbout, updateHomepage } from '../../sql/queries/content.ts';
import {
  insertCsvRows,
  listChainsForCsv,
  listProvidersForCsv,
  replaceCsvChainLinks,
  saveCsvEditorialReviews,
  updateCsvRows,
} from '../../sql/queries/csv.ts';
import type { CsvImportResponse } from '../../contract/admin.ts';
import {
  changedValues,
  importRefused,
  readCsv,
  toCsv,
  type CsvImport,
  type ImportedChain,
  type ImportedProvider,
  type RowError,
} from './csv-format.ts';

type ProviderColumns = Omit<ImportedProvider, 'chainSlugs' | 'editorial'>;

/** The import's file limit: a 10,000-provider file with 50 chains each is 7.2 MB (bench/scale.ts). */
const MAX_CSV_MB = 20;

async function applyImport(tx: Queryable, file: CsvImport, adminId: number | null) {
  // Rows are sorted into new, changed and unchanged here, then written a few statements for the whole
  // file (sql/queries/csv.ts); unchanged rows are not written at all.
  const currentChains = new Map((await listChainsForCsv(tx)).map((c) => [c.slug, c]));
  const newChains: ImportedChain[] = [];
  const changedChains: (ImportedChain & { id: number })[] = [];
  for (const { values } of file.chains) {
    const current = currentChains.get(values.slug);
    if (!current) newChains.push(values);
    else if (Object.keys(changedValues(values, current)).length) changedChains.push({ ...values, id: current.id });
  }
  await updateCsvRows(tx, 'chains', changedChains);
  // Chains of the file exist now, so a provider may link to a chain the same file creates.
  const chainIds = new Map([...currentChains].map(([slug, c]) => [slug, c.id]));
  for (const [slug, id] of await insertCsvRows(tx, 'chains', newChains)) chainIds.set(slug, id);

  const currentProviders = new Map(
    (
      await listProvidersForCsv(
        tx,
        file.providers.map((p) => p.values.slug),
      )
    ).map((p) => [p.slug, p]),
  );
  const errors: RowError[] = [];
  const newProviders: ProviderColumns[] = [];
  const changedProviders: (ProviderColumns & { id: number })[] = [];
  const relinked: { slug: string; chainIds: number[] }[] = [];
  const editorials: { slug: string; rating: number; content: string }[] = [];
  for (const { row, values } of file.providers) {
    const { chainSlugs, editorial, ...columns } = values;
    const unknown = chainSlugs.filter((s) => !chainIds.has(s));
    if (unknown.length) {
      errors.push({ row, message: `Chains: no chain has the slug ${unknown.map((s) => `"${s}"`).join(', ')}` });
      continue;
    }
    const current = currentProviders.get(values.slug);
    if (!current) newProviders.push(columns);
    else if (Object.keys(changedValues(columns, current)).length) changedProviders.push({ ...columns, id: current.id });
    const sameChains =
      current &&
      current.chainSlugs.length === chainSlugs.length &&
      chainSlugs.every((s) => current.chainSlugs.includes(s));
    if (!sameChains) relinked.push({ slug: values.slug, chainIds: chainSlugs.map((s) => chainIds.get(s)!) });
    // An empty editorial cell pair leaves the provider's editorial review as it is.
    const sameEditorial =
      current &&
      editorial &&
      current.editorialRating === editorial.rating &&
      current.editorialContent === editorial.content;
    if (editorial && !sameEditorial) editorials.push({ slug: values.slug, ...editorial });
  }
  if (errors.length) throw importRefused(errors); // rolls the whole transaction back (the chains written above)

  await updateCsvRows(tx, 'providers', changedProviders);
  const newIds = await insertCsvRows(tx, 'providers', newProviders);
  const providerId = (slug: string) => currentProviders.get(slug)?.id ?? newIds.get(slug)!;
  await replaceCsvChainLinks(
    tx,
    relinked.map((l) => ({ providerId: providerId(l.slug), chainIds: l.chainIds })),
  );
  await saveCsvEditorialReviews(
    tx,
    adminId,
    editorials.map(({ slug, ...e }) => ({ providerId: providerId(slug), ...e })),
  );

  if (file.about) {
    const changed = changedValues(file.about, await getAbout(tx));
    if (Object.keys(changed).length) await updateAbout(tx, changed);
  }
  if (file.homepage) {
    const changed = changedValues(file.homepage, await getHomepage(tx));
    if (Object.keys(changed).length) await updateHomepage(tx, changed);
  }
}

export function adminCsvRoutes() {
  const router = createRouter('/api/admin');

  router.get('/export/csv', requireAdmin, async (ctx) => {
    // One snapshot: the four reads see the same committed state.
    const csv = await ctx.sql.begin('isolation level repeatable read read only', async (tx) => {
      const [chains, providers, about, homepage] = [
        await listChainsForCsv(tx),
        await listProvidersForCsv(tx),
        await getAbout(tx),
        await getHomepage(tx),
      ];
      return toCsv(chains, providers, about, homepage);
    });
    const date = new Date().toISOString().slice(0, 10);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`rpc-atlas-export-${date}.csv`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = csv;
  });

  router.post('/import/csv', requireAdmin, async (ctx) => {
    const { files } = await readMultipart(ctx, {
      maxFileSize: MAX_CSV_MB * 1024 * 1024,
      tooLarge: () => `File too large - Please select a CSV file smaller than ${MAX_CSV_MB}MB.`,
    });
    const upload = files.csvFile;
    if (!upload) throw new HttpError(400, 'No file selected - Please select a CSV file to import.');
    if (!upload.originalFilename?.toLowerCase().endsWith('.csv'))
      throw new HttpError(400, 'Invalid file type - Please select a CSV file.');
    let content: string;
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(upload.bytes);
    } catch {
      throw new HttpError(400, 'The CSV file must be UTF-8 text');
    }
    const file = readCsv(content);
    await ctx.sql.begin((tx) => applyImport(tx, file, ctx.state.user?.id ?? null));
    const answer: CsvImportResponse = { imported: { chains: file.chains.length, providers: file.providers.length } };
    ctx.body = answer;
  });

  return router;
}
