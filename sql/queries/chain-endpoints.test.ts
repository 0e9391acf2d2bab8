// An admin's edit of a chain's endpoint list keeps each endpoint's id by URL, so its health history follows it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../api/test/harness.ts';
import { replaceChainEndpoints } from './chains.ts';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
  await db.dropCopy();
});

it('updates kept URLs in place, inserts new ones, deletes dropped ones (with their history)', async () => {
  const [{ id: chainId }] = await db.sql<
    { id: number }[]
  >`INSERT INTO chains (name, slug) VALUES ('Ids', 'ids') RETURNING id`;
  const endpoint = (url: string, tracking = 'none') => ({ url, tracking, needsApiKey: false });
  await replaceChainEndpoints(db.sql, chainId, [endpoint('https://a.example'), endpoint('https://b.example')]);
  const ids = async () =>
    Object.fromEntries(
      (
        await db.sql<{ url: string; id: number; tracking: string; position: number }[]>`
    SELECT url, id, tracking, position FROM chain_rpc_endpoints WHERE chain_id = ${chainId}`
      ).map((r) => [r.url, r]),
    );
  const before = await ids();
  await db.sql`INSERT INTO endpoint_health (endpoint_id, next_probe_at, status)
    VALUES (${before['https://b.example'].id}, now(), 'ok')`;

  await replaceChainEndpoints(db.sql, chainId, [endpoint('https://c.example'), endpoint('https://b.example', 'yes')]);
  const after = await ids();
  expect(Object.keys(after).sort()).toEqual(['https://b.example', 'https://c.example']);
  expect(after['https://b.example']).toMatchObject({
    id: before['https://b.example'].id,
    tracking: 'yes',
    position: 1,
  });
  const [health] =
    await db.sql`SELECT status FROM endpoint_health WHERE endpoint_id = ${before['https://b.example'].id}`;
  expect(health.status).toBe('ok');

  await replaceChainEndpoints(db.sql, chainId, []);
  expect(await ids()).toEqual({});
  expect(
    await db.sql`SELECT 1 FROM endpoint_health WHERE endpoint_id = ${before['https://b.example'].id}`,
  ).toHaveLength(0);
});

it('removes an endpoint of the upstream lists softly, marked as removed by hand, and lists it again in place', async () => {
  const [{ id: chainId }] = await db.sql<
    { id: number }[]
  >`INSERT INTO chains (name, slug) VALUES ('Soft', 'soft') RETURNING id`;
  const [{ id }] = await db.sql<{ id: number }[]>`
    INSERT INTO chain_rpc_endpoints (chain_id, url, tracking, source)
    VALUES (${chainId}, 'https://listed.example', 'none', 'chainlist') RETURNING id`;
  const row = async () => {
    const [r] = await db.sql`SELECT id, removed_at, edited_by_hand, tracking FROM chain_rpc_endpoints WHERE id = ${id}`;
    return r;
  };
  await replaceChainEndpoints(db.sql, chainId, []);
  expect(await row()).toMatchObject({ removedAt: expect.any(Date), editedByHand: ['removed'] });
  await replaceChainEndpoints(db.sql, chainId, [
    { url: 'https://listed.example', tracking: 'yes', needsApiKey: false },
  ]);
  expect(await row()).toMatchObject({ id, removedAt: null, editedByHand: ['tracking'], tracking: 'yes' });
});
