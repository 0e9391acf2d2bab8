// CSV export and import: the fixed columns, formula neutralising, an exact round trip, and a bad
// file that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { startTestServer, type TestServer } from '../test/harness.ts';
import type { SignedIn } from '../test/sign-in.ts';
import { CSV_COLUMNS, csvImportResponseSchema } from '../../contract/admin.ts';
import { neutralise, restore } from './csv-format.ts';
import { databaseState, signInAdmin } from './test-support.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

async function exportCsv() {
  const res = await admin.fetch('/api/admin/export/csv', { headers: { Accept: 'text/csv' } });
  expect(res.status).toBe(200);
  return { res, text: await res.text() };
}

function importCsv(content: string, filename = 'export.csv', field = 'csvFile') {
  const form = new FormData();
  form.append(field, new Blob([content], { type: 'text/csv' }), filename);
  return admin.fetch('/api/admin/import/csv', { method: 'POST', body: form });
}

const rowsOf = (text: string) => parse(text, { bom: true }) as string[][];

describe('formula neutralising', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', "'=x", "'plain", 'plain', ''])('round-trips %j', (value) => {
    const guarded = neutralise(value);
    expect(/^[=+\-@\t\r]/.test(guarded)).toBe(false);
    expect(restore(guarded)).toBe(value);
  });
});

describe('GET /api/admin/export/csv', () => {
  it('downloads text/csv named with the date, with exactly the fixed columns in order', async () => {
    const { res, text } = await exportCsv();
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="rpc-atlas-export-${date}.csv"`);
    const [header, ...rows] = rowsOf(text);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows.filter((r) => r[0] === 'chain')).toHaveLength(139);
    expect(rows.filter((r) => r[0] === 'provider')).toHaveLength(59);
    expect(rows.filter((r) => r[0] === 'about' || r[0] === 'homepage')).toHaveLength(2);
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const id = (await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = 'ankr'`)[0].id;
    await admin.json('PUT', `/api/admin/providers/${id}`, {
      description: '=HYPERLINK("https://evil.example","click")',
      metaTitle: '@risky',
    });
    const { text } = await exportCsv();
    const row = rowsOf(text).find((r) => r[2] === 'ankr')!;
    expect(row[CSV_COLUMNS.indexOf('Description')]).toBe(`'=HYPERLINK("https://evil.example","click")`);
    expect(row[CSV_COLUMNS.indexOf('MetaTitle')]).toBe("'@risky");
    expect(row[CSV_COLUMNS.indexOf('NofollowLinks')]).toBe('false');
  });

  it('is for admins only', async () => {
    expect((await t.request('/api/admin/export/csv')).status).toBe(401);
  });
});

