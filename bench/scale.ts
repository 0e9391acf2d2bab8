// `npm run bench -- scale`: 10,000 providers, 1,000 chains, ~50 links per provider, 1,000,000 reviews
// in a private PostgreSQL database; then the public endpoint table (target p95 < 50 ms at 50
// connections), review approval latency (< 10 ms), CSV import of 10,000 providers (< 10 s), and
// EXPLAIN (ANALYZE, BUFFERS) of every query those requests run. `--keep` keeps the loaded database.
import { stringify } from 'csv-stringify/sync';
import { compareEndpoints, MODES, renderRows, type Endpoint } from './lib/compare.ts';
import { databaseExists, dbUrl, dropDatabase, fmt, PORTS, recreateDatabase, report, table } from './lib/env.ts';
import { explainRequests, type Explained } from './lib/explain.ts';
import { signInAdmin } from './lib/admin.ts';
import { datasetCounts, generateScaleData, inconsistentProviders, rng, SCALE, WORDS } from './lib/generate.ts';
import { median, percentile } from './lib/load.ts';
import { startTarget, type Target } from './lib/target.ts';
import { openDatabase, type Database, type Sql } from '../api/db/index.ts';
import { migrate } from '../api/db/migrate.ts';
import { CSV_COLUMNS } from '../contract/admin.ts';
import { moderateReview } from '../api/reviews/service.ts';
import type { BenchOptions } from './run.ts';
import { PAGE_SIZE } from '../pwa/data/paged.ts';

const DB_NAME = 'rpc_atlas_bench_scale';

// A focused run (figures for one change, without the whole table): SCALE_PARTS=explain,endpoints,approvals,csv
// picks the parts (default all); SCALE_ENDPOINTS=<regex> keeps the endpoint rows whose name matches.
const PARTS = new Set((process.env.SCALE_PARTS ?? 'explain,endpoints,approvals,csv').split(','));
const ENDPOINTS = process.env.SCALE_ENDPOINTS ? new RegExp(process.env.SCALE_ENDPOINTS) : undefined;
const chosen = (endpoints: Endpoint[]) => (ENDPOINTS ? endpoints.filter((e) => ENDPOINTS.test(e.name)) : endpoints);

const CSV_SLUG_PREFIX = 'csv-import-';

async function loadDataset(opts: BenchOptions): Promise<Database> {
  const full = async (db: Database) => {
    const c = await datasetCounts(db.sql);
    return c.providers >= SCALE.providers && c.reviews >= SCALE.reviews;
  };
  if (opts.keep && (await databaseExists(DB_NAME))) {
    const db = await openDatabase({ databaseUrl: dbUrl(DB_NAME), poolSize: 4 });
    await migrate(db.sql);
    if (await full(db)) {
      report('scale', `\nReusing the loaded database \`${DB_NAME}\` (--keep).\n`);
      return db;
    }
    await db.close();
  }
  const url = await recreateDatabase(DB_NAME);
  const db = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await migrate(db.sql);
  const t0 = performance.now();
  const timings = await generateScaleData(db.sql, (line) => console.error(line));
  const total = (performance.now() - t0) / 1000;
  report(
    'scale',
    `\n### Loading the dataset (COPY, indexes and foreign keys in place): **${total.toFixed(1)} s**\n\n${table(
      ['step', 's'],
      Object.entries(timings).map(([k, v]) => [k, v.toFixed(1)]),
    )}\n`,
  );
  return db;
}

type Picks = { topProvider: string; medianProvider: string; topChain: { id: number; slug: string }; pendingId: number };

async function pick(sql: Sql): Promise<Picks> {
  const [top] = await sql<{ slug: string }[]>`SELECT slug FROM providers ORDER BY total_reviews DESC, id LIMIT 1`;
  const [mid] = await sql<{ slug: string }[]>`
    SELECT slug FROM providers ORDER BY total_reviews, id OFFSET ${SCALE.providers / 2} LIMIT 1`;
  const [chain] = await sql<{ id: number; slug: string }[]>`
    SELECT c.id, c.slug FROM chains c JOIN provider_chains pc ON pc.chain_id = c.id GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`;
  const [pending] = await sql<
    { id: number }[]
  >`SELECT id FROM user_reviews WHERE status = 'pending' ORDER BY id LIMIT 1`;
  return { topProvider: top.slug, medianProvider: mid.slug, topChain: chain, pendingId: pending.id };
}

