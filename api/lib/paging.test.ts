// Keyset paging of the big lists (?limit=N&after=…): walked through their Link headers, the pages are
// exactly the unpaged answer (ties in the sort keys included), cached pages included; a bad limit or
// cursor is a 400 naming it; and the PWA's list reader (pwa/data/paged.ts) turns the pages of this real
// server back into that one array.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { setOfflineReads } from '../../pwa/lib/api.ts';
import { getAllPages } from '../../pwa/data/paged.ts';

let t: TestServer;
let admin: SignedIn;
let busiestChain: number;

beforeAll(async () => {
  t = await startTestServer();
  // Ties in every sort key, so pages must break them by id exactly as the unpaged order does. Written
  // before any request, so no cached answer predates them.
  await t.sql`UPDATE providers SET sort_rank = 7 WHERE id IN (SELECT id FROM providers ORDER BY id DESC LIMIT 12)`;
  await t.sql`UPDATE chains SET sort_rank = 3 WHERE id IN (SELECT id FROM chains ORDER BY id DESC LIMIT 30)`;
  [{ id: busiestChain }] = await t.sql<{ id: number }[]>`
    SELECT chain_id AS id FROM provider_chains GROUP BY chain_id ORDER BY count(*) DESC, chain_id LIMIT 1`;
  // 30 pending reviews: three sent in the same microsecond, the rest a microsecond apart.
  const providers = await t.sql<{ id: number }[]>`SELECT id FROM providers ORDER BY id LIMIT 30`;
  const [{ id: userId }] = await t.sql<{ id: number }[]>`
    INSERT INTO users (identity_provider, subject, email, display_name) VALUES ('local', 'pager', 'pager@example.com', 'Pager') RETURNING id`;
  for (const [i, p] of providers.entries()) {
    await t.sql`
      INSERT INTO user_reviews (provider_id, user_id, rating, status, created_at)
      VALUES (${p.id}, ${userId}, 4, 'pending', timestamptz '2026-05-01 12:00:00.000001+00' + ${i < 3 ? 0 : i} * interval '1 microsecond')`;
  }
  admin = await signIn(t, 'admin@example.com');
});
afterAll(async () => {
  vi.unstubAllGlobals();
  setOfflineReads(undefined);
  await t.close();
});

type Fetch = (path: string) => Promise<Response>;
const publicFetch: Fetch = (path) => t.request(path);
const adminFetch: Fetch = (path) => admin.fetch(path);

const nextOf = (res: Response) => res.headers.get('Link')?.match(/^<([^>]+)>; rel="next"$/)?.[1];

/** Follows the Link headers from `?limit=N`; answers every page's items and how many pages there were. */
async function walk(fetchPath: Fetch, path: string, limit: number) {
  const items: unknown[] = [];
  let pages = 0;
  for (let url: string | undefined = `${path}?limit=${limit}`; url; pages++) {
    const res = await fetchPath(url);
    expect(res.status).toBe(200);
    const page = (await res.json()) as unknown[];
    expect(page.length).toBeLessThanOrEqual(limit);
    items.push(...page);
    url = nextOf(res);
    if (url) expect(page).toHaveLength(limit);
  }
  return { items, pages };
}

const lists = (): [string, string, Fetch][] => [
  ['providers', '/api/providers', publicFetch],
  ['providers of the busiest chain', `/api/providers/by-chain/${busiestChain}`, publicFetch],
  ['chains with stats', '/api/chains/with-stats', publicFetch],
  ['pending reviews', '/api/admin/reviews/pending', adminFetch],
];

describe('paged lists', () => {
  it('concatenate to exactly the unpaged answer, whatever the page size', async () => {
    for (const [name, path, fetchPath] of lists()) {
      const whole = (await (await fetchPath(path)).json()) as unknown[];
      expect(whole.length, name).toBeGreaterThan(6);
      for (const limit of [1, 4, whole.length - 1, whole.length, 1000]) {
        const { items, pages } = await walk(fetchPath, path, limit);
        expect(items, `${name}, limit ${limit}`).toEqual(whole);
        expect(pages, `${name}, limit ${limit}`).toBe(Math.max(1, Math.ceil(whole.length / limit)));
      }
    }
  });

  it('answer a cached page with its Link too', async () => {
    const first = await t.request('/api/providers?limit=5');
    const again = await t.request('/api/providers?limit=5');
    expect(again.headers.get('Link')).toBe(first.headers.get('Link'));
    expect(nextOf(again)).toMatch(/^\/api\/providers\?limit=5&after=[\w-]+$/);
    expect(await again.json()).toEqual(await first.json());
  });

  it('leave the unpaged answer exactly as it was: no Link, every item', async () => {
    const res = await t.request('/api/providers');
    expect(res.headers.get('Link')).toBeNull();
    expect(((await res.json()) as unknown[]).length).toBe((await t.sql`SELECT id FROM providers`).length);
  });
});

describe('a bad page request is a 400 naming the parameter', () => {
  const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
  const LIMIT = 'limit: must be a whole number from 1 to 1000';
  const CURSOR = "after: must be a cursor from this list's Link header";
  it.each([
    ['/api/providers?limit=0', LIMIT],
    ['/api/providers?limit=1001', LIMIT],
    ['/api/providers?limit=2.5', LIMIT],
    ['/api/providers?limit=ten', LIMIT],
    ['/api/providers?limit=', LIMIT],
    ['/api/providers?limit=2&limit=3', LIMIT],
    [`/api/providers?after=${cursor([1, 2])}`, 'after: is only taken with limit'],
    ['/api/providers?limit=5&after=nonsense', CURSOR],
    [`/api/providers?limit=5&after=${cursor([1, 2, 3])}`, CURSOR], // a by-chain cursor
    [`/api/providers?limit=5&after=${cursor([2 ** 31, 1])}`, CURSOR], // beyond the column's range
    [`/api/providers/by-chain/1?limit=5&after=${cursor([1, 2])}`, CURSOR],
    [`/api/chains/with-stats?limit=5&after=${cursor({ id: 1 })}`, CURSOR],
    [`/api/providers?limit=5&after=${cursor([1, 2])}&after=${cursor([1, 2])}`, CURSOR],
  ])('%s', async (path, message) => {
    const res = await t.request(path);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it('(the admin queue too)', async () => {
    const res = await admin.fetch(`/api/admin/reviews/pending?limit=5&after=${cursor([1.5, 2])}`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(CURSOR);
  });
});

describe("the PWA's list reader", () => {
  it('walks the pages into the unpaged array, kept offline under the unpaged path', async () => {
    const whole = (await t.get('/api/chains/with-stats')).body as unknown[];
    const requests: string[] = [];
    const realFetch = globalThis.fetch;
    // The PWA asks with same-origin paths.
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      requests.push(input);
      return realFetch(t.url + input, init);
    });
    const saved = new Map<string, unknown>();
    setOfflineReads({ save: (path, data) => saved.set(path, data), load: async (path) => saved.get(path) });

    const read = await getAllPages('/api/chains/with-stats', (s) => s.chainWithStatsListSchema, 50);
    expect(read).toEqual(whole);
    expect(requests).toHaveLength(Math.ceil(whole.length / 50));
    expect(saved.get('/api/chains/with-stats')).toEqual(whole);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await getAllPages('/api/chains/with-stats', (s) => s.chainWithStatsListSchema, 50)).toEqual(whole);
  });
});
