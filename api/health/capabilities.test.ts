// The capability check against real nodes (anvil keeping all history, anvil pruning it) and loopback servers that
// cap getLogs ranges and batches, refuse everything, or fail; it stays within its call budget and host pace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_CALLS_MAX, mergeCapabilities, probeCapabilities } from './capabilities.ts';
import type { ProbeOptions } from './probe.ts';
import { rpc, startAnvil, startFakeRpc, type Anvil, type FakeRpc, type FakeRpcOptions } from './test-servers.ts';
import { UNMEASURED_CAPABILITIES } from '../../contract/health-rule.ts';

const options: ProbeOptions = { allowPrivate: true, origin: 'https://atlas.example' };
/** Tests pace their calls 20 ms apart; one test checks the real pace. */
const FAST = 20;
let archive: Anvil;
let pruned: Anvil;
const servers: FakeRpc[] = [];
const fake = async (o: FakeRpcOptions) => {
  const server = await startFakeRpc(o);
  servers.push(server);
  return server;
};

beforeAll(async () => {
  [archive, pruned] = await Promise.all([startAnvil(), startAnvil({ pruneHistory: true })]);
  await Promise.all([rpc(archive.url, 'anvil_mine', ['0x40']), rpc(pruned.url, 'anvil_mine', ['0x40'])]);
});
afterAll(async () => {
  await Promise.all([archive.stop(), pruned.stop(), ...servers.map((s) => s.close())]);
});

describe('probeCapabilities', () => {
  it('a full node: archive, trace and debug answer; batches of 1,000 come back whole', async () => {
    const { capabilities, calls } = await probeCapabilities(archive.url, options, await archive.head(), FAST);
    expect(capabilities.archive).toMatchObject({ value: true, historyFrom: null });
    expect(capabilities.trace.value).toBe(true);
    expect(capabilities.debug.value).toBe(true);
    expect(capabilities.batchLimit.value).toBe(1_000);
    expect(capabilities.archive.checkedAt).toEqual(expect.any(String));
    // Its ~70 blocks hold no 1,000-block range: that check could not run, and says so.
    expect(capabilities.logsRange).toEqual({ value: null, checkedAt: null, statedLimit: null });
    expect(capabilities.websocketSubscriptions.value).toBeNull(); // an http:// endpoint
    expect(calls).toBeLessThanOrEqual(CAPABILITY_CALLS_MAX);
  });

  it('a pruned node: not archive, and the oldest block whose state it serves', async () => {
    // This anvil keeps the head's state only (and makes a block a second).
    const head = await pruned.head();
    const { capabilities } = await probeCapabilities(pruned.url, options, head, FAST);
    expect(capabilities.archive.value).toBe(false);
    expect(capabilities.archive.historyFrom).toBeGreaterThanOrEqual(head);
    expect(capabilities.archive.historyFrom).toBeLessThanOrEqual(await pruned.head());
  });

  it('over a WebSocket: a newHeads subscription delivers a head', async () => {
    const { capabilities } = await probeCapabilities(
      archive.url.replace('http:', 'ws:'),
      options,
      await archive.head(),
      FAST,
    );
    expect(capabilities.websocketSubscriptions.value).toBe(true);
    expect(capabilities.archive.value).toBe(true);
    expect(capabilities.batchLimit.value).toBeNull(); // batches are asked over HTTP
  });

  it("caps: the widest getLogs range and largest batch accepted, and the refusal's own words", async () => {
    const refusal = 'query exceeds max block range 10000';
    const capped = await fake({
      head: () => ({ block: 20_000_000, ageS: 1 }),
      maxBatch: 100,
      handle: (method, params) => {
        if (method === 'eth_getBalance') return { result: '0x0' };
        if (method !== 'eth_getLogs') return undefined;
        const { fromBlock, toBlock } = params[0] as { fromBlock: string; toBlock: string };
        return Number(toBlock) - Number(fromBlock) + 1 > 10_000
          ? { error: { code: -32005, message: refusal } }
          : { result: [] };
      },
    });
    const { capabilities, calls } = await probeCapabilities(capped.url, options, 20_000_000, FAST);
    expect(capabilities.logsRange).toMatchObject({ value: 10_000, statedLimit: refusal });
    expect(capabilities.batchLimit.value).toBe(100);
    expect(capabilities.archive.value).toBe(true);
    expect(capabilities.trace.value).toBe(false); // "Method not found"
    expect(calls).toBeLessThanOrEqual(CAPABILITY_CALLS_MAX);

    const tight = await fake({
      head: () => ({ block: 20_000_000, ageS: 1 }),
      handle: (method) =>
        method === 'eth_getLogs' ? { error: { code: -32000, message: 'range too wide' } } : undefined,
    });
    const t = (await probeCapabilities(tight.url, options, 20_000_000, FAST)).capabilities;
    expect(t.logsRange).toMatchObject({ value: 0, statedLimit: null }); // no number named
    expect(t.batchLimit.value).toBe(0);
  });

  it('a long pruned history: the search stays within 12 calls and the budget within 20', async () => {
    const head = 20_000_000;
    const oldest = 12_345_678;
    const server = await fake({
      head: () => ({ block: head, ageS: 1 }),
      handle: (method, params) =>
        method === 'eth_getBalance'
          ? Number(params[1]) >= oldest
            ? { result: '0x0' }
            : { error: { code: -32000, message: 'missing trie node' } }
          : undefined,
    });
    const { capabilities, calls } = await probeCapabilities(server.url, options, head, FAST);
    const from = capabilities.archive.historyFrom!;
    // Twelve calls cannot pin one block among 20 million: the oldest seen answering, within 1/1,024 of the range.
    expect(from).toBeGreaterThanOrEqual(oldest);
    expect(from - oldest).toBeLessThan(head / 1_024);
    expect(calls).toBeLessThanOrEqual(CAPABILITY_CALLS_MAX);
  });

  it('what could not run is null: an HTTP error, a rate limit, no server', async () => {
    const failing = await fake({ status: 500, body: 'oops' });
    expect((await probeCapabilities(failing.url, options, 1_000, FAST)).capabilities).toEqual(UNMEASURED_CAPABILITIES);
    const busy = await fake({
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'rate limit exceeded' } }),
    });
    expect((await probeCapabilities(busy.url, options, 1_000, FAST)).capabilities).toEqual(UNMEASURED_CAPABILITIES);
  });

  it('paces its calls to one host at one a second', async () => {
    const server = await fake({
      status: 200,
      body: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
    });
    await probeCapabilities(server.url, options, 3);
    const times = server.requestTimes();
    expect(times.length).toBeGreaterThanOrEqual(3);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(950);
  });
});

describe('mergeCapabilities', () => {
  it("keeps an earlier measurement where today's check could not run", () => {
    const before = {
      ...UNMEASURED_CAPABILITIES,
      trace: { value: true, checkedAt: '2026-11-25T00:00:00.000Z' },
      debug: { value: true, checkedAt: '2026-11-25T00:00:00.000Z' },
    };
    const today = { ...UNMEASURED_CAPABILITIES, debug: { value: false, checkedAt: '2026-11-26T00:00:00.000Z' } };
    expect(mergeCapabilities(before, today)).toEqual({
      ...UNMEASURED_CAPABILITIES,
      trace: before.trace,
      debug: today.debug,
    });
  });
});
