// One probe of one JSON-RPC endpoint over HTTP(S) or WebSocket: chain id, head block and its timestamp, then
// whether a browser may call it. Each call has its own timeout, answers are capped, redirects are never followed,
// and the connection goes to the address checked by ssrf.ts.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import WebSocket from 'ws';
import { AddressError, checkedAddress, checkedLookup, type Resolver } from './ssrf.ts';

export const PROBE_TIMEOUT_MS = 5_000;
export const PROBE_MAX_BYTES = 64 * 1024;
/** Error answers that say the node is busy, not that it lacks what was asked. */
export const BUSY = /rate.?limit|too many requests|capacity|try again/i;

export type ErrorClass =
  | 'timeout'
  | 'dns'
  | 'tls'
  | 'connect'
  | 'refused-address'
  | 'redirect'
  | 'http-429'
  | 'http-4xx'
  | 'http-5xx'
  | 'too-large'
  | 'invalid-json'
  | 'jsonrpc-error'
  | 'wrong-chain';

export type ProbeResult = {
  /** When the probe started. */
  at: Date;
  httpStatus: number | null;
  /** The slowest answer to the JSON-RPC calls (their batch's, when they went as one; a wallet makes all of them). */
  latencyMs: number | null;
  errorClass: ErrorClass | null;
  answeredChainId: number | null;
  headBlock: number | null;
  /** Unix seconds of the head block. */
  headTimestamp: number | null;
  /** Whether a page on another origin may call it (CORS preflight for a JSON POST); null when not asked. */
  browserCallable: boolean | null;
};

export type ProbeOptions = {
  allowPrivate: boolean;
  /** The Origin the CORS preflight presents (the site's own). */
  origin: string;
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
};

export class ProbeFailure extends Error {
  constructor(
    readonly errorClass: ErrorClass,
    readonly httpStatus: number | null = null,
    readonly rpcError?: { code: unknown; message: unknown },
  ) {
    super(errorClass);
  }
}

/**
 * Connections stay open between calls to a host, as a wallet's do, for this long idle (under the 5 s a server on
 * node's defaults keeps them): a probe's calls after its first, and the next probe of the same host, skip the
 * connect and TLS handshakes. A kept connection goes to the address that was checked when it was opened.
 */
const KEEP_ALIVE_MS = 4_000;
const keptConnections = {
  'http:': new http.Agent({ keepAlive: true, timeout: KEEP_ALIVE_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: KEEP_ALIVE_MS }),
};
/** Errors of a kept connection the server had just closed: the call is sent again on a new one. */
const CLOSED_MEANWHILE = new Set(['ECONNRESET', 'EPIPE']);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|UNABLE_TO_|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/;

function classify(err: NodeJS.ErrnoException): ErrorClass {
  const code = err.code ?? '';
  if (TLS_CODES.test(code) || /ssl|tls|certificate/i.test(err.message)) return 'tls';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  return 'connect';
}

/** One HTTP exchange with the checked address; rejects with a ProbeFailure. */
function exchange(
  url: URL,
  lookupFn: LookupFunction,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
  maxBytes: number,
  fresh = false,
): Promise<Answer> {
  const started = performance.now();
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method: init.method,
      headers: init.headers,
      lookup: lookupFn,
      agent: fresh ? false : keptConnections[url.protocol as 'http:' | 'https:'],
      // SNI and certificate checks use the URL's name, whatever address the socket went to.
      servername: url.hostname.replace(/^\[.*\]$/, '') || undefined,
    });
    const timer = setTimeout(() => fail(new ProbeFailure('timeout')), timeoutMs);
    let settled = false;
    const fail = (failure: ProbeFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(failure);
    };
    let answered = false;
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (req.reusedSocket && !answered && !settled && CLOSED_MEANWHILE.has(err.code ?? '')) {
        settled = true;
        clearTimeout(timer);
        resolve(exchange(url, lookupFn, init, timeoutMs, maxBytes, true));
        return;
      }
      fail(err instanceof ProbeFailure ? err : new ProbeFailure(classify(err)));
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(new ProbeFailure('too-large', res.statusCode ?? null));
        else chunks.push(chunk);
      });
      res.on('error', (err) => fail(new ProbeFailure(classify(err), res.statusCode ?? null)));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: Math.round(performance.now() - started),
        });
      });
    });
    req.end(init.body);
  });
}

