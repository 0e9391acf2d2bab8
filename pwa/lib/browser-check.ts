// "Test from my browser": each keyless HTTPS endpoint a web page may call, measured from the visitor's browser now —
// latency (the median of a few calls after one warm-up, which pays for DNS, TLS and CORS preflight) and block height
// against the consensus head of their answers (the prober's rule). The results stay in the page: nothing is sent to this site's server.
import { isHttps, isKeyless } from '../../contract/eip3085.ts';
import type { RpcEndpoint } from '../../contract/chains.ts';
import { consensusHead } from '../../contract/health-rule.ts';

/** Timed calls after the warm-up; the latency shown is their median. */
export const TIMED_CALLS = 3;
/** Endpoints measured at once: a few, so that they do not slow each other down on a phone's connection. */
export const AT_ONCE = 3;
/** A call that has not answered by then counts as no answer. */
export const CALL_TIMEOUT_MS = 10_000;

export type BrowserResult =
  | { state: 'measuring' }
  | { state: 'measured'; latencyMs: number; height: number }
  /** The fetch failed: a CORS refusal and an unreachable host look the same to a page. */
  | { state: 'no-answer' }
  /** It answered, but not with a block number. */
  | { state: 'bad-answer'; detail: string };

/** Measured here: no key needed, HTTPS (a page on https cannot call http), and not known to refuse browser calls. */
export const isBrowserTestable = (e: Pick<RpcEndpoint, 'url' | 'needsApiKey' | 'tracking' | 'health'>) =>
  isKeyless(e) && isHttps(e.url) && e.health.browserCallable !== false;

class BadAnswer extends Error {}

/** One eth_blockNumber call: the block number, else BadAnswer (an answer) or another error (no answer). */
async function blockNumber(url: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    // No cookies or referrer to the endpoint, and no cached answer.
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    cache: 'no-store',
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!res.ok) throw new BadAnswer(`HTTP ${res.status}`);
  const body = (await res.json().catch(() => null)) as { result?: unknown; error?: { message?: unknown } } | null;
  if (typeof body?.result === 'string' && /^0x[0-9a-f]+$/i.test(body.result)) return Number.parseInt(body.result, 16);
  throw new BadAnswer(body?.error ? `error: ${String(body.error.message)}` : 'not a block number');
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One endpoint: a warm-up call, then TIMED_CALLS timed ones one after another. */
export async function measureEndpoint(url: string): Promise<BrowserResult> {
  try {
    await blockNumber(url);
    const times: number[] = [];
    let height = 0;
    for (let i = 0; i < TIMED_CALLS; i++) {
      const start = performance.now();
      height = Math.max(height, await blockNumber(url));
      times.push(performance.now() - start);
    }
    return { state: 'measured', latencyMs: Math.round(median(times)), height };
  } catch (err) {
    return err instanceof BadAnswer ? { state: 'bad-answer', detail: err.message } : { state: 'no-answer' };
  }
}

/** Measures every URL, AT_ONCE at a time, reporting each result as it comes. */
export async function measureAll(urls: readonly string[], report: (url: string, result: BrowserResult) => void) {
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      report(url, { state: 'measuring' });
      report(url, await measureEndpoint(url));
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, urls.length) }, worker));
}

/** The consensus head (contract/health-rule.ts) of the heights this browser saw; null before any answered. */
export const consensusHeight = (results: Iterable<BrowserResult>): number | null =>
  consensusHead([...results].flatMap((r) => (r.state === 'measured' ? [r.height] : [])));
