import { describe, expect, it } from 'vitest';
import { endpointsToHandOut, rankEndpoints } from './endpoint-rank.ts';
import { walletRpcUrls } from './eip3085.ts';
import type { HealthStatus } from './health.ts';

describe('rankEndpoints', () => {
  it('puts keyless endpoints first, then by privacy label, keeping the dataset order on ties', () => {
    const endpoints = [
      { url: 'key-none', needsApiKey: true, tracking: 'none' as const },
      { url: 'yes', needsApiKey: false, tracking: 'yes' as const },
      { url: 'unspecified', needsApiKey: false, tracking: 'unspecified' as const },
      { url: 'limited', needsApiKey: false, tracking: 'limited' as const },
      { url: 'none-1', needsApiKey: false, tracking: 'none' as const },
      { url: 'none-2', needsApiKey: false, tracking: 'none' as const },
    ];
    expect(rankEndpoints(endpoints).map((e) => e.url)).toEqual([
      'none-1',
      'none-2',
      'limited',
      'unspecified',
      'yes',
      'key-none',
    ]);
    expect(endpoints[0]!.url).toBe('key-none');
  });
});

describe('health in the ranking', () => {
  const at = (url: string, status: HealthStatus, latencyMs: number | null = null, tracking = 'none' as const) => ({
    url,
    needsApiKey: false,
    tracking,
    health: { status, latencyMs },
  });

  it('puts working and fast endpoints first, failing ones last, privacy deciding among the unverified', () => {
    const endpoints = [
      at('wrong', 'wrong-chain'),
      at('down', 'down'),
      { url: 'old-copy', needsApiKey: false, tracking: 'yes' as const },
      at('unverified', 'unverified'),
      at('slow', 'ok', 900),
      at('degraded', 'degraded', 50),
      at('fast', 'ok', 40),
    ];
    expect(rankEndpoints(endpoints).map((e) => e.url)).toEqual([
      'fast',
      'slow',
      'degraded',
      'unverified',
      'old-copy',
      'down',
      'wrong',
    ]);
  });

  it('hands out only healthy endpoints when any is, never a failing one, and the unverified while none is', () => {
    expect(
      endpointsToHandOut([at('down', 'down'), at('u', 'unverified'), at('ok', 'ok', 10)]).map((e) => e.url),
    ).toEqual(['ok']);
    expect(
      endpointsToHandOut([at('wrong', 'wrong-chain'), at('u1', 'unverified'), at('u2', 'unverified')]).map(
        (e) => e.url,
      ),
    ).toEqual(['u1', 'u2']);
    // Serving data the chain's other endpoints disagree with is failing, however fast it answers.
    expect(endpointsToHandOut([at('odd', 'wrong-data', 1), at('u', 'unverified')]).map((e) => e.url)).toEqual(['u']);
    expect(rankEndpoints([at('odd', 'wrong-data', 1), at('down', 'down')]).map((e) => e.url)).toEqual(['down', 'odd']);
    expect(walletRpcUrls([at('wss://ok', 'ok', 5), at('https://u', 'unverified'), at('https://down', 'down')])).toEqual(
      ['https://u'],
    );
  });
});
