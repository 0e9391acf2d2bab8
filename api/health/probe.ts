// One probe of one JSON-RPC endpoint over HTTP(S): chain id, head block and its timestamp, then a CORS
// preflight. Each call has its own timeout, answers are capped, redirects are never followed, and the
// connection goes to the address checked by ssrf.ts.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AddressError, checkedAddress, type Resolver } from './ssrf.ts';

export const PROBE_TIMEOUT_MS = 5_000;
export const PROBE_MAX_BYTES = 64 * 1024;

export type ErrorClass =
  | 'timeout' | 'dns' | 'tls' | 'connect' | 'refused-address' | 'redirect' | 'http-429' | 'http-4xx' | 'http-5xx'
  | 'too-large' | 'invalid-json' | 'jsonrpc-error' | 'wrong-chain';

export type ProbeResult = {
  /** When the probe started. */
  at: Date;
  httpStatus: number | null;
  /** The slowest of the JSON-RPC calls that answered (a wallet makes all of them). */
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

class ProbeFailure extends Error {
  constructor(readonly errorClass: ErrorClass, readonly httpStatus: number | null = null,
    readonly rpcError?: { code: unknown; message: unknown }) {
    super(errorClass);
  }
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|UNABLE_TO_|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/;

function classify(err: NodeJS.ErrnoException): ErrorClass {
  const code = err.code ?? '';
  if (TLS_CODES.test(code) || /ssl|tls|certificate/i.test(err.message)) return 'tls';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  return 'connect';
}

/** One HTTP exchange with the checked address; rejects with a ProbeFailure. */
function exchange(url: URL, lookupFn: LookupFunction, init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number, maxBytes: number): Promise<Answer> {
  const started = performance.now();
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method: init.method, headers: init.headers, lookup: lookupFn, agent: false,
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
    req.on('error', (err) => fail(err instanceof ProbeFailure ? err : new ProbeFailure(classify(err))));
    req.on('response', (res) => {
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
          status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'),
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
  const lookupFn = ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
  let id = 0;
  const call = async (method: string, params: unknown[]) => {
    const answer = await exchange(url, lookupFn, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    }, timeoutMs, maxBytes);
    onAnswer(answer.status, answer.ms);
    if (answer.status >= 300 && answer.status < 400) throw new ProbeFailure('redirect', answer.status);
    if (answer.status === 429) throw new ProbeFailure('http-429', answer.status);
    if (answer.status >= 500) throw new ProbeFailure('http-5xx', answer.status);
    if (answer.status >= 400 || answer.status < 200) throw new ProbeFailure('http-4xx', answer.status);
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown } };
    try {
      body = JSON.parse(answer.body);
    } catch {
      throw new ProbeFailure('invalid-json', answer.status);
    }
    if (body && typeof body === 'object' && body.error) {
      throw new ProbeFailure('jsonrpc-error', answer.status, { code: body.error.code, message: body.error.message });
    }
    if (!body || typeof body !== 'object' || !('result' in body)) throw new ProbeFailure('invalid-json', answer.status);
    return body.result;
  };
  return { call, preflight: () => preflight(url, lookupFn, options.origin, timeoutMs) };
}

/** Probes one endpoint; never throws (a failure is a result with its error class). */
export async function probeEndpoint(rawUrl: string, options: ProbeOptions): Promise<ProbeResult> {
  const result: ProbeResult = {
    at: new Date(), httpStatus: null, latencyMs: null, errorClass: null, answeredChainId: null, headBlock: null,
    headTimestamp: null, browserCallable: null,
  };
  try {
    const { call, preflight: askPreflight } = await rpcClient(new URL(rawUrl), options, (status, ms) => {
      result.httpStatus = status;
      if (status >= 200 && status < 300) result.latencyMs = Math.max(result.latencyMs ?? 0, ms);
    });
    result.answeredChainId = hex(await call('eth_chainId', []));
    if (result.answeredChainId === null) throw new ProbeFailure('invalid-json', result.httpStatus);
    result.headBlock = hex(await call('eth_blockNumber', []));
    if (result.headBlock === null) throw new ProbeFailure('invalid-json', result.httpStatus);
    const block = await call('eth_getBlockByNumber', ['latest', false]) as { number?: unknown; timestamp?: unknown } | null;
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
  }
  return result;
}

/** What an endpoint serves beyond the head: null where the answer says nothing (no answer, an HTTP error). */
export type Capabilities = { archive: boolean | null; trace: boolean | null; debug: boolean | null };

/** An address whose balance any node can be asked about (the zero address). */
const KNOWN_ADDRESS = '0x0000000000000000000000000000000000000000';
const METHOD_NOT_FOUND = /method .*(not found|does not exist|not (available|supported|allowed|enabled))|unsupported method/i;

/**
 * The daily capability probe: an archive read (the known address's balance at block 1: a pruned node answers an
 * error) and whether `trace_` and `debug_` methods exist (any answer but "method not found" counts).
 */
export async function probeCapabilities(rawUrl: string, options: ProbeOptions): Promise<Capabilities> {
  const capabilities: Capabilities = { archive: null, trace: null, debug: null };
  let call: Awaited<ReturnType<typeof rpcClient>>['call'];
  try {
    ({ call } = await rpcClient(new URL(rawUrl), options));
  } catch {
    return capabilities;
  }
  const ask = async (method: string, params: unknown[], exists: (err: ProbeFailure) => boolean | null) => {
    try {
      await call(method, params);
      return true;
    } catch (err) {
      return err instanceof ProbeFailure && err.errorClass === 'jsonrpc-error' ? exists(err) : null;
    }
  };
  const methodExists = (err: ProbeFailure) =>
    !(err.rpcError?.code === -32601 || METHOD_NOT_FOUND.test(String(err.rpcError?.message ?? '')));
  capabilities.archive = await ask('eth_getBalance', [KNOWN_ADDRESS, '0x1'], () => false);
  capabilities.trace = await ask('trace_block', ['0x1'], methodExists);
  capabilities.debug = await ask('debug_traceBlockByNumber', ['0x1', {}], methodExists);
  return capabilities;
}

/** What a browser asks before a cross-origin JSON POST; null when the preflight itself got no answer. */
async function preflight(url: URL, lookupFn: LookupFunction, origin: string, timeoutMs: number): Promise<boolean | null> {
  try {
    const answer = await exchange(url, lookupFn, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    }, timeoutMs, PROBE_MAX_BYTES);
    const allowOrigin = answer.headers['access-control-allow-origin'];
    const allowHeaders = String(answer.headers['access-control-allow-headers'] ?? '').toLowerCase().split(/\s*,\s*/);
    const allowMethods = answer.headers['access-control-allow-methods'];
    const methods = String(allowMethods ?? 'POST').toUpperCase().split(/\s*,\s*/);
    return answer.status >= 200 && answer.status < 300
      && (allowOrigin === '*' || allowOrigin === origin)
      && (allowHeaders.includes('content-type') || allowHeaders.includes('*'))
      && (methods.includes('POST') || methods.includes('*'));
  } catch {
    return null;
  }
}
