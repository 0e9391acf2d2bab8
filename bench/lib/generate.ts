// The scale dataset: 10,000 providers, 1,000 chains, ~50 chain links per provider, 200,000 users and
// 1,000,000 reviews, generated deterministically and loaded with COPY into a migrated, empty database.
// Popularity is skewed the way directories are (a few chains carry most providers, a few providers
// most reviews), and providers.rating_sum / total_reviews are the exact sums over approved reviews.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Sql } from '../../api/db/index.ts';

export const SCALE = {
  chains: 1000,
  providers: 10_000,
  linksPerProvider: 50,
  users: 200_000,
  reviews: 1_000_000,
  endpointsPerChain: 5,
};

/** mulberry32: small, fast, seeded, good enough for test data. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const WORDS = (
  'fast reliable archive node ethereum rollup validator staking bridge mainnet testnet gateway cluster latency ' +
  'websocket endpoint indexer solana polygon arbitrum optimism base avalanche cosmos polkadot bitcoin layer scaling ' +
  'privacy tracking free tier enterprise dedicated shared global region europe america asia uptime monitoring ' +
  'analytics trace debug method batch request limit secure encrypted open source community developer wallet dapp ' +
  'defi nft oracle relay mempool block explorer sync snapshot history state proof zero knowledge sequencer'
).split(' ');
const SYLLABLES = 'ra no va ti ke lu mo zen qua pix dra tor bel syn cor vex lum ark nex ion flux hal cyr ome'.split(
  ' ',
);

const pick = <T>(r: () => number, a: readonly T[]) => a[Math.floor(r() * a.length)];
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
function words(r: () => number, n: number) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(pick(r, WORDS));
  return out.join(' ');
}
const pseudoWord = (r: () => number) =>
  cap(pick(r, SYLLABLES) + pick(r, SYLLABLES) + (r() < 0.5 ? pick(r, SYLLABLES) : ''));

/** COPY text format: \N for NULL, backslash escapes for the separators. */
function copyValue(v: string | number | boolean | null) {
  if (v === null) return '\\N';
  if (typeof v !== 'string') return String(v);
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

async function copyRows(
  sql: Sql,
  table: string,
  columns: string[],
  rows: () => Iterable<(string | number | boolean | null)[]>,
) {
  const stream = await sql.unsafe(`COPY ${table} (${columns.join(', ')}) FROM STDIN`).writable();
  // ~1 MB chunks: few writes, bounded memory.
  function* chunks() {
    let buf = '';
    for (const row of rows()) {
      buf += row.map(copyValue).join('\t') + '\n';
      if (buf.length > 1 << 20) {
        yield buf;
        buf = '';
      }
    }
    if (buf) yield buf;
  }
  await pipeline(Readable.from(chunks()), stream);
}

export type LoadTimings = Record<string, number>;

/** Fills an empty, migrated database. Returns seconds per step. */
export async function generateScaleData(sql: Sql, log: (line: string) => void): Promise<LoadTimings> {
  const timings: LoadTimings = {};
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    timings[name] = (performance.now() - t0) / 1000;
    log(`  ${name}: ${timings[name].toFixed(1)} s`);
  };
  const { chains: C, providers: P, users: U, reviews: R } = SCALE;

  // Reviews first, in memory (typed arrays), so the providers' aggregates can be written with them.
  const r = rng(8);
  const revProvider = new Int32Array(R);
  const revUser = new Int32Array(R);
  const revRating = new Int8Array(R);
  const revStatus = new Int8Array(R); // 0 approved, 1 pending, 2 rejected
  const quality = Float64Array.from({ length: P }, () => 2.5 + r() * 2.3);
  const ratingSum = new Float64Array(P);
  const approvedCount = new Int32Array(P);
  await step('generate reviews in memory', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < R; i++) {
      let p: number;
      let u: number;
      do {
        p = Math.floor(P * r() ** 2); // density ∝ 1/√rank: the top provider gets ~10,000 reviews, the median ~100
        u = Math.floor(U * r());
      } while (seen.has(u * P + p));
      seen.add(u * P + p);
      const g = (r() + r() + r() - 1.5) * 1.6; // roughly normal noise
      const rating = Math.min(5, Math.max(1, Math.round(quality[p] + g)));
      const s = r();
      const status = s < 0.9 ? 0 : s < 0.97 ? 1 : 2;
      revProvider[i] = p;
      revUser[i] = u;
      revRating[i] = rating;
      revStatus[i] = status;
      if (status === 0) {
        ratingSum[p] += rating;
        approvedCount[p]++;
      }
    }
  });

  const now = Date.UTC(2026, 10, 1);
  const iso = (ms: number) => new Date(ms).toISOString();

  await step('COPY chains', () =>
    copyRows(
      sql,
      'chains',
      [
        'id',
        'name',
        'slug',
        'description',
        'detailed_description',
        'website_url',
        'evm_chain_id',
        'short_name',
        'native_currency',
        'explorers',
        'is_testnet',
        'status',
        'parent_chain_id',
        'sort_rank',
        'color',
      ],
      function* () {
        const cr = rng(1);
        for (let i = 1; i <= C; i++) {
          const name = `${pseudoWord(cr)} ${i % 5 === 0 ? 'Testnet' : 'Mainnet'}`;
          const sym = name.slice(0, 3).toUpperCase();
          yield [
            i,
            name,
            `chain-${i}`,
            `${name}, chain ID ${100_000 + i}, native currency ${sym}. ${words(cr, 10)}.`,
            `<p>${words(cr, 60)}</p>`,
            `https://chain-${i}.example.org`,
            100_000 + i,
            `c${i}`,
            JSON.stringify({ name: sym, symbol: sym, decimals: 18 }),
            JSON.stringify([{ name: `${name} explorer`, url: `https://explorer.chain-${i}.example.org` }]),
            i % 5 === 0,
            'active',
            i % 5 === 0 ? i - 1 : null,
            i,
            '#3b82f6',
          ];
        }
      },
    ),
  );

  await step('COPY providers (with rating aggregates)', () =>
    copyRows(
      sql,
      'providers',
      [
        'id',
        'name',
        'slug',
        'description',
        'detailed_description',
        'website',
        'tracking',
        'privacy_policy_url',
        'featured',
        'rating_sum',
        'total_reviews',
        'sort_rank',
        'color',
      ],
      function* () {
        const pr = rng(2);
        const tracking = ['none', 'limited', 'yes', 'mixed', 'unspecified'];
        for (let i = 0; i < P; i++) {
          const name = `${pseudoWord(pr)} ${pick(pr, ['RPC', 'Nodes', 'Cloud', 'Labs', 'Infra', 'Network'])}`;
          const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i + 1}`;
          yield [
            i + 1,
            name,
            slug,
            `${name}: ${words(pr, 22)}.`,
            `<p>${words(pr, 150)}</p><p>${words(pr, 100)}</p>`,
            `https://${slug}.example.com`,
            pick(pr, tracking),
            `https://${slug}.example.com/privacy`,
            i < 12,
            ratingSum[i],
            approvedCount[i],
            i,
            '#3b82f6',
          ];
        }
      },
    ),
  );

  await step('COPY provider_chains', () =>
    copyRows(sql, 'provider_chains', ['provider_id', 'chain_id'], function* () {
      const lr = rng(3);
      for (let p = 1; p <= P; p++) {
        const n = 10 + Math.floor(lr() * 81); // 10..90, mean 50
        const chosen = new Set<number>();
        while (chosen.size < n) chosen.add(1 + Math.floor(C * lr() ** 2)); // popular chains carry most providers
        for (const c of chosen) yield [p, c];
      }
    }),
  );

  await step('COPY chain_rpc_endpoints', () =>
    copyRows(
      sql,
      'chain_rpc_endpoints',
      ['chain_id', 'url', 'provider_id', 'tracking', 'needs_api_key', 'source', 'position'],
      function* () {
        const er = rng(4);
        for (let c = 1; c <= C; c++) {
          for (let k = 0; k < SCALE.endpointsPerChain; k++) {
            const provider = er() < 0.8 ? 1 + Math.floor(P * er()) : null;
            yield [
              c,
              `https://rpc${k}.chain-${c}.example.net`,
              provider,
              pick(er, ['none', 'limited', 'yes', 'unspecified']),
              er() < 0.3,
              'bench',
              k,
            ];
          }
        }
      },
    ),
  );

  await step('COPY users', () =>
    copyRows(
      sql,
      'users',
      ['id', 'identity_provider', 'subject', 'email', 'display_name', 'first_name', 'last_name'],
      function* () {
        const ur = rng(5);
        for (let u = 1; u <= U; u++) {
          const first = pseudoWord(ur);
          const last = pseudoWord(ur);
          yield [u, 'local', `bench-${u}`, `user${u}@example.net`, `${first} ${last}`, first, last];
        }
      },
    ),
  );

  await step('COPY user_reviews (1,000,000)', () =>
    copyRows(
      sql,
      'user_reviews',
      ['id', 'provider_id', 'user_id', 'rating', 'comment', 'is_anonymous', 'status', 'created_at', 'updated_at'],
      function* () {
        const cr = rng(6);
        const statuses = ['approved', 'pending', 'rejected'];
        const span = 2 * 365 * 86_400_000;
        for (let i = 0; i < R; i++) {
          const at = iso(now - Math.floor(cr() * span));
          yield [
            i + 1,
            revProvider[i] + 1,
            revUser[i] + 1,
            revRating[i],
            cr() < 0.1 ? null : `${cap(words(cr, 5 + Math.floor(cr() * 25)))}.`,
            cr() < 0.1,
            statuses[revStatus[i]],
            at,
            at,
          ];
        }
      },
    ),
  );

  await step('COPY editorial_reviews', () =>
    copyRows(sql, 'editorial_reviews', ['provider_id', 'rating', 'content'], function* () {
      const xr = rng(7);
      for (let p = 1; p <= P; p += 10) yield [p, 1 + Math.floor(xr() * 5), `<p>${words(xr, 120)}</p>`];
    }),
  );

  await step('sequences, VACUUM ANALYZE', async () => {
    for (const t of ['chains', 'providers', 'users', 'user_reviews', 'chain_rpc_endpoints', 'editorial_reviews']) {
      await sql.unsafe(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
    }
    await sql.unsafe('VACUUM ANALYZE');
  });
  return timings;
}

/** Providers whose stored aggregates differ from their approved reviews (must be 0). */
export async function inconsistentProviders(sql: Sql) {
  const [{ n }] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n
    FROM providers p
    LEFT JOIN (SELECT provider_id, sum(rating) AS s, count(*) AS c FROM user_reviews WHERE status = 'approved' GROUP BY provider_id) a
      ON a.provider_id = p.id
    WHERE p.rating_sum <> coalesce(a.s, 0) OR p.total_reviews <> coalesce(a.c, 0)`;
  return n;
}

export async function datasetCounts(sql: Sql) {
  const [row] = await sql<
    {
      providers: number;
      chains: number;
      links: number;
      users: number;
      reviews: number;
      approved: number;
      pending: number;
    }[]
  >`
    SELECT (SELECT count(*) FROM providers)::int AS providers, (SELECT count(*) FROM chains)::int AS chains,
           (SELECT count(*) FROM provider_chains)::int AS links, (SELECT count(*) FROM users)::int AS users,
           (SELECT count(*) FROM user_reviews)::int AS reviews,
           (SELECT count(*) FROM user_reviews WHERE status = 'approved')::int AS approved,
           (SELECT count(*) FROM user_reviews WHERE status = 'pending')::int AS pending`;
  return row;
}
