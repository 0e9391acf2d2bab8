// Load generation with autocannon, bounded in time, with exact latency percentiles (autocannon's own
// summary has p97.5 but no p95, so every response time is recorded here).
import autocannon from 'autocannon';

export type LoadOptions = {
  url: string;
  /** Paths to request; several are taken at random per request (e.g. random provider slugs). */
  paths: string[];
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
};

export type LoadResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Mean response size on the wire (headers included), in bytes. */
  bytes: number;
  requests: number;
  /** Answers other than 200/304, plus connection errors and timeouts: any of these voids the sample. */
  failures: number;
  statuses: Record<string, number>;
};

export const CONNECTIONS = 50;

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function median(values: number[]) {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  const { paths } = opts;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.seconds ?? 5,
    headers: opts.headers,
    timeout: 30,
    requests: [
      paths.length > 1
        ? // A random path per request when several are given (uniform over them).
          { method: 'GET', setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }) }
        : { method: 'GET', path: paths[0] },
    ],
  });
  instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
    times.push(ms);
    bytes += resBytes;
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const ok = (statuses[200] ?? 0) + (statuses[304] ?? 0);
  return {
    rps: times.length / (result.duration || opts.seconds || 5),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    bytes: times.length ? bytes / times.length : 0,
    requests: times.length,
    failures: times.length - ok + result.errors + result.timeouts,
    statuses,
  };
}