function renderExplains(explained: Explained[]) {
  const summary = table(
    ['#', 'request', 'statement', 'execution ms', 'sequential scans of growing tables'],
    explained.map((e, i) => [
      i + 1,
      `\`${e.request}\``,
      `\`${e.query.slice(0, 90).replace(/\|/g, '\\|')}${e.query.length > 90 ? '…' : ''}\``,
      fmt.ms(e.executionMs),
      e.seqScans.length ? `**${e.seqScans.join(', ')}**` : 'none',
    ]),
  );
  const plans = explained
    .map(
      (e, i) =>
        `<details><summary>${i + 1}. ${e.request} — ${fmt.ms(e.executionMs)} ms</summary>\n\n` +
        `\`\`\`sql\n${e.query}\n\`\`\`\n\n\`\`\`\n${e.plan}\n\`\`\`\n\n</details>`,
    )
    .join('\n');
  return `${summary}\n\n${plans}\n`;
}

/** The path of page `n` (1-based) of a paged list, found by following its `Link: <…>; rel="next"` headers. */
async function pagePath(url: string, first: string, n: number): Promise<string> {
  let path = first;
  for (let i = 1; i < n; i++) {
    const res = await fetch(url + path);
    await res.arrayBuffer();
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    if (!next) throw new Error(`${first}: no page ${i + 1}`);
    path = next.startsWith('http') ? new URL(next).pathname + new URL(next).search : next;
  }
  return path;
}

/** Page 1 and a deep page of each paged list (the optional `?limit=` keyset paging), 100 items a page. */
async function pagedEndpoints(url: string, topChainId: number): Promise<Endpoint[]> {
  const lists = [
    ['/api/providers?limit=100', 50],
    [`/api/providers/by-chain/${topChainId}?limit=100`, 25],
    ['/api/chains/with-stats?limit=100', 5],
  ] as const;
  const endpoints: Endpoint[] = [];
  for (const [first, deep] of lists) {
    endpoints.push({ name: `GET ${first} (page 1)`, paths: [first] });
    endpoints.push({ name: `GET ${first} (page ${deep})`, paths: [await pagePath(url, first, deep)] });
  }
  return endpoints;
}

/** The busiest provider's review pages after those its detail embeds: the first, and one deep in the list. */
async function reviewPages(url: string, slug: string): Promise<Endpoint[]> {
  const res = await fetch(`${url}/api/providers/${slug}`);
  const next = ((await res.json()) as { userReviewsNext?: string | null }).userReviewsNext;
  if (!next) return [];
  return [
    { name: `GET /api/providers/${slug}/reviews (page 2, most reviews)`, paths: [next] },
    { name: `GET /api/providers/${slug}/reviews (page 100, most reviews)`, paths: [await pagePath(url, next, 99)] },
  ];
}

