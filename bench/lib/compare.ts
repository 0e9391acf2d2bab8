// The endpoint table: each endpoint under the same load on the real app, on THE CEILING (the same bytes
// from memory through the same Koa stack) and on the app with its response cache switched off, in
// rotating order within each round, so the ratios come from samples taken side by side.
import { fmt, table } from './env.ts';
import { load, median, type LoadResult } from './load.ts';
import type { Target } from './target.ts';

export type Endpoint = {
  name: string;
  /** One path (cacheable, captured for the ceiling) or many (a random one per request: cache misses). */
  paths: string[];
};

export type Mode = { name: string; headers: Record<string, string>; conditional?: boolean };

export const MODES = {
  identity: { name: 'no compression', headers: {} },
  browser: {
    name: 'browser Accept-Encoding (gzip, deflate, br, zstd)',
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  },
  conditional: { name: 'revalidation (If-None-Match → 304)', headers: {}, conditional: true },
} satisfies Record<string, Mode>;

type Variant = 'app' | 'ceiling' | 'no cache' | 'compress per request';

export type Row = {
  endpoint: Endpoint;
  bytes: number;
  samples: Record<Variant, LoadResult[]>;
  ratios: number[];
  coldMs: number[];
};

export type CompareOptions = {
  rounds: number;
  seconds: number;
  variants: Variant[];
  /** Single requests timed right after an invalidation (0 to skip). */
  coldSamples: number;
  log?: (line: string) => void;
};

/**
 * Waits until the instance has worked off the requests a finished sample left queued (autocannon stops
 * sending, but the server still answers what it received; on the embedded engine those queries block
 * the event loop the next sample shares). /healthz queues behind them on the same database pool.
 */
async function drain(url: string) {
  const r = await fetch(`${url}/healthz`);
  await r.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 250));
}

async function timeGet(url: string, headers: Record<string, string>) {
  const t0 = performance.now();
  const r = await fetch(url, { headers });
  await r.arrayBuffer();
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`${url}: status ${r.status}`);
  return ms;
}

export async function compareEndpoints(
  target: Target,
  endpoints: Endpoint[],
  mode: Mode,
  opts: CompareOptions,
): Promise<Row[]> {
  const log = opts.log ?? ((line: string) => console.error(line));
  const single = endpoints.filter((e) => e.paths.length === 1).map((e) => e.paths[0]);
  const capturedSizes = await target.capture(single);
  const rows: Row[] = [];
  for (const endpoint of endpoints) {
    const isSingle = endpoint.paths.length === 1;
    const variants = opts.variants.filter((v) => isSingle || (v !== 'ceiling' && v !== 'compress per request'));
    const urlOf = (v: Variant) =>
      ({
        app: target.url,
        ceiling: target.ceilingUrl,
        'no cache': target.noCacheUrl,
        'compress per request': target.ceilingUrl,
      })[v];
    const headersOf = (v: Variant) =>
      v === 'compress per request' ? { ...headers, 'x-bench-compress': 'per-request' } : headers;
    const headers = { ...mode.headers };
    if (mode.conditional) {
      if (!isSingle) continue;
      const r = await fetch(target.url + endpoint.paths[0]);
      await r.arrayBuffer();
      headers['if-none-match'] = r.headers.get('etag') ?? '';
    }
    const coldMs: number[] = [];
    if (isSingle && !mode.conditional) {
      for (let i = 0; i < opts.coldSamples; i++) {
        await target.invalidate();
        coldMs.push(await timeGet(target.url + endpoint.paths[0], mode.headers));
      }
    }
    // Warm-up: JIT, connection pools, the response cache.
    for (const v of variants) {
      await load({ url: urlOf(v), paths: endpoint.paths, headers: headersOf(v), seconds: 1 });
      await drain(urlOf(v));
    }
    const samples = Object.fromEntries(variants.map((v) => [v, [] as LoadResult[]])) as Record<Variant, LoadResult[]>;
    const ratios: number[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      const order = variants.map((_, i) => variants[(i + round) % variants.length]);
      const got = {} as Record<Variant, LoadResult>;
      for (const v of order) {
        got[v] = await load({ url: urlOf(v), paths: endpoint.paths, headers: headersOf(v), seconds: opts.seconds });
        await drain(urlOf(v));
        samples[v].push(got[v]);
      }
      if (got.app && got.ceiling) ratios.push(got.app.rps / got.ceiling.rps);
      log(
        `  ${endpoint.name} [${mode.name}] round ${round + 1}: ${order.map((v) => `${v} ${fmt.n(got[v].rps)} req/s p95 ${fmt.ms(got[v].p95)} ms`).join(' · ')}`,
      );
    }
    rows.push({ endpoint, bytes: isSingle ? capturedSizes[endpoint.paths[0]] : NaN, samples, ratios, coldMs });
  }
  return rows;
}

const med = (rs: LoadResult[] | undefined, k: 'rps' | 'p50' | 'p95' | 'p99') =>
  rs?.length ? median(rs.map((r) => r[k])) : NaN;
const failed = (rs: LoadResult[] | undefined) => (rs ?? []).reduce((n, r) => n + r.failures, 0);

/** Markdown: medians over the rounds; ratio = median of the per-round app/ceiling req/s. */
export function renderRows(rows: Row[]) {
  const anyCold = rows.some((r) => r.coldMs.length);
  const anyNoCache = rows.some((r) => r.samples['no cache']?.length);
  const anyPerRequest = rows.some((r) => r.samples['compress per request']?.length);
  const header = [
    'endpoint',
    'body',
    'app req/s',
    'p50 / p95 / p99 ms',
    'ceiling req/s',
    'p50 / p95 / p99 ms',
    'app ÷ ceiling',
  ];
  if (anyNoCache) header.push('cache off req/s', 'p95 ms');
  if (anyPerRequest) header.push('ceiling compressing per request req/s', 'p95 ms');
  if (anyCold) header.push('cold ms (median, max)');
  header.push('failed');
  return table(
    header,
    rows.map((r) => {
      const lat = (v: Variant) =>
        r.samples[v]?.length
          ? `${fmt.ms(med(r.samples[v], 'p50'))} / ${fmt.ms(med(r.samples[v], 'p95'))} / ${fmt.ms(med(r.samples[v], 'p99'))}`
          : '—';
      const cells: (string | number)[] = [
        `\`${r.endpoint.name}\``,
        Number.isFinite(r.bytes) ? fmt.kb(r.bytes) : `${fmt.kb(median((r.samples.app ?? []).map((s) => s.bytes)))} avg`,
        fmt.n(med(r.samples.app, 'rps')),
        lat('app'),
        fmt.n(med(r.samples.ceiling, 'rps')),
        lat('ceiling'),
        r.ratios.length ? `**${fmt.ratio(median(r.ratios))}**` : '—',
      ];
      if (anyNoCache) cells.push(fmt.n(med(r.samples['no cache'], 'rps')), fmt.ms(med(r.samples['no cache'], 'p95')));
      if (anyPerRequest)
        cells.push(
          fmt.n(med(r.samples['compress per request'], 'rps')),
          fmt.ms(med(r.samples['compress per request'], 'p95')),
        );
      if (anyCold) cells.push(r.coldMs.length ? `${fmt.ms(median(r.coldMs))}, ${fmt.ms(Math.max(...r.coldMs))}` : '—');
      cells.push(Object.values(r.samples).reduce((n, rs) => n + failed(rs), 0));
      return cells;
    }),
  );
}