const hex = (v: unknown) => (typeof v === 'string' && /^0x[0-9a-f]+$/i.test(v) ? Number(BigInt(v)) : null);

/**
 * A JSON-RPC client bound to one URL and its checked address. Each call resolves to its result or rejects with a
 * ProbeFailure; `onAnswer` sees every HTTP answer (status, milliseconds) first.
 */
async function rpcClient(url: URL, options: ProbeOptions, onAnswer: (status: number, ms: number) => void = () => {}) {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? PROBE_MAX_BYTES;
  const target = await checkedAddress(url.hostname, options.allowPrivate, options.resolve);
  const lookupFn = checkedLookup(target);
  const post = (body: string) =>
    exchange(
      url,
      lookupFn,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body },
      timeoutMs,
      maxBytes,
    );
  let id = 0;
  const call = async (method: string, params: unknown[]) => {
    const answer = await post(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }));
    onAnswer(answer.status, answer.ms);
    const failure = statusFailure(answer.status);
    if (failure) throw failure;
    return rpcResult(answer.body, answer.status);
  };
  /**
   * Several calls as one JSON-RPC batch: one exchange, one answer time for all. When the batch does not come back
   * whole (an endpoint that takes no batches, or refuses this one), the calls go one by one instead and decide;
   * only a failure to reach the endpoint at all stands.
   */
  const calls = async (list: Call[]) => {
    const sent = list.map(([method, params]) => ({ jsonrpc: '2.0', id: ++id, method, params }));
    let answer: Answer;
    try {
      answer = await post(JSON.stringify(sent));
    } catch (err) {
      if (err instanceof ProbeFailure && UNREACHABLE.has(err.errorClass)) throw err;
      return oneByOne(call, list);
    }
    const answers = answer.status >= 200 && answer.status < 300 ? batchAnswers(answer.body) : null;
    const each = answers && sent.map((c) => answers.get(c.id));
    if (!each?.every((a) => a !== undefined)) return oneByOne(call, list);
    onAnswer(answer.status, answer.ms);
    return each.map((a) => rpcResult(a, answer.status));
  };
  /**
   * Whether a JSON-RPC batch of `size` calls came back whole (an array with a result for every call); null when the
   * answer says the node is busy.
   */
  const batch = async (size: number) => {
    const calls = Array.from({ length: size }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'eth_chainId',
      params: [],
    }));
    const answer = await post(JSON.stringify(calls));
    if (answer.status === 429 || answer.status >= 500) throw statusFailure(answer.status)!;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return false;
    }
    if (BUSY.test(String((body as { error?: { message?: unknown } })?.error?.message ?? ''))) return null;
    const answered = new Set(
      Array.isArray(body) ? body.flatMap((a: { id?: unknown; result?: unknown }) => ('result' in a ? [a.id] : [])) : [],
    );
    return calls.every((c) => answered.has(c.id));
  };
  return {
    call,
    calls,
    batch,
    onNotification: undefined,
    preflight: () => preflight(url, lookupFn, options.origin, timeoutMs),
    close: () => {},
  };
}

/** The failure an HTTP status means (redirects are never followed), or null for 2xx. */
function statusFailure(status: number): ProbeFailure | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return new ProbeFailure('redirect', status);
  if (status === 429) return new ProbeFailure('http-429', status);
  if (status >= 500) return new ProbeFailure('http-5xx', status);
  return new ProbeFailure('http-4xx', status);
}

type Call = [method: string, params: unknown[]];
/** Failures to reach an endpoint at all, whatever was sent. */
const UNREACHABLE = new Set<ErrorClass>(['dns', 'connect', 'tls', 'refused-address']);

/** Each answer of a batch answer (an array of JSON-RPC answers) as its own text, by id; null for anything else. */
function batchAnswers(text: string): Map<unknown, string> | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(body)) return null;
  return new Map(body.map((a: { id?: unknown }) => [a?.id, JSON.stringify(a)]));
}