async function endpointTables(target: Target, sql: Sql, picks: Picks, opts: BenchOptions) {
  const slugs = (
    await sql<{ slug: string }[]>`SELECT slug FROM providers WHERE slug NOT LIKE ${CSV_SLUG_PREFIX + '%'}`
  ).map((r) => r.slug);
  const chains = await sql<{ id: number; slug: string }[]>`SELECT id, slug FROM chains`;
  // Search terms as people type them: 3-6 letter prefixes of the words names and descriptions use.
  const r = rng(11);
  const terms = Array.from({ length: 400 }, () => {
    const w = WORDS[Math.floor(r() * WORDS.length)];
    return w.slice(0, Math.min(w.length, 3 + Math.floor(r() * 4)));
  });
  let single: Endpoint[] = [
    { name: 'GET /api/providers', paths: ['/api/providers'] },
    { name: 'GET /api/chains/with-stats', paths: ['/api/chains/with-stats'] },
    { name: 'GET /api/chains', paths: ['/api/chains'] },
    { name: 'GET /api/providers/popular', paths: ['/api/providers/popular'] },
    { name: 'GET /api/providers/featured', paths: ['/api/providers/featured'] },
    { name: `GET /api/providers/${picks.topProvider} (most reviews)`, paths: [`/api/providers/${picks.topProvider}`] },
    {
      name: `GET /api/providers/${picks.medianProvider} (median reviews)`,
      paths: [`/api/providers/${picks.medianProvider}`],
    },
    ...(await reviewPages(target.url, picks.topProvider)),
    { name: `GET /api/chains/${picks.topChain.slug} (most providers)`, paths: [`/api/chains/${picks.topChain.slug}`] },
    {
      name: `GET /api/providers/by-chain/${picks.topChain.id} (most providers)`,
      paths: [`/api/providers/by-chain/${picks.topChain.id}`],
    },
    { name: 'GET /api/search?q=eth', paths: ['/api/search?q=eth'] },
    ...(await pagedEndpoints(target.url, picks.topChain.id)),
    // The page size the PWA reads.
    { name: `GET /api/providers?limit=${PAGE_SIZE} (page 1)`, paths: [`/api/providers?limit=${PAGE_SIZE}`] },
  ];
  let random: Endpoint[] = [
    { name: 'GET /api/providers/{random of 10,000}', paths: slugs.map((s) => `/api/providers/${s}`) },
    { name: 'GET /api/chains/{random of 1,000}', paths: chains.map((c) => `/api/chains/${c.slug}`) },
    {
      name: 'GET /api/providers/by-chain/{random of 1,000}',
      paths: chains.map((c) => `/api/providers/by-chain/${c.id}`),
    },
    { name: 'GET /api/search?q={random of 400 terms}', paths: [...new Set(terms)].map((t) => `/api/search?q=${t}`) },
  ];
  const common = { rounds: opts.rounds, seconds: opts.seconds, coldSamples: 5 };
  single = chosen(single);
  random = chosen(random);
  const rows = await compareEndpoints(target, single, MODES.identity, { ...common, variants: ['app', 'ceiling'] });
  report(
    'scale',
    `\n#### One path per endpoint (served from the response cache after the first request) — no compression\n\n${renderRows(rows)}\n`,
  );
  // Encoding and revalidation matter for the big answers: those five only.
  const big = single.filter(
    (e) =>
      /^GET \/api\/(providers|chains|chains\/with-stats)$|most reviews|by-chain/.test(e.name) &&
      !e.name.includes('limit='),
  );
  if (big.length) {
    const browser = await compareEndpoints(target, big, MODES.browser, {
      ...common,
      variants: ['app', 'ceiling'],
      coldSamples: 0,
    });
    report('scale', `\n#### The big answers, ${MODES.browser.name}\n\n${renderRows(browser)}\n`);
    const conditional = await compareEndpoints(target, big, MODES.conditional, {
      ...common,
      variants: ['app', 'ceiling'],
      coldSamples: 0,
    });
    report('scale', `\n#### The big answers, ${MODES.conditional.name}\n\n${renderRows(conditional)}\n`);
  }
  // Fresh cache: most of these paths are requested for the first time during the run.
  await target.invalidate();
  if (random.length) {
    const spread = await compareEndpoints(target, random, MODES.identity, {
      ...common,
      variants: ['app'],
      coldSamples: 0,
    });
    report(
      'scale',
      `\n#### A random path per request (mostly cache misses: the database path under load) — no compression\n\n${renderRows(spread)}\n`,
    );
  }
  const mem = await target.memory();
  report(
    'scale',
    `\nServer process after the runs: RSS ${fmt.n(mem.rss / 2 ** 20)} MB, heap used ${fmt.n(mem.heapUsed / 2 ** 20)} MB.\n`,
  );
}

