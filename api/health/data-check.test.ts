// wrong-data end to end: three loopback nodes of one chain, one serving a different block hash than the two others
// agree on. The prober's round compares them; the odd one reads wrong-data and is never handed out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../test/harness.ts';
import { startProber, type Prober } from './prober.ts';
import { judgeHashes } from './data-check.ts';
import { startFakeRpc, type FakeRpc } from './test-servers.ts';
import { listChainEndpoints } from '../../sql/queries/chains.ts';
import { presentEndpoint } from '../chains/presenter.ts';
import { endpointsToHandOut, rankEndpoints } from '../../contract/endpoint-rank.ts';

const EVM_ID = 777_001;
const config = loadConfig({
  NODE_ENV: 'test',
  PROBE_INTERVAL_S: '2',
  PROBE_ALLOW_PRIVATE: '1',
  PUBLIC_URL: 'http://localhost:3000',
});
let db: Awaited<ReturnType<typeof openTestDatabase>>;
const servers: FakeRpc[] = [];
let prober: Prober | undefined;

/** A node of the test chain whose every block has the hash `hash`. */
const node = async (hash: string) => {
  const server = await startFakeRpc({
    chainId: EVM_ID,
    head: () => ({ block: 5_000, ageS: 1 }),
    handle: (method, params) =>
      method === 'eth_getBlockByNumber' && params[0] !== 'latest'
        ? { result: { number: params[0], hash: `0x${hash.repeat(64)}` } }
        : undefined,
  });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await prober?.stop({ graceful: false });
  await Promise.all(servers.map((s) => s.close()));
  await db.close();
  await db.dropCopy();
});

describe('wrong-data', () => {
  it('judges a hash only against a larger group of at least two that agree', () => {
    const verdicts = (hashes: string[]) => [...judgeHashes(new Map(hashes.map((h, i) => [i, h]))).values()];
    expect(verdicts(['a', 'a', 'b'])).toEqual([null, null, 2]);
    expect(verdicts(['a', 'b'])).toEqual([null, null]); // one against one tells nothing
    expect(verdicts(['a', 'a', 'b', 'b'])).toEqual([null, null, null, null]); // a tie tells nothing either
    expect(verdicts(['a', 'a', 'a', 'b', 'c'])).toEqual([null, null, null, 3, 3]);
  });

  it('an endpoint serving another block hash than two others is wrong-data, never ranked or handed out', async () => {
    await db.sql`DELETE FROM chain_rpc_endpoints`;
    const [{ id: chainId }] = await db.sql<{ id: number }[]>`
      INSERT INTO chains (name, slug, evm_chain_id) VALUES ('Data', 'data-check-test', ${EVM_ID}) RETURNING id`;
    const urls = [(await node('a')).url, (await node('a')).url, (await node('b')).url];
    for (const [position, url] of urls.entries()) {
      await db.sql`INSERT INTO chain_rpc_endpoints (chain_id, url, position) VALUES (${chainId}, ${url}, ${position})`;
    }
    prober = await startProber({
      db,
      config,
      log: pino({ level: 'silent' }),
      schema: 'pgboss_data_check',
      queue: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
      // Capabilities are another test's: here they would only add paced calls.
      checkCapabilities: async () => {
        throw new Error('not measured here');
      },
    });
    const endpoints = async () => (await listChainEndpoints(db.sql, chainId)).map(presentEndpoint);
    const deadline = Date.now() + 30_000;
    while ((await endpoints()).every((e) => e.health.status !== 'wrong-data')) {
      if (Date.now() > deadline) throw new Error('no data check judged the chain');
      await new Promise((r) => setTimeout(r, 200));
    }
    const listed = await endpoints();
    const odd = listed.find((e) => e.url === urls[2])!;
    expect(odd.health).toMatchObject({ status: 'wrong-data', disagreesWith: 2 });
    for (const e of listed.filter((x) => x !== odd)) {
      expect(e.health).toMatchObject({ status: 'ok', disagreesWith: null });
    }
    expect(rankEndpoints(listed).at(-1)!.url).toBe(urls[2]);
    expect(
      endpointsToHandOut(listed)
        .map((e) => e.url)
        .sort(),
    ).toEqual(urls.slice(0, 2).sort());
  });
});