/** The calls one after another, each deciding alone (the first failure stops the rest). */
async function oneByOne(call: (method: string, params: unknown[]) => Promise<unknown>, list: Call[]) {
  const results: unknown[] = [];
  for (const [method, params] of list) results.push(await call(method, params));
  return results;
}

/** A JSON-RPC answer's result; rejects an error answer or anything that is not one. */
function rpcResult(text: string, httpStatus: number | null): unknown {
  let body: { result?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProbeFailure('invalid-json', httpStatus);
  }
  if (body && typeof body === 'object' && body.error) {
    throw new ProbeFailure('jsonrpc-error', httpStatus, { code: body.error.code, message: body.error.message });
  }
  if (!body || typeof body !== 'object' || !('result' in body)) throw new ProbeFailure('invalid-json', httpStatus);
  return body.result;
}

/**
 * The same client over a WebSocket (ws:// and wss:// endpoints). Browsers apply no CORS to WebSockets: a page can
 * call one whose handshake accepts its Origin, which this handshake sends.
 */
async function wsClient(url: URL, options: ProbeOptions, onAnswer: (status: number, ms: number) => void = () => {}) {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const target = await checkedAddress(url.hostname, options.allowPrivate, options.resolve);
  const socket = new WebSocket(url, {
    // ws sets SNI from the URL's host name itself; only the address comes from the lookup.
    lookup: checkedLookup(target),
    followRedirects: false,
    maxPayload: options.maxBytes ?? PROBE_MAX_BYTES,
    handshakeTimeout: timeoutMs,
    origin: options.origin,
    perMessageDeflate: false,
  });
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (f: ProbeFailure) => void }>();
  const failAll = (failure: ProbeFailure) => {
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  const notified = new Set<(params: unknown) => void>();
  socket.on('message', (data) => {
    const text = data.toString();
    let message: { id?: unknown; method?: unknown; params?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return failAll(new ProbeFailure('invalid-json', 101));
    }
    // A subscription's notifications carry no id.
    if (message?.method === 'eth_subscription') for (const listener of notified) listener(message.params);
    const id = message?.id;
    const w = waiting.get(id as number);
    waiting.delete(id as number);
    w?.resolve(text);
  });
  socket.on('error', (err: NodeJS.ErrnoException) => failAll(wsFailure(err)));
  socket.on('close', () => failAll(new ProbeFailure('connect', 101)));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('unexpected-response', (_req, res) => {
        reject(statusFailure(res.statusCode ?? 0) ?? new ProbeFailure('http-4xx', res.statusCode ?? null));
        socket.terminate();
      });
      socket.once('error', (err: NodeJS.ErrnoException) => reject(wsFailure(err)));
    });
  } catch (err) {
    socket.terminate();
    throw err;
  }
  onAnswer(101, 0);
  let id = 0;
  const call = (method: string, params: unknown[]) => {
    const callId = ++id;
    const sent = performance.now();
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ProbeFailure('timeout', 101)), timeoutMs);
      waiting.set(callId, {
        resolve: (text) => {
          clearTimeout(timer);
          onAnswer(101, Math.round(performance.now() - sent));
          try {
            resolve(rpcResult(text, 101));
          } catch (failure) {
            reject(failure);
          }
        },
        reject: (failure) => {
          clearTimeout(timer);
          reject(failure);
        },
      });
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: callId, method, params }));
    });
  };
  return {
    call,
    // Sent together on the one socket; the first failure in call order stands, as one by one.
    calls: async (list: Call[]) => {
      const settled = await Promise.allSettled(list.map(([method, params]) => call(method, params)));
      return settled.map((s) => {
        if (s.status === 'rejected') throw s.reason;
        return s.value;
      });
    },
    batch: undefined,
    onNotification: (listener: (params: unknown) => void) => notified.add(listener),
    preflight: async () => true,
    close: () => socket.terminate(),
  };
}

function wsFailure(err: NodeJS.ErrnoException): ProbeFailure {
  if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return new ProbeFailure('too-large', 101);
  if (/handshake has timed out/i.test(err.message)) return new ProbeFailure('timeout');
  return new ProbeFailure(classify(err));
}