describe('POST /api/admin/import/csv', () => {
  it('re-importing an export changes nothing at all (editorial reviews, links and page texts included)', async () => {
    const publicnode = (await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = 'publicnode'`)[0].id;
    await admin.json('POST', `/api/admin/providers/${publicnode}/editorial-review`, {
      rating: 4,
      content: '<p>Fast, "free" &amp; <b>open</b></p>',
    });
    await admin.json('PUT', '/api/admin/about', {
      title: 'About',
      content: "<p>Line one\nline two, 'quoted'</p>",
      metaTitle: '-dash first',
    });
    await admin.json('PUT', '/api/admin/homepage', { introText: '<p>Intro</p>', seoText: '<h2>SEO</h2>' });

    const { text } = await exportCsv();
    const before = await databaseState(t);
    const res = await importCsv(text);
    expect(res.status).toBe(200);
    expect(csvImportResponseSchema.parse(await res.json())).toEqual({ imported: { chains: 139, providers: 59 } });
    expect(await databaseState(t)).toBe(before);
    expect((await exportCsv()).text).toBe(text);
  });

  it('upserts by slug: updates what differs, creates new rows, links chains by slug, all in one go', async () => {
    const { text } = await exportCsv();
    const [header, ...rows] = rowsOf(text);
    const col = (name: string) => header.indexOf(name);
    const base = rows.find((r) => r[col('Type')] === 'chain' && r[col('Slug')] === 'base')!;
    base[col('MetaTitle')] = 'Base via CSV';
    const newChain = header.map(() => '');
    Object.assign(newChain, {
      [col('Type')]: 'chain',
      [col('Name')]: 'CSV Chain',
      [col('Slug')]: 'csv-chain',
      [col('Description')]: '-from a file',
    });
    const newProvider = header.map(() => '');
    Object.assign(newProvider, {
      [col('Type')]: 'provider',
      [col('Name')]: 'CSV RPC',
      [col('Slug')]: 'csv-rpc',
      [col('Website')]: 'https://csv-rpc.example',
      [col('NofollowLinks')]: 'TRUE',
      [col('Chains')]: 'csv-chain;base',
      [col('EditorialRating')]: '3',
      [col('EditorialContent')]: '<p>OK<script>alert(1)</script></p>',
      [col('DetailedDescription')]: '<p onclick="x()">Hi</p>',
    });
    const file = [header, base, newChain, newProvider]
      .map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(','))
      .join('\n');
    const res = await importCsv(file, 'CHANGES.CSV');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: { chains: 2, providers: 1 } });

    expect((await t.get('/api/chains/base')).body.metaTitle).toBe('Base via CSV');
    expect((await t.get('/api/chains/csv-chain')).body).toMatchObject({
      name: 'CSV Chain',
      description: '-from a file',
      color: '#3b82f6',
    });
    const provider = (await t.get('/api/providers/csv-rpc')).body;
    expect(provider).toMatchObject({ nofollowLinks: true, detailedDescription: '<p>Hi</p>' });
    expect(provider.chains.map((c: { slug: string }) => c.slug).sort()).toEqual(['base', 'csv-chain']);
    expect(provider.editorialReview).toMatchObject({ rating: 3, content: '<p>OK</p>' });
  });

  it('imports more providers than one statement takes, with their links and editorial reviews, in file order', async () => {
    const { text } = await exportCsv();
    const [header, ...rows] = rowsOf(text);
    const col = (name: string) => header.indexOf(name);
    const ankr = rows.find((r) => r[col('Type')] === 'provider' && r[col('Slug')] === 'ankr')!;
    // Chains: the import sets admin links only; Ankr's sourced links (its public endpoints) stay.
    Object.assign(ankr, {
      [col('Chains')]: 'csv-chain',
      [col('EditorialRating')]: '2',
      [col('EditorialContent')]: '<p>Changed</p>',
    });
    // 1,001: more rows than one insert statement takes (sql/queries/csv.ts), so the last one lands in a second.
    const bulk = Array.from({ length: 1001 }, (_, i) => {
      const row = header.map(() => '');
      Object.assign(row, {
        [col('Type')]: 'provider',
        [col('Name')]: `Bulk ${i}`,
        [col('Slug')]: `bulk-${i}`,
        [col('Chains')]: i % 2 ? 'base;csv-chain' : '',
        [col('EditorialRating')]: i === 1000 ? '5' : '',
        [col('EditorialContent')]: i === 1000 ? '<p>Last</p>' : '',
      });
      return row;
    });
    const res = await importCsv(stringify([header, ...rows, ...bulk]));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: { chains: 140, providers: 60 + 1001 } });

    const exported = rowsOf((await exportCsv()).text).filter((r) => r[col('Slug')].startsWith('bulk-'));
    expect(exported.map((r) => r[col('Slug')])).toEqual(bulk.map((r) => r[col('Slug')]));
    expect(exported.map((r) => r[col('Chains')].split(';').filter(Boolean).sort().join(';'))).toEqual(
      bulk.map((_, i) => (i % 2 ? 'base;csv-chain' : '')),
    );
    expect((await t.get('/api/providers/bulk-1000')).body.editorialReview).toMatchObject({
      rating: 5,
      content: '<p>Last</p>',
    });
    const changed = (await t.get('/api/providers/ankr')).body;
    const sourced = await t.sql<{ slug: string }[]>`
      SELECT DISTINCT c.slug FROM provider_chains pc
      JOIN chains c ON c.id = pc.chain_id JOIN providers p ON p.id = pc.provider_id
      WHERE p.slug = 'ankr' AND pc.source <> 'admin'`;
    expect(sourced.length).toBeGreaterThan(10);
    expect(changed.chains.map((c: { slug: string }) => c.slug).sort()).toEqual(
      [...sourced.map((r) => r.slug), 'csv-chain'].sort(),
    );
    expect(changed.editorialReview).toMatchObject({ rating: 2, content: '<p>Changed</p>' });
  });

  it('refuses a bad file with 400 naming every bad row, and nothing changes', async () => {
    const { text } = await exportCsv();
    const [header, ...rows] = rowsOf(text);
    const col = (name: string) => header.indexOf(name);
    // Row 2 is fine and would change the database; the others are broken in different ways.
    rows[0][col('Description')] = 'Changed by a file that must not be applied';
    rows[1][col('Website')] = 'javascript:alert(1)';
    rows[2][col('MetaTitle')] = 'x'.repeat(61);
    rows[3][col('Slug')] = rows[4][col('Slug')];
    rows[5][col('Type')] = 'planet';
    const provider = rows.findIndex((r) => r[col('Type')] === 'provider');
    rows[provider][col('Chains')] = 'ethereum;no-such-chain';
    rows[provider + 1][col('EditorialRating')] = '9';
    rows[provider + 1][col('EditorialContent')] = '<p>x</p>';
    const before = await databaseState(t);

    const res = await importCsv(
      [header, ...rows].map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n'),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toMatch(/^Nothing was imported\. /);
    expect(body.issues).toEqual([
      { row: 3, message: 'websiteUrl: Website URL must be an http:// or https:// URL' },
      { row: 4, message: 'metaTitle: SEO title must be at most 60 characters' },
      { row: 6, message: `the chain slug "${rows[4][col('Slug')]}" is already used on row 5` },
      { row: 7, message: 'Type must be chain, provider, about or homepage (got "planet")' },
      { row: provider + 3, message: 'EditorialRating must be a whole number from 1 to 5' },
    ]);
    expect(await databaseState(t)).toBe(before);

    // Once the row-level errors are fixed, the unknown chain slug is caught inside the transaction — still nothing changes.
    const fixed = rowsOf(text);
    fixed[1][col('Description')] = 'Changed by a file that must not be applied';
    const p = fixed.findIndex((r) => r[col('Type')] === 'provider');
    fixed[p][col('Chains')] = 'ethereum;no-such-chain';
    const second = await importCsv(fixed.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n'));
    expect(second.status).toBe(400);
    expect((await second.json()).issues).toEqual([
      { row: p + 1, message: 'Chains: no chain has the slug "no-such-chain"' },
    ]);
    expect(await databaseState(t)).toBe(before);
  });

  it.each([
    [
      'a file whose name does not end in .csv',
      'Type,Name\n',
      'data.txt',
      'csvFile',
      'Invalid file type - Please select a CSV file.',
    ],
    [
      'a form without the csvFile field',
      'Type\n',
      'x.csv',
      'other',
      'No file selected - Please select a CSV file to import.',
    ],
    ['an empty file', '', 'x.csv', 'csvFile', 'The file is empty'],
    [
      'missing columns',
      'Type,Name,Slug\nchain,X,x\n',
      'x.csv',
      'csvFile',
      'The CSV file lacks the column(s) Description,',
    ],
    [
      'a malformed CSV',
      `${CSV_COLUMNS.join(',')}\n"unterminated,chain\n`,
      'x.csv',
      'csvFile',
      'The CSV file could not be read:',
    ],
    [
      'a row with too few cells',
      `${CSV_COLUMNS.join(',')}\nchain,X\n`,
      'x.csv',
      'csvFile',
      'The CSV file could not be read:',
    ],
  ])('refuses %s with 400', async (_label, content, filename, field, message) => {
    const before = await databaseState(t);
    const res = await importCsv(content, filename, field);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
    expect(await databaseState(t)).toBe(before);
  });

  it('takes files up to 20 MB (a 10,000-provider file with 50 chains each is 7.2 MB) and refuses larger ones with 413', async () => {
    const MB = 1024 * 1024;
    // 6 MB is past the old 5 MB limit: read, then refused for its content.
    const six = await importCsv(`${CSV_COLUMNS.join(',')}\nchain,${'x'.repeat(6 * MB)}\n`);
    expect(six.status).toBe(400);
    expect((await six.json()).message).toContain('The CSV file could not be read:');
    const over = await importCsv('x'.repeat(20 * MB + 1));
    expect(over.status).toBe(413);
    expect((await over.json()).message).toBe('File too large - Please select a CSV file smaller than 20MB.');
  });

  it('refuses a JSON body (import is multipart) and a non-admin', async () => {
    expect((await admin.json('POST', '/api/admin/import/csv', { csvFile: 'x' })).status).toBe(415);
    const form = new FormData();
    form.append('csvFile', new Blob(['x']), 'x.csv');
    expect(
      (await t.request('/api/admin/import/csv', { method: 'POST', body: form, headers: { Origin: t.url } })).status,
    ).toBe(401);
  });
});
