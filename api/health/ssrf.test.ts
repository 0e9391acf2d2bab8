// The prober's address rules: every private, loopback, link-local, metadata and unique-local form is refused
// before any connection, and a DNS answer that changes between check and connect cannot redirect it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeEndpoint } from './probe.ts';
import { isPublicAddress, type Resolver } from './ssrf.ts';
import { startFakeRpc, type FakeRpc } from './test-servers.ts';

const origin = 'https://atlas.example';
let inside: FakeRpc;
beforeAll(async () => {
  inside = await startFakeRpc({});
});
afterAll(async () => {
  await inside.close();
});
const port = () => new URL(inside.url).port;

describe('address rules', () => {
  it.each([
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '224.0.0.1',
    '255.255.255.255',
    '[::1]',
    '[::]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::ffff:169.254.169.254]',
    '[fe80::1]',
    '[fc00::1]',
    '[fd00:ec2::254]',
    '[64:ff9b::7f00:1]',
    '[2002:7f00:1::]',
    '[ff02::1]',
    '[::127.0.0.1]',
    '[::ffff:0:127.0.0.1]',
  ])('refuses http://%s (nothing is sent)', async (host) => {
    const before = inside.requests();
    const result = await probeEndpoint(`http://${host}:${port()}/`, { allowPrivate: false, origin });
    expect(result.errorClass).toBe('refused-address');
    expect(result.httpStatus).toBeNull();
    expect(inside.requests()).toBe(before);
  });

  it('never reaches localhost (asked of DNS, which has no such name; its address is refused anyway)', async () => {
    const before = inside.requests();
    const result = await probeEndpoint(`http://localhost:${port()}/`, { allowPrivate: false, origin });
    expect(['dns', 'refused-address']).toContain(result.errorClass);
    expect(inside.requests()).toBe(before);
  });

  it('knows public addresses from the rest', () => {
    expect(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2001:4860:4860::8888'].map(isPublicAddress)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['172.32.0.1', '100.128.0.1', '11.0.0.1'].map(isPublicAddress)).toEqual([true, true, true]);
    expect(['not-an-ip', '192.168.0.1', 'fd12::1'].map(isPublicAddress)).toEqual([false, false, false]);
  });

  // Every IPv6 form that carries an IPv4 address, each with a refused IPv4 address inside.
  it.each([
    '::127.0.0.1', // IPv4-compatible (deprecated)
    '::10.0.0.1',
    '::169.254.169.254',
    '::ffff:127.0.0.1', // IPv4-mapped
    '::ffff:192.168.0.1',
    '::ffff:0:127.0.0.1', // IPv4-translated (SIIT)
    '::ffff:0:10.0.0.1',
    '64:ff9b::127.0.0.1', // NAT64, well-known prefix
    '64:ff9b::169.254.169.254',
    '64:ff9b:1::a00:1', // NAT64, local-use prefix
    '2002:7f00:1::1', // 6to4
    '2002:a9fe:a9fe::', // 6to4 of 169.254.169.254
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo (client 127.0.0.1, obfuscated)
  ])('refuses the IPv4-carrying IPv6 address %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('refuses a name whose answers include a private address', async () => {
    const resolve: Resolver = async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const result = await probeEndpoint(`http://mixed.example:${port()}/`, { allowPrivate: false, origin, resolve });
    expect(result.errorClass).toBe('refused-address');
  });

  it('DNS rebinding: the name is resolved once and the connection goes to the checked address', async () => {
    let calls = 0;
    // First answer public, every later one loopback: a second lookup at connect time would reach `inside`.
    const resolve: Resolver = async () =>
      calls++ === 0 ? [{ address: '8.8.8.8', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const before = inside.requests();
    const result = await probeEndpoint(`http://rebind.example:${port()}/`, {
      allowPrivate: false,
      origin,
      resolve,
      timeoutMs: 1_000,
    });
    expect(calls).toBe(1);
    expect(inside.requests()).toBe(before);
    expect(['connect', 'timeout']).toContain(result.errorClass);
  });

  it('PROBE_ALLOW_PRIVATE reaches loopback (tests only)', async () => {
    const result = await probeEndpoint(`http://127.0.0.1:${port()}/`, { allowPrivate: true, origin });
    expect(result.errorClass).toBeNull();
  });
});
