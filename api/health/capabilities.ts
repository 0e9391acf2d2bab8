// The daily capability check of one endpoint: what it can do beyond the head, measured by calls (never by what it
// says it supports). Polite by construction: at most CAPABILITY_CALLS_MAX calls, at most one a second to one host,
// whichever endpoints of that host are being checked. A check that could not run (no answer, a timeout, a busy
// node) leaves its value null: only an answer proves a capability present or absent.
import pThrottle from 'p-throttle';
import { BUSY, clientFor, ProbeFailure, type ProbeOptions } from './probe.ts';
import { AddressError } from './ssrf.ts';
import type { EndpointCapabilities } from '../../contract/health.ts';
import { UNMEASURED_CAPABILITIES } from '../../contract/health-rule.ts';

/** Calls one capability check may make, archive search included. */
export const CAPABILITY_CALLS_MAX = 20;
/** Of those, the archive check's (block 1, head − 10,000, then a binary search for the oldest block served). */
export const ARCHIVE_CALLS_MAX = 12;
/** How far behind the head a recent-but-not-latest state is asked. */
const RECENT_BLOCKS = 10_000;
const LOGS_RANGES = [1_000, 10_000, 100_000];
const BATCH_SIZES = [10, 100, 1_000];
/** A newHeads notification is awaited this long (a head every 12 s on the slowest common chains). */
const SUBSCRIPTION_WAIT_MS = 15_000;
/** Capability answers may be larger than a probe's: a 1,000-call batch, a block's traces. */
const CAPABILITY_MAX_BYTES = 256 * 1024;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** At most one call to a host in this many milliseconds. */
export const CAPABILITY_PACE_MS = 1_000;

const throttles = new Map<string, ReturnType<typeof pThrottle>>();
/** One call per `paceMs` to a host, across every check this process runs. */
function hostThrottle(host: string, paceMs: number) {
  const key = `${paceMs} ${host}`;
  let throttle = throttles.get(key);
  if (!throttle) throttles.set(key, (throttle = pThrottle({ limit: 1, interval: paceMs, strict: true })));
  return throttle;
}

/** An answer, a refusal (a JSON-RPC error naming what it will not do), or nothing that tells (null). */
type Outcome = { answered: true } | { answered: false; message: string } | null;

const hex = (n: number) => `0x${n.toString(16)}`;

