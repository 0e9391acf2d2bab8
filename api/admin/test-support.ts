// Test helpers of the admin API tests: a signed-in admin and a whole-database fingerprint to prove
// that a refused write changed nothing.
import type { TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';

export const ADMIN_EMAIL = 'admin@example.com';

export function signInAdmin(t: TestServer): Promise<SignedIn> {
  return signIn(t, ADMIN_EMAIL);
}

// Every table an admin write can touch, in full (uploads by id and size: their bytes are large).
const TABLES = [
  'chains',
  'providers',
  'provider_chains',
  'chain_rpc_endpoints',
  'editorial_reviews',
  'ads',
  'partner_links',
  'contact_submissions',
  'about_page',
  'homepage_content',
  'category_content',
  'tracking_settings',
  'provider_facts',
] as const;

/** A fingerprint of the content tables: equal fingerprints mean nothing changed (timestamps included). */
export async function databaseState(t: TestServer): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [{ rows }] = await t.sql<{ rows: string }[]>`
      SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]')::text AS rows FROM ${t.sql(table)} x`;
    parts.push(`${table}: ${rows}`);
  }
  const [{ uploads }] = await t.sql<{ uploads: string }[]>`
    SELECT coalesce(jsonb_agg(jsonb_build_array(id, byte_size) ORDER BY id), '[]')::text AS uploads FROM uploaded_objects`;
  parts.push(`uploaded_objects: ${uploads}`);
  return parts.join('\n');
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The server-rendered head of a public page, as a crawler reads it (the shell is served without a build too). */
export async function pageHead(t: TestServer, path: string) {
  const res = await t.request(path);
  const html = await res.text();
  const meta = (attr: 'name' | 'property', key: string) => {
    const value = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
    return value === undefined ? undefined : unescape(value);
  };
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  return {
    status: res.status,
    title: title === undefined ? undefined : unescape(title),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogImage: meta('property', 'og:image'),
    twitterCard: meta('name', 'twitter:card'),
  };
}
