// The dataset's rules for reading the upstream lists (chainlist, ethereum-lists), as data/README.md states them:
// which RPC URLs are kept and how they are cleaned, which chains are testnets and which are selected, the slug
// rule, and provider attribution by host. The dataset build and the refresh (api/refresh/) both apply these.

export type Tracking = 'none' | 'limited' | 'yes' | 'unspecified';

const KEPT_SCHEMES = new Set(['https:', 'http:', 'wss:']);

// Listed upstream but not public endpoints: private Tenderly virtual testnets and a provider's web page.
const NOT_ENDPOINTS = [/^https:\/\/virtual\.[^/]*tenderly\.co\//, /^https:\/\/getblock\.io\/nodes\//];

const KEY_QUERY_NAMES = new Set(['api_key', 'apikey', 'key', 'token']);
const SHARED_KEYS = new Set(['demo', 'vk_demo']);
const API_KEY = '${API_KEY}';

/** A path segment that is an access token: shared demo keys, UUIDs, long hex, long letter-and-digit runs. */
function isToken(segment: string): boolean {
  if (SHARED_KEYS.has(segment)) return true;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment)) return true;
  if (/^[0-9a-f]{20,}$/i.test(segment)) return true;
  if (/^[A-Za-z0-9]{16,}$/.test(segment) && /[A-Za-z]/.test(segment) && /[0-9]/.test(segment)) return true;
  return /^[A-Za-z0-9_-]{20,}$/.test(segment) && /[a-z]/.test(segment) && /[A-Z]/.test(segment);
}

/**
 * An upstream RPC URL as the dataset lists it, or null when it is not kept: trailing `/` removed, literal access
 * tokens replaced by `${API_KEY}` (no key from the sources is kept); `needsApiKey` exactly when the URL holds a
 * `${...}` placeholder.
 */
export function cleanRpcUrl(raw: string): { url: string; needsApiKey: boolean } | null {
  const trimmed = raw.trim().replace(/\/+$/, '');
  const scheme = /^([a-z]+:)\/\//i.exec(trimmed)?.[1].toLowerCase();
  if (!scheme || !KEPT_SCHEMES.has(scheme) || NOT_ENDPOINTS.some((re) => re.test(trimmed))) return null;
  const [beforeQuery, query] = trimmed.split(/\?(.*)/s, 2);
  const [origin, ...segments] = beforeQuery.split(/(?<!\/)\/(?!\/)/);
  const path = segments.map((s) => (!s.includes('${') && isToken(s) ? API_KEY : s));
  let url = [origin, ...path].join('/');
  if (query !== undefined) {
    const params = query
      .split('&')
      .map((pair) => {
        const [name, value] = pair.split(/=(.*)/s, 2);
        return value !== undefined && value !== '' && !value.includes('${') && KEY_QUERY_NAMES.has(name.toLowerCase())
          ? `${name}=${API_KEY}`
          : pair;
      })
      .join('&');
    url += `?${params}`;
  }
  return { url, needsApiKey: url.includes('${') };
}

/** chainlist's testnet rule (name, title or network), plus three testnets whose names lack such a word. */
const TESTNET_WORDS = /test|devnet|sepolia|goerli|mumbai|fuji|amoy|hoodi/i;
const TESTNETS_BY_ID = new Set([1287, 51, 33111]);

export function isTestnet(chain: { chainId: number; name: string; title?: string | null; network?: string }) {
  return (
    TESTNETS_BY_ID.has(chain.chainId) ||
    [chain.name, chain.title, chain.network].some((s) => typeof s === 'string' && TESTNET_WORDS.test(s))
  );
}

/** Selection: an active chain of a family still running, with enough chainlist endpoints to be relevant. */
export function isSelected(chain: { name: string; status: string; isTestnet: boolean; rpcCount: number }) {
  if (chain.status === 'deprecated') return false;
  if (chain.isTestnet && /goerli|mumbai/i.test(chain.name)) return false;
  return chain.rpcCount >= (chain.isTestnet ? 6 : 5);
}

/** The name lower-cased and hyphenated, a trailing `-mainnet` dropped when at least three characters remain. */
export function chainSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const short = slug.replace(/-mainnet$/, '');
  return short.length >= 3 ? short : slug;
}

/** Host domain → provider slug, from providers.json's curated `hostDomains`. */
export type HostTable = Map<string, string>;

export function hostTable(providers: { slug: string; hostDomains: string[] }[]): HostTable {
  return new Map(providers.flatMap((p) => p.hostDomains.map((d) => [d, p.slug] as const)));
}

export function rpcHost(url: string): string | null {
  try {
    return new URL(url.replace(/\$\{[^}]*\}/g, 'KEY')).hostname;
  } catch {
    return null;
  }
}

/**
 * The provider an endpoint belongs to: the longest host domain of the table that is the URL's host or a parent
 * domain of it; null for the chains' own endpoints and services not in the table.
 */
export function attributeProvider(url: string, table: HostTable): string | null {
  const host = rpcHost(url);
  if (!host) return null;
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const provider = table.get(labels.slice(i).join('.'));
    if (provider) return provider;
  }
  return null;
}
