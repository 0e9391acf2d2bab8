import { describe, expect, it } from 'vitest';
import { UNMEASURED_CAPABILITIES, UNVERIFIED_HEALTH } from '../../contract/health-rule.ts';
import type { EndpointHealth } from '../../contract/health.ts';
import type { RpcEndpoint } from '../../contract/chains.ts';
import { capabilityBadges, filterEndpoints, healthWords, isDead, regionFigures } from './endpoint-health.ts';
import { timeAgo } from './dates.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const health = (over: Partial<EndpointHealth>): EndpointHealth => ({ ...UNVERIFIED_HEALTH, ...over });
const ep = (url: string, over: Partial<RpcEndpoint> = {}): RpcEndpoint => ({
  url,
  provider: null,
  tracking: 'none',
  needsApiKey: false,
  health: UNVERIFIED_HEALTH,
  capabilities: UNMEASURED_CAPABILITIES,
  ...over,
});

describe('endpoint health on the chain page', () => {
  it('calls an endpoint dead after 7 days down in a row, not before', () => {
    expect(isDead(health({ status: 'down', downSince: '2026-11-18T11:00:00Z' }), NOW)).toBe(true);
    expect(isDead(health({ status: 'down', downSince: '2026-11-20T12:00:00Z' }), NOW)).toBe(false);
    expect(isDead(health({ status: 'ok' }), NOW)).toBe(false);
  });

  it('filters: working only, no tracking, no API key, HTTPS / WSS, together', () => {
    const list = [
      ep('https://ok', { health: health({ status: 'ok' }) }),
      ep('http://plain', { health: health({ status: 'ok' }) }),
      ep('wss://track', { tracking: 'yes', health: health({ status: 'degraded' }) }),
      ep('https://unverified'),
      ep('https://key', { needsApiKey: true, health: health({ status: 'ok' }) }),
    ];
    const urls = (on: Parameters<typeof filterEndpoints>[1]) => filterEndpoints(list, on).map((e) => e.url);
    expect(urls(new Set(['working']))).toEqual(['https://ok', 'http://plain', 'wss://track', 'https://key']);
    expect(urls(new Set(['working', 'secure', 'noKey', 'noTracking']))).toEqual(['https://ok']);
    expect(urls(new Set())).toHaveLength(5);
  });

  it('filters on measured archive and trace, and badges only what was measured', () => {
    const at = '2026-11-25T06:00:00.000Z';
    const full = {
      ...UNMEASURED_CAPABILITIES,
      archive: { value: true, checkedAt: at, historyFrom: null },
      trace: { value: true, checkedAt: at },
      logsRange: { value: 10_000, checkedAt: at, statedLimit: null },
      batchLimit: { value: 0, checkedAt: at },
    };
    const pruned = { ...UNMEASURED_CAPABILITIES, archive: { value: false, checkedAt: at, historyFrom: 123 } };
    const list = [
      ep('https://full', { capabilities: full }),
      ep('https://pruned', { capabilities: pruned }),
      ep('https://new'),
    ];
    expect(filterEndpoints(list, new Set(['archive'])).map((e) => e.url)).toEqual(['https://full']);
    expect(filterEndpoints(list, new Set(['trace'])).map((e) => e.url)).toEqual(['https://full']);
    expect(capabilityBadges(full).map((b) => b.label)).toEqual(['Archive', 'Trace', 'Logs 10k blocks']);
    expect(capabilityBadges(pruned).map((b) => b.label)).toEqual(['State from #123']);
    expect(capabilityBadges(UNMEASURED_CAPABILITIES)).toEqual([]);
  });

  it('says how long ago a check ran', () => {
    expect(timeAgo('2026-11-25T11:57:00Z', NOW)).toBe('3 min ago');
    expect(timeAgo('2026-11-25T07:00:00Z', NOW)).toBe('5 h ago');
    expect(timeAgo('2026-11-22T12:00:00Z', NOW)).toBe('3 days ago');
  });
});

describe('health in words', () => {
  it('says "not checked yet" (and why while paused) for endpoints the prober has not reached, never "0 healthy"', () => {
    const paused = { state: 'paused' } as const;
    expect(healthWords({ healthy: 0, checked: 0, total: 32 }, paused)).toBe(
      'not checked yet — health checks paused: no network',
    );
    expect(healthWords({ healthy: 0, checked: 0, total: 32 }, { state: 'running' })).toBe('not checked yet');
    expect(healthWords({ healthy: 2, checked: 3, total: 5 }, { state: 'running' })).toBe(
      '2 of 3 checked healthy, 2 not checked yet',
    );
    expect(healthWords({ healthy: 4, checked: 5, total: 5 }, paused)).toBe('4 of 5 healthy');
  });
});

describe('latency per region', () => {
  const at = '2026-11-25T11:59:00.000Z';
  it('is shown once more than one region measured the endpoint, a stale region said so', () => {
    expect(regionFigures([])).toEqual([]);
    expect(regionFigures([{ region: 'server', status: 'ok', latencyMs: 80, checkedAt: at }])).toEqual([]);
    expect(
      regionFigures([
        { region: 'Frankfurt', status: 'ok', latencyMs: 120, checkedAt: at },
        { region: 'Singapore', status: 'stale', latencyMs: 340, checkedAt: at },
        { region: 'Sydney', status: 'down', latencyMs: null, checkedAt: at },
        { region: 'Tokyo', status: 'wrong-chain', latencyMs: 90, checkedAt: at },
      ]),
    ).toEqual([
      { region: 'Frankfurt', text: '120 ms', stale: false },
      { region: 'Singapore', text: '340 ms (stale)', stale: true },
      { region: 'Sydney', text: 'down', stale: false },
      { region: 'Tokyo', text: 'wrong chain', stale: false },
    ]);
  });
});
