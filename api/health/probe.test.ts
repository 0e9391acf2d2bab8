// One probe against real servers on loopback: anvil (a real Ethereum node) and small servers that fail in one way
// each; the verdict the status rule gives each answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeEndpoint, type ProbeOptions } from './probe.ts';
import { consensusHead, verdict } from './status.ts';
import { ANVIL_CHAIN_ID, closedPort, rpc, startAnvil, startFakeRpc, type Anvil, type FakeRpc } from './test-servers.ts';

const options: ProbeOptions = { allowPrivate: true, origin: 'https://atlas.example' };
let anvil: Anvil;
const servers: FakeRpc[] = [];
const fake = async (o: Parameters<typeof startFakeRpc>[0]) => {
  const server = await startFakeRpc(o);
  servers.push(server);
  return server;
};

beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil.stop();
  await Promise.all(servers.map((s) => s.close()));
});

describe('probeEndpoint', () => {
  it('reads chain id, head and block time from a real node, and sees that a browser may call it', async () => {
    await new Promise((r) => setTimeout(r, 1_100)); // one block mined
    const result = await probeEndpoint(anvil.url, options);
    expect(result).toMatchObject({
      errorClass: null,
      httpStatus: 200,
      answeredChainId: ANVIL_CHAIN_ID,
      browserCallable: true,
    });
    expect(result.headBlock).toBeGreaterThanOrEqual(1);
    expect(Math.abs(Date.now() / 1000 - result.headTimestamp!)).toBeLessThan(10);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(verdict(result, ANVIL_CHAIN_ID, consensusHead([result.headBlock!]))).toMatchObject({
      status: 'ok',
      blockLag: 0,
    });
  });

  it('over a WebSocket too (anvil serves ws:// on its port)', async () => {
    const result = await probeEndpoint(anvil.url.replace('http:', 'ws:'), options);
    expect(result).toMatchObject({
      errorClass: null,
      httpStatus: 101,
      answeredChainId: ANVIL_CHAIN_ID,
      browserCallable: true,
    });
    expect(result.headBlock).toBeGreaterThanOrEqual(1);
    const refusing = await fake({ status: 429, body: 'slow down' }); // answers the upgrade with 429
    expect((await probeEndpoint(refusing.url.replace('http:', 'ws:'), options)).errorClass).toBe('http-429');
    const inside = await fake({});
    const redirect = await fake({ status: 302, body: '', headers: { location: inside.url.replace('http:', 'ws:') } });
    expect((await probeEndpoint(redirect.url.replace('http:', 'ws:'), options)).errorClass).toBe('redirect');
    expect(inside.requests()).toBe(0);
    expect(
      (await probeEndpoint(`ws://127.0.0.1:${new URL(anvil.url).port}/`, { ...options, allowPrivate: false }))
        .errorClass,
    ).toBe('refused-address');
  });

  it('asks its three calls in one batch where the endpoint takes batches, one by one where it does not', async () => {
    const batching = await fake({ maxBatch: 10 });
    const single = await fake({});
    for (const server of [batching, single]) {
      expect(await probeEndpoint(server.url, options)).toMatchObject({
        errorClass: null,
        answeredChainId: ANVIL_CHAIN_ID,
        headBlock: 1000,
        browserCallable: true,
      });
    }
    expect(batching.requests()).toBe(2); // the batch, the CORS preflight
    expect(single.requests()).toBe(5); // the batch refused, the three calls, the preflight
  });

  it('a node answering another chain id is wrong-chain', async () => {
    const server = await fake({ chainId: 1 });
    const result = await probeEndpoint(server.url, options);
    expect(result.answeredChainId).toBe(1);
    expect(verdict(result, ANVIL_CHAIN_ID, 1000).status).toBe('wrong-chain');
  });

  it('a node 100 blocks behind the real one, its head 100 s old, is degraded with its lag', async () => {
    await rpc(anvil.url, 'anvil_mine', ['0xc8']); // 200 blocks, so that 100 behind exists
    const lagging = await fake({ head: async () => ({ block: (await anvil.head()) - 100, ageS: 100 }) });
    const real = await probeEndpoint(anvil.url, options);
    const behind = await probeEndpoint(lagging.url, options);
    const consensus = consensusHead([real.headBlock!, behind.headBlock!]);
    const v = verdict(behind, ANVIL_CHAIN_ID, consensus);
    expect(v.status).toBe('degraded');
    expect(v.blockLag).toBeGreaterThanOrEqual(99);
    expect(v.headAgeS).toBeGreaterThanOrEqual(99);
  });

  it('slower than 2 s is degraded; past the timeout it is a timeout', async () => {
    const slow = await fake({ delayMs: 2_100 });
    const result = await probeEndpoint(slow.url, { ...options, timeoutMs: 5_000 });
    expect(result.latencyMs).toBeGreaterThan(2_000);
    expect(verdict(result, ANVIL_CHAIN_ID, 1000).status).toBe('degraded');
    const stuck = await probeEndpoint(slow.url, { ...options, timeoutMs: 300 });
    expect(stuck.errorClass).toBe('timeout');
    expect(verdict(stuck, ANVIL_CHAIN_ID, 1000).status).toBe('down');
  });

  it.each([
    [{ status: 429, body: 'slow down' }, 'http-429', 'degraded'],
    [{ status: 500, body: 'oops' }, 'http-5xx', 'down'],
    [{ status: 403, body: 'no' }, 'http-4xx', 'down'],
    [{ body: '<html>not json</html>' }, 'invalid-json', 'down'],
    [{ body: '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"no"}}' }, 'jsonrpc-error', 'down'],
    [{ padBytes: 70 * 1024 }, 'too-large', 'down'],
  ] as const)('%j → %s, %s', async (behaviour, errorClass, status) => {
    const server = await fake(behaviour);
    const result = await probeEndpoint(server.url, options);
    expect(result.errorClass).toBe(errorClass);
    expect(verdict(result, ANVIL_CHAIN_ID, 1000).status).toBe(status);
  });

  it('an endpoint without CORS works but a browser cannot call it', async () => {
    const server = await fake({ cors: false });
    const result = await probeEndpoint(server.url, options);
    expect(result).toMatchObject({ errorClass: null, browserCallable: false });
    expect(verdict(result, ANVIL_CHAIN_ID, 1000).status).toBe('ok');
  });

  it('a redirect is not followed, not even to a private address', async () => {
    const inside = await fake({});
    const redirecting = await fake({ status: 302, body: '', headers: { location: inside.url } });
    const result = await probeEndpoint(redirecting.url, { ...options, allowPrivate: false, resolve: async () => [] });
    expect(result.errorClass).toBe('refused-address'); // loopback itself is refused without PROBE_ALLOW_PRIVATE
    const allowed = await probeEndpoint(redirecting.url, options);
    expect(allowed).toMatchObject({ errorClass: 'redirect', httpStatus: 302 });
    expect(inside.requests()).toBe(0);
  });

  it('classifies a refused connection and an unknown name', async () => {
    expect((await probeEndpoint(`http://127.0.0.1:${await closedPort()}/`, options)).errorClass).toBe('connect');
    expect((await probeEndpoint('http://no-such-host.invalid/', options)).errorClass).toBe('dns');
  });
});
