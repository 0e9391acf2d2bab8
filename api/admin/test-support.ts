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
  'chains', 'providers', 'provider_chains', 'chain_rpc_endpoints', 'editorial_reviews', 'ads', 'partner_links',
  'contact_submissions', 'about_page', 'homepage_content', 'category_content', 'tracking_settings',
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