async function approvals(target: Target, db: Database, picks: Picks) {
  const admin = await signInAdmin(target.url);
  const pendingOf = (where: 'random' | 'top', n: number) =>
    where === 'top'
      ? db.sql<{ id: number }[]>`
        SELECT r.id FROM user_reviews r JOIN providers p ON p.id = r.provider_id
        WHERE r.status = 'pending' AND p.slug = ${picks.topProvider} ORDER BY r.id LIMIT ${n}`
      : db.sql<{ id: number }[]>`SELECT id FROM user_reviews WHERE status = 'pending' ORDER BY random() LIMIT ${n}`;
  const rows: (string | number)[][] = [];
  for (const where of ['random', 'top'] as const) {
    const ids = (await pendingOf(where, 100)).map((x) => x.id);
    const http: number[] = [];
    for (const id of ids.slice(0, 50)) {
      const t0 = performance.now();
      const res = await admin.fetch(`/api/admin/reviews/${id}/approve`, { method: 'PUT' });
      await res.arrayBuffer();
      http.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`approve ${id}: ${res.status}`);
    }
    // The same transaction without HTTP, from this process (what the database part costs).
    const tx: number[] = [];
    for (const id of ids.slice(50)) {
      const t0 = performance.now();
      await db.sql.begin((t) => moderateReview(t, id, 'approved'));
      tx.push(performance.now() - t0);
    }
    const s = (a: number[]) => a.sort((x, y) => x - y);
    const label =
      where === 'top'
        ? `pending reviews of ${picks.topProvider} (the provider with most reviews)`
        : 'random pending reviews';
    rows.push([
      `\`PUT /api/admin/reviews/:id/approve\`, ${label}`,
      http.length,
      `**${fmt.ms(median(http))}**`,
      fmt.ms(percentile(s(http), 95)),
      fmt.ms(Math.max(...http)),
    ]);
    rows.push([
      `its transaction alone (sql.begin → moderateReview), ${label}`,
      tx.length,
      fmt.ms(median(tx)),
      fmt.ms(percentile(s(tx), 95)),
      fmt.ms(Math.max(...tx)),
    ]);
  }
  report(
    'scale',
    `\n### Review approval, one at a time (sequential; each also invalidates every cached response)\n\n${table(
      ['what', 'n', 'median ms', 'p95 ms', 'max ms'],
      rows,
    )}\n\nAfter the approvals, providers whose aggregates differ from their approved reviews: **${await inconsistentProviders(db.sql)}**.\n`,
  );
}

/** A CSV of `n` new providers with the CSV columns, linked to `links` chains each (by slug). */
function providersCsv(n: number, links: number, chainSlugs: string[]) {
  const r = rng(12);
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (let i = 1; i <= n; i++) {
    const name = `Imported ${i}`;
    const chosen = new Set<string>();
    while (chosen.size < links) chosen.add(chainSlugs[Math.floor(chainSlugs.length * r() ** 2)]);
    const cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {
      Type: 'provider',
      Name: name,
      Slug: `${CSV_SLUG_PREFIX}${i}`,
      Description: `${name}: ${Array.from({ length: 18 }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ')}.`,
      Website: `https://imported-${i}.example.com`,
      Color: '#3b82f6',
      NofollowLinks: 'false',
      Chains: [...chosen].join(';'),
    };
    rows.push(CSV_COLUMNS.map((c) => cells[c] ?? ''));
  }
  return stringify(rows);
}

export type CsvImportRun = {
  links: number;
  bytes: number;
  status: number;
  ms: number;
  providers: number;
  message: string;
};

/**
 * Imports 10,000 new providers × `links` chains into the app at `url` (one POST /api/admin/import/csv,
 * timed from sending to the last byte of the answer); the imported providers are deleted before and after.
 */