/** Checks `rawUrl` whose head block is `head` (the probe's, just read); never throws. */
export async function probeCapabilities(
  rawUrl: string,
  options: ProbeOptions,
  head: number,
  paceMs = CAPABILITY_PACE_MS,
) {
  const checkedAt = new Date().toISOString();
  const found: EndpointCapabilities = structuredClone(UNMEASURED_CAPABILITIES);
  const url = new URL(rawUrl);
  let client: Awaited<ReturnType<ReturnType<typeof clientFor>>>;
  try {
    client = await clientFor(url)(url, { ...options, maxBytes: CAPABILITY_MAX_BYTES });
  } catch (err) {
    if (err instanceof ProbeFailure || err instanceof AddressError) return { capabilities: found, calls: 0 };
    throw err;
  }
  const throttled = hostThrottle(url.hostname, paceMs);
  let calls = 0;
  const send = <T>(request: () => Promise<T>) => {
    calls++;
    return throttled(request)();
  };
  const ask = async (method: string, params: unknown[], bigMeansAnswered = false): Promise<Outcome> => {
    if (calls >= CAPABILITY_CALLS_MAX) return null;
    try {
      await send(() => client.call(method, params));
      return { answered: true };
    } catch (err) {
      if (!(err instanceof ProbeFailure)) throw err;
      // A 2xx answer too large to read is a trace being sent, not a refusal.
      if (bigMeansAnswered && err.errorClass === 'too-large' && (err.httpStatus ?? 0) < 300) return { answered: true };
      const message = String(err.rpcError?.message ?? '');
      return err.errorClass === 'jsonrpc-error' && !BUSY.test(message) ? { answered: false, message } : null;
    }
  };
  const set = <K extends keyof EndpointCapabilities>(name: K, value: EndpointCapabilities[K]['value'], extra = {}) => {
    if (value !== null) found[name] = { ...found[name], value, checkedAt, ...extra } as EndpointCapabilities[K];
  };

  try {
    // archive: full history when both block 1 and a block 10,000 back answer; else the oldest block that does.
    const stateAt = (block: number) => ask('eth_getBalance', [ZERO_ADDRESS, hex(block)]);
    const archiveStart = calls;
    const recent = Math.max(1, head - RECENT_BLOCKS);
    const first = await stateAt(1);
    const atRecent = first === null || recent === 1 ? first : await stateAt(recent);
    if (first && atRecent) {
      if (first.answered && atRecent.answered) set('archive', true, { historyFrom: null });
      else {
        // The oldest answering block lies above the newest refused one: the head's state always answers.
        let [refused, served] = first.answered || !atRecent.answered ? [recent, head] : [1, recent];
        let unsure = false;
        while (served - refused > 1 && calls - archiveStart < ARCHIVE_CALLS_MAX && !unsure) {
          const middle = Math.floor((refused + served) / 2);
          const outcome = await stateAt(middle);
          if (outcome === null) unsure = true;
          else if (outcome.answered) served = middle;
          else refused = middle;
        }
        set('archive', false, { historyFrom: unsure ? null : served });
      }
    }

    // trace_ and debug_: a recent block's traces, by calling them.
    const traced = Math.max(0, head - 5);
    const traceBlock = await ask('trace_block', [hex(traced)], true);
    if (traceBlock) set('trace', traceBlock.answered);
    const debugBlock = await ask('debug_traceBlockByNumber', [hex(traced), { tracer: 'callTracer' }], true);
    if (debugBlock) set('debug', debugBlock.answered);

    // logsRange: 10,000 first, then 100,000 or 1,000 (two calls); a range reaching before block 0 is not asked.
    let statedLimit: string | null = null;
    const logsOver = async (blocks: number): Promise<boolean | null> => {
      if (head + 1 < blocks) return null;
      const outcome = await ask('eth_getLogs', [
        { fromBlock: hex(head - blocks + 1), toBlock: hex(head), address: ZERO_ADDRESS },
      ]);
      if (outcome && !outcome.answered && statedLimit === null && /\d/.test(outcome.message)) {
        statedLimit = outcome.message.slice(0, 200);
      }
      return outcome && outcome.answered;
    };
    const [small, middle, large] = LOGS_RANGES;
    const middleOk = await logsOver(middle);
    if (middleOk === true) set('logsRange', (await logsOver(large)) ? large : middle);
    else if (middleOk === false) {
      const smallOk = await logsOver(small);
      if (smallOk !== null) set('logsRange', smallOk ? small : 0);
    }
    if (found.logsRange.value !== null) found.logsRange.statedLimit = statedLimit;

    // batchLimit (HTTP): 100 first, then 1,000 or 10.
    const { batch } = client;
    if (batch) {
      const whole = async (size: number): Promise<boolean | null> => {
        if (calls >= CAPABILITY_CALLS_MAX) return null;
        try {
          return await send(() => batch(size));
        } catch (err) {
          if (err instanceof ProbeFailure) return null;
          throw err;
        }
      };
      const [few, some, many] = BATCH_SIZES;
      const someOk = await whole(some);
      if (someOk === true) set('batchLimit', (await whole(many)) ? many : some);
      else if (someOk === false) {
        const fewOk = await whole(few);
        if (fewOk !== null) set('batchLimit', fewOk ? few : 0);
      }
    }

    // websocketSubscriptions (ws:// and wss://): a newHeads subscription delivers a head.
    const { onNotification } = client;
    if (onNotification && calls < CAPABILITY_CALLS_MAX) {
      const delivered = new Promise<boolean>((resolve) => {
        onNotification(() => resolve(true));
        setTimeout(() => resolve(false), SUBSCRIPTION_WAIT_MS).unref();
      });
      const subscribed = await ask('eth_subscribe', ['newHeads']);
      // Subscribed but silent for the wait: a slow chain cannot be told from a broken feed.
      if (subscribed && !subscribed.answered) set('websocketSubscriptions', false);
      else if (subscribed && (await delivered)) set('websocketSubscriptions', true);
    }
  } finally {
    client.close();
  }
  return { capabilities: found, calls };
}

/** Today's measurement over the last one: a check that could not run today keeps what was measured before. */
export function mergeCapabilities(before: EndpointCapabilities, today: EndpointCapabilities): EndpointCapabilities {
  const merged = { ...today };
  for (const name of Object.keys(today) as (keyof EndpointCapabilities)[]) {
    if (today[name].value === null) Object.assign(merged, { [name]: before[name] });
  }
  return merged;
}
