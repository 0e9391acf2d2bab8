// The prober's configuration: defaults, and private addresses refused in production.
import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

it('probes every 600 s by default, public addresses only, as the region "server"', () => {
  expect(loadConfig({}).probes).toEqual({ enabled: true, intervalS: 600, allowPrivate: false, region: 'server' });
  expect(loadConfig({ PROBE_REGION: 'eu-central 1' }).probes.region).toBe('eu-central 1');
  expect(() => loadConfig({ PROBE_REGION: '-x' })).toThrow('PROBE_REGION: a region is');
  expect(loadConfig({ PROBES: 'off', PROBE_INTERVAL_S: '300' }).probes).toMatchObject({
    enabled: false,
    intervalS: 300,
  });
});

it('refuses PROBE_ALLOW_PRIVATE=1 with NODE_ENV=production, and bad values', () => {
  expect(loadConfig({ PROBE_ALLOW_PRIVATE: '1', NODE_ENV: 'test' }).probes.allowPrivate).toBe(true);
  expect(() =>
    loadConfig({ PROBE_ALLOW_PRIVATE: '1', NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }),
  ).toThrow('PROBE_ALLOW_PRIVATE=1 is refused with NODE_ENV=production');
  expect(() => loadConfig({ PROBE_INTERVAL_S: '0' })).toThrow('PROBE_INTERVAL_S');
  expect(() => loadConfig({ PROBES: 'yes' })).toThrow('PROBES');
});
