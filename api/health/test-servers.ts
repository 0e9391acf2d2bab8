// Real JSON-RPC servers on loopback for the prober's tests: Foundry's anvil (a real Ethereum node, mining a
// block a second) and small node:http servers that misbehave in one way each.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export const ANVIL_CHAIN_ID = 31337;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** JSON-RPC over fetch, for the tests' own look at a server. */
export async function rpc(url: string, method: string, params: unknown[] = []) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

export type Anvil = { url: string; head: () => Promise<number>; stop: () => Promise<void> };

/**
 * Starts anvil on a free loopback port (by default chain id ANVIL_CHAIN_ID, a block a second; `blockTime: null`
 * mines only on demand; `pruneHistory` keeps the head's state only, as a non-archive node) and waits until it answers.
 */
export async function startAnvil({
  chainId = ANVIL_CHAIN_ID,
  blockTime = 1,
  pruneHistory = false,
}: { chainId?: number; blockTime?: number | null; pruneHistory?: boolean } = {}): Promise<Anvil> {
  const require = createRequire(import.meta.url);
  const binary = path.join(path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      ...(blockTime === null ? [] : ['--block-time', String(blockTime)]),
      '--chain-id',
      String(chainId),
      '--silent',
      ...(pruneHistory ? ['--prune-history'] : []),
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const head = async () => Number(await rpc(url, 'eth_blockNumber'));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await head();
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw err;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    head,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type FakeRpcOptions = {
  chainId?: number;
  /** Head block and its age in seconds, asked on each call. */
  head?: () => Promise<{ block: number; ageS: number }> | { block: number; ageS: number };
  delayMs?: number;
  /** Answer every POST with this status and body instead. */
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  cors?: boolean;
  /** Pad each answer past this many bytes. */
  padBytes?: number;
  /** Answers a call itself (a result or a JSON-RPC error); undefined leaves it to the defaults. */
  handle?: (
    method: string,
    params: unknown[],
  ) => { result: unknown } | { error: { code: number; message: string } } | undefined;
  /** Batches of at most this many calls are answered; larger ones (and any, when unset) get one error. */
  maxBatch?: number;
  /** Serve https with this key and certificate (a browser test's page may call only https endpoints). */
  tls?: { key: string; cert: string };
};

export type FakeRpc = {
  url: string;
  requests: () => number;
  /** When each request arrived (performance.now()). */
  requestTimes: () => number[];
  close: () => Promise<void>;
};

/** A minimal Ethereum JSON-RPC server with one chosen flaw. */
export async function startFakeRpc(options: FakeRpcOptions = {}): Promise<FakeRpc> {
  const { chainId = ANVIL_CHAIN_ID, cors = true } = options;
  const times: number[] = [];
  const corsHeaders: Record<string, string> = cors
    ? {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
        'access-control-allow-methods': 'POST',
      }
    : {};
  type Call = { id: number; method: string; params: unknown[] };
  const hex = (n: number) => `0x${n.toString(16)}`;
  const answerCall = (call: Call, head: { block: number; ageS: number }) => {
    const own = options.handle?.(call.method, call.params);
    if (own) return { jsonrpc: '2.0', id: call.id, ...own };
    const result =
      call.method === 'eth_chainId'
        ? hex(chainId)
        : call.method === 'eth_blockNumber'
          ? hex(head.block)
          : call.method === 'eth_getBlockByNumber'
            ? { number: hex(head.block), timestamp: hex(Math.floor(Date.now() / 1000) - head.ageS) }
            : undefined;
    return result === undefined
      ? { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }
      : { jsonrpc: '2.0', id: call.id, result, ...(options.padBytes ? { pad: 'x'.repeat(options.padBytes) } : {}) };
  };
  const handler: http.RequestListener = async (req, res) => {
    times.push(performance.now());
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (req.method === 'OPTIONS') {
      res.writeHead(cors ? 204 : 405, corsHeaders).end();
      return;
    }
    if (options.status !== undefined || options.body !== undefined) {
      res.writeHead(options.status ?? 200, { 'content-type': 'application/json', ...corsHeaders, ...options.headers });
      res.end(options.body ?? '');
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString()) as Call | Call[];
    const head = options.head ? await options.head() : { block: 1000, ageS: 1 };
    const answer = !Array.isArray(body)
      ? answerCall(body, head)
      : body.length <= (options.maxBatch ?? 0)
        ? body.map((c) => answerCall(c, head))
        : { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } };
    res.writeHead(200, { 'content-type': 'application/json', ...corsHeaders }).end(JSON.stringify(answer));
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests: () => times.length,
    requestTimes: () => times,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A port on loopback that nothing listens on, and that nothing else can take while a test counts on it: below the
 * range the system hands out to listen(0) (a free port found and released could be another test file's server the
 * next moment), and not one of the ports fetch refuses to call.
 */
export const closedPort = async (): Promise<number> => 1023;