export async function measureCsvImport(url: string, sql: Sql, links: number): Promise<CsvImportRun> {
  const admin = await signInAdmin(url);
  const chainSlugs = (await sql<{ slug: string }[]>`SELECT slug FROM chains ORDER BY id`).map((c) => c.slug);
  await sql`DELETE FROM providers WHERE slug LIKE ${CSV_SLUG_PREFIX + '%'}`;
  const csv = providersCsv(SCALE.providers, links, chainSlugs);
  const form = new FormData();
  form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'providers.csv');
  const t0 = performance.now();
  const res = await admin.fetch('/api/admin/import/csv', { method: 'POST', body: form });
  const text = await res.text();
  const ms = performance.now() - t0;
  const [{ n }] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM providers WHERE slug LIKE ${CSV_SLUG_PREFIX + '%'}`;
  await sql`DELETE FROM providers WHERE slug LIKE ${CSV_SLUG_PREFIX + '%'}`;
  return {
    links,
    bytes: Buffer.byteLength(csv),
    status: res.status,
    ms,
    providers: n,
    message: res.status === 200 ? '' : text.slice(0, 160),
  };
}

async function csvImport(target: Target, db: Database) {
  const rows: (string | number)[][] = [];
  for (const links of [SCALE.linksPerProvider, 5]) {
    const run = await measureCsvImport(target.url, db.sql, links);
    rows.push([
      `10,000 new providers × ${links} chains`,
      fmt.kb(run.bytes),
      run.status,
      run.status === 200 ? `**${(run.ms / 1000).toFixed(2)}**` : '—',
      fmt.n(run.providers),
      run.message,
    ]);
    console.error(`  CSV import ×${links}: ${run.status} in ${(run.ms / 1000).toFixed(2)} s`);
  }
  report(
    'scale',
    `\n### CSV import (\`POST /api/admin/import/csv\`, one transaction, into the loaded database)\n\n${table(
      ['file', 'size', 'status', 'seconds', 'providers in the database afterwards', 'message'],
      rows,
    )}\n`,
  );
}

export async function benchScale(opts: BenchOptions) {
  const db = await loadDataset(opts);
  const url = dbUrl(DB_NAME);
  try {
    const counts = await datasetCounts(db.sql);
    report(
      'scale',
      `\nDataset: ${Object.entries(counts)
        .map(([k, v]) => `${fmt.n(v)} ${k}`)
        .join(', ')}; providers whose ` +
        `rating_sum/total_reviews differ from their approved reviews: **${await inconsistentProviders(db.sql)}**.\n`,
    );
    const picks = await pick(db.sql);

    if (PARTS.has('explain')) {
      const explained = await explainRequests(url, PORTS.scale, [
        { name: 'GET /api/providers', path: '/api/providers' },
        { name: 'GET /api/chains', path: '/api/chains' },
        { name: 'GET /api/chains/with-stats', path: '/api/chains/with-stats' },
        { name: 'GET /api/providers/popular', path: '/api/providers/popular' },
        { name: 'GET /api/providers/featured', path: '/api/providers/featured' },
        { name: `GET /api/providers/${picks.topProvider}`, path: `/api/providers/${picks.topProvider}` },
        {
          name: `GET /api/providers/${picks.topProvider}/reviews?limit=50`,
          path: `/api/providers/${picks.topProvider}/reviews?limit=50`,
        },
        { name: `GET /api/chains/${picks.topChain.slug}`, path: `/api/chains/${picks.topChain.slug}` },
        {
          name: `GET /api/providers/by-chain/${picks.topChain.id}`,
          path: `/api/providers/by-chain/${picks.topChain.id}`,
        },
        { name: 'GET /api/search?q=eth', path: '/api/search?q=eth' },
        { name: 'GET /api/auth/user (signed in)', path: '/api/auth/user', admin: true },
        { name: 'GET /api/admin/reviews/pending', path: '/api/admin/reviews/pending', admin: true },
        {
          name: `PUT /api/admin/reviews/${picks.pendingId}/approve`,
          method: 'PUT',
          path: `/api/admin/reviews/${picks.pendingId}/approve`,
          admin: true,
        },
      ]);
      report(
        'scale',
        `\n### EXPLAIN (ANALYZE, BUFFERS) of every statement the hot requests run (PostgreSQL, loaded dataset)\n\n${renderExplains(explained)}`,
      );
    }

    const target = await startTarget(PORTS.scale, { databaseUrl: url });
    try {
      if (PARTS.has('endpoints')) await endpointTables(target, db.sql, picks, opts);
      if (PARTS.has('approvals')) await approvals(target, db, picks);
      if (PARTS.has('csv')) await csvImport(target, db);
    } finally {
      await target.stop();
    }
  } finally {
    await db.close();
    if (!opts.keep) await dropDatabase(DB_NAME);
  }
}
