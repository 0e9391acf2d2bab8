// Which addresses the prober may reach: endpoint URLs come from the dataset and from admins, so the host is
// resolved here, every answer is checked, and the connection goes to the checked address (no second lookup
// that a rebinding DNS server could answer differently).
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Resolver as DnsResolver } from 'node:dns/promises';

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

// DNS queries straight to the configured servers (c-ares), not getaddrinfo: getaddrinfo runs on libuv's four
// threads, which the site's file reads and compression share, and a name whose server does not answer held one for
// 5 s (on a machine without network, 200 of the dataset's hosts took 40 s to fail). /etc/hosts is not read.
const dns = new DnsResolver({ timeout: 2_000, tries: 2 });

/** Every A and AAAA address of a name; rejects with the DNS error when it has neither. */
export const systemResolver: Resolver = async (hostname) => {
  const [v4, v6] = await Promise.allSettled([dns.resolve4(hostname), dns.resolve6(hostname)]);
  const answers: ResolvedAddress[] = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ];
  if (!answers.length && v4.status === 'rejected') throw v4.reason;
  return answers;
};

// Not public unicast: loopback, private, shared (CGNAT), link-local (cloud metadata at 169.254.169.254 and
// fd00:ec2::254), unique-local, documentation, benchmarking, multicast, reserved, and every IPv6 form that
// carries an IPv4 address (compatible, mapped, translated, NAT64, 6to4, Teredo), whole, since each could smuggle
// any of the IPv4 ones.
const REFUSED_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];
const REFUSED_V6 = [
  '::/96', // unspecified, loopback and IPv4-compatible (::a.b.c.d)
  '::ffff:0:0/96', // IPv4-mapped
  '::ffff:0:0:0/96', // IPv4-translated
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/32',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];
// One list per family: a BlockList matches IPv4 addresses against IPv6 rules too (as IPv4-mapped), so
// ::ffff:0:0/96 in a shared list would refuse every IPv4 address.
const blockList = (nets: string[], family: 'ipv4' | 'ipv6') => {
  const list = new BlockList();
  for (const net of nets) list.addSubnet(net.split('/')[0], Number(net.split('/')[1]), family);
  return list;
};
const refusedV4 = blockList(REFUSED_V4, 'ipv4');
const refusedV6 = blockList(REFUSED_V6, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refusedV4.check(address, 'ipv4');
  if (family === 6) return !refusedV6.check(address, 'ipv6');
  return false;
}

/** Why a host cannot be probed: it does not resolve, or it resolves (in part) to a refused address. */
export class AddressError extends Error {
  constructor(
    readonly kind: 'dns' | 'refused-address',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Resolves a URL's host once and returns the address to connect to. Any refused address among the answers
 * refuses the host (a name that also points inside is not an outside endpoint), unless private addresses
 * are allowed (tests and local experiments).
 */
export async function checkedAddress(hostname: string, allowPrivate: boolean, resolve: Resolver = systemResolver) {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  let answers: ResolvedAddress[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) as 4 | 6 }];
  else {
    try {
      answers = await resolve(host);
    } catch (err) {
      throw new AddressError('dns', `${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    if (!answers.length) throw new AddressError('dns', `${host}: no address`);
  }
  if (!allowPrivate) {
    const bad = answers.find((a) => !isPublicAddress(a.address));
    if (bad) throw new AddressError('refused-address', `${host} resolves to ${bad.address}, which is not public`);
  }
  return answers[0];
}

/** A DNS lookup that answers only the checked address (no second resolution a rebinding server could change). */
export const checkedLookup = (target: ResolvedAddress) =>
  ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
