// The health rules as pure functions.
import { describe, expect, it } from 'vitest';
import type { ProbeResult } from './probe.ts';
import { consensusHead, percentile, uptime, verdict } from './status.ts';

const at = new Date('2026-11-25T12:00:00Z');
const answer = (over: Partial<ProbeResult> = {}): ProbeResult => ({
  at,
  httpStatus: 200,
  latencyMs: 150,
  errorClass: null,
  answeredChainId: 1,
  headBlock: 1000,
  headTimestamp: at.getTime() / 1000 - 5,
  browserCallable: true,
  ...over,
});

describe('consensusHead', () => {
  it('is the median of the three highest heads, the highest when fewer than three, null when none', () => {
    expect(consensusHead([10, 50, 40, 30, 1_000_000])).toBe(50); // one runaway head does not move it
    expect(consensusHead([7, 9])).toBe(9);
    expect(consensusHead([5])).toBe(5);
    expect(consensusHead([])).toBeNull();
  });
});

describe('verdict', () => {
  it('ok: right chain, within 3 blocks, answered within 2 s', () => {
    expect(verdict(answer({ headBlock: 997, headTimestamp: at.getTime() / 1000 - 120 }), 1, 1000)).toEqual({
      status: 'ok',
      blockLag: 3,
      headAgeS: 120,
    });
  });
  it('ok when the head is fresh by time though many blocks behind (fast chains)', () => {
    expect(verdict(answer({ headBlock: 900 }), 1, 1000)).toMatchObject({ status: 'ok', blockLag: 100, headAgeS: 5 });
  });
  it('degraded: lagging beyond both limits, slower than 2 s, or HTTP 429', () => {
    expect(verdict(answer({ headBlock: 996, headTimestamp: at.getTime() / 1000 - 31 }), 1, 1000).status).toBe(
      'degraded',
    );
    expect(verdict(answer({ latencyMs: 2_001 }), 1, 1000).status).toBe('degraded');
    expect(verdict(answer({ errorClass: 'http-429', answeredChainId: null, headBlock: null }), 1, 1000).status).toBe(
      'degraded',
    );
  });
  it('wrong-chain: another chain id; down: no valid answer', () => {
    expect(verdict(answer({ answeredChainId: 56 }), 1, 1000).status).toBe('wrong-chain');
    for (const errorClass of [
      'timeout',
      'dns',
      'tls',
      'connect',
      'http-5xx',
      'invalid-json',
      'jsonrpc-error',
    ] as const) {
      expect(verdict(answer({ errorClass, headBlock: null }), 1, 1000).status).toBe('down');
    }
  });
  it('an endpoint ahead of the consensus has no lag', () => {
    expect(verdict(answer({ headBlock: 1005 }), 1, 1000).blockLag).toBe(0);
  });
});

describe('uptime and percentiles', () => {
  it('uptime is up probes over all probes across buckets; null with none', () => {
    expect(
      uptime([
        { probes: 6, up: 6 },
        { probes: 6, up: 3 },
      ]),
    ).toBe(0.75);
    expect(uptime([])).toBeNull();
  });
  it('nearest-rank p50 and p95', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 1..100, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeNull();
  });
});