/** The client for the URL's scheme. */
export const clientFor = (url: URL) => (url.protocol === 'ws:' || url.protocol === 'wss:' ? wsClient : rpcClient);

/** Probes one endpoint; never throws (a failure is a result with its error class). */
export async function probeEndpoint(rawUrl: string, options: ProbeOptions): Promise<ProbeResult> {
  const result: ProbeResult = {
    at: new Date(),
    httpStatus: null,
    latencyMs: null,
    errorClass: null,
    answeredChainId: null,
    headBlock: null,
    headTimestamp: null,
    browserCallable: null,
  };
  const url = new URL(rawUrl);
  let close = () => {};
  try {
    const client = await clientFor(url)(url, options, (status, ms) => {
      result.httpStatus = status;
      if (status < 300) result.latencyMs = Math.max(result.latencyMs ?? 0, ms);
    });
    close = client.close;
    const { calls, preflight: askPreflight } = client;
    // What a wallet asks first, in one batch where the endpoint takes one (each call alone otherwise).
    const [chainId, blockNumber, head] = await calls([
      ['eth_chainId', []],
      ['eth_blockNumber', []],
      ['eth_getBlockByNumber', ['latest', false]],
    ]);
    result.answeredChainId = hex(chainId);
    if (result.answeredChainId === null) throw new ProbeFailure('invalid-json', result.httpStatus);
    result.headBlock = hex(blockNumber);
    if (result.headBlock === null) throw new ProbeFailure('invalid-json', result.httpStatus);
    const block = head as { number?: unknown; timestamp?: unknown } | null;
    result.headTimestamp = hex(block?.timestamp);
    if (result.headTimestamp === null) throw new ProbeFailure('invalid-json', result.httpStatus);
    // "latest" may have moved on since eth_blockNumber: the block whose time we have is the head.
    result.headBlock = Math.max(result.headBlock, hex(block?.number) ?? 0);
    result.browserCallable = await askPreflight();
  } catch (err) {
    if (err instanceof ProbeFailure) {
      result.errorClass = err.errorClass;
      if (err.httpStatus !== null) result.httpStatus = err.httpStatus;
    } else if (err instanceof AddressError) result.errorClass = err.kind;
    else throw err;
  } finally {
    close();
  }
  return result;
}

/** What a browser asks before a cross-origin JSON POST; null when the preflight itself got no answer. */
async function preflight(
  url: URL,
  lookupFn: LookupFunction,
  origin: string,
  timeoutMs: number,
): Promise<boolean | null> {
  try {
    const answer = await exchange(
      url,
      lookupFn,
      {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      },
      timeoutMs,
      PROBE_MAX_BYTES,
    );
    const allowOrigin = answer.headers['access-control-allow-origin'];
    const allowHeaders = String(answer.headers['access-control-allow-headers'] ?? '')
      .toLowerCase()
      .split(/\s*,\s*/);
    const allowMethods = answer.headers['access-control-allow-methods'];
    const methods = String(allowMethods ?? 'POST')
      .toUpperCase()
      .split(/\s*,\s*/);
    return (
      answer.status >= 200 &&
      answer.status < 300 &&
      (allowOrigin === '*' || allowOrigin === origin) &&
      (allowHeaders.includes('content-type') || allowHeaders.includes('*')) &&
      (methods.includes('POST') || methods.includes('*'))
    );
  } catch {
    return null;
  }
}

/** The hash of block `block` as the endpoint serves it; null when it did not answer one. */
export async function blockHashAt(rawUrl: string, options: ProbeOptions, block: number): Promise<string | null> {
  const url = new URL(rawUrl);
  try {
    const client = await clientFor(url)(url, options);
    try {
      const answer = (await client.call('eth_getBlockByNumber', [`0x${block.toString(16)}`, false])) as {
        hash?: unknown;
      } | null;
      return typeof answer?.hash === 'string' && /^0x[0-9a-f]{64}$/i.test(answer.hash)
        ? answer.hash.toLowerCase()
        : null;
    } finally {
      client.close();
    }
  } catch (err) {
    if (err instanceof ProbeFailure || err instanceof AddressError) return null;
    throw err;
  }
}
