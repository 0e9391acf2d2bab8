import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { searchResultSchema } from '../../contract/search.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const search = async (q: string) => {
  const res = await t.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return searchResultSchema.parse(res.body);
};

describe('GET /api/search', () => {
  it('matches provider and chain names case-insensitively', async () => {
    const lower = await search('drpc');
    const upper = await search('DRPC');
    expect(lower.providers[0].slug).toBe('drpc');
    expect(upper.providers.map((p) => p.slug)).toEqual(lower.providers.map((p) => p.slug));
    expect((await search('ARBITRUM')).chains.map((c) => c.slug)).toContain('arbitrum-one');
  });

  it('matches descriptions too', async () => {
    // "load-balancing" appears only in RouteMesh's description.
    expect((await search('LOAD-BALANCING')).providers.map((p) => p.slug)).toEqual(['routemesh']);
  });

  it('treats % and _ literally', async () => {
    expect(await search('%')).toEqual({ providers: [], chains: [] });
    expect(await search('_')).toEqual({ providers: [], chains: [] });
  });

  it('answers empty lists for an empty term and 400 for an oversized one', async () => {
    expect(await search('')).toEqual({ providers: [], chains: [] });
    const res = await t.get(`/api/search?q=${'a'.repeat(10_000)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/200 characters/);
  });

  it('survives SQL metacharacters', async () => {
    for (const q of ["' OR 1=1 --", '"; DROP TABLE providers; --', '\\', "')) UNION SELECT 1--"]) {
      expect(await search(q)).toEqual({ providers: [], chains: [] });
    }
    expect((await t.get('/api/providers')).body).toHaveLength(59);
  });
});
