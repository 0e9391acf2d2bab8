// SQL metacharacters through every kind of input that reaches SQL: query parameters, path segments and JSON
// fields (public, user and admin). Each is answered with a 2xx/4xx, never a 5xx; text is stored exactly as
// sent (it travels as a bind parameter, never as SQL); LIKE wildcards in a search match only themselves;
// and no table lost a row. sqlmap's wider scan is e2e/sqlmap.ts (figures in e2e/SECURITY.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseState, signInAdmin } from '../admin/test-support.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';

let t: TestServer;
let admin: SignedIn;
let user: SignedIn;
let providerId: number;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAdmin(t);
  user = await signIn(t, 'sql-user@example.com');
  providerId = (await t.get('/api/providers/alchemy')).body.id;
});
afterAll(async () => {
  await t.close();
});

const METACHARACTERS = [
  "'",
  '"',
  "''",
  '\\',
  "\\'",
  ';',
  '--',
  '/*',
  '*/',
  '%',
  '_',
  '%%',
  '\\%',
  '$1',
  '$$',
  '$tag$',
  "' OR '1'='1",
  "' OR 1=1 --",
  '" OR ""="',
  "1' AND SLEEP(1)--",
  "'; DROP TABLE providers; --",
  '1; SELECT pg_sleep(1)--',
  "' UNION SELECT NULL,NULL,version()--",
  "') OR ('a'='a",
  '1 OR 1=1',
  '-1',
  "admin'--",
  "E'\\x27'",
  "'||(SELECT current_user)||'",
  "\\'; COPY users TO '/tmp/x'; --",
  '1e309',
  '0x27',
];

const counts = async () => {
  const [row] = await t.sql<{ providers: number; chains: number; users: number; sessions: number }[]>`
    SELECT (SELECT count(*)::int FROM providers) AS providers, (SELECT count(*)::int FROM chains) AS chains,
           (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM sessions) AS sessions`;
  return row;
};

describe('SQL metacharacters', () => {
  it(`in query parameters and path segments (${METACHARACTERS.length} values × 9 routes): 2xx/4xx only, nothing changed`, async () => {
    const before = await databaseState(t);
    const enc = encodeURIComponent;
    for (const m of METACHARACTERS) {
      const paths = [
        `/api/search?q=${enc(m)}`,
        `/api/providers/${enc(m)}`,
        `/api/chains/${enc(m)}`,
        `/api/providers/by-chain/${enc(m)}`,
        `/api/ads/${enc(m)}`,
        `/api/category/${enc(m)}`,
        `/r/${enc(m)}`,
        `/providers/${enc(m)}`,
      ];
      for (const path of paths) {
        const res = await t.request(path);
        expect(res.status, `${path} → ${res.status}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
      // (An id is coerced as a number: "0x27" reads provider 39, which is not SQL.)
      const adminRead = await admin.fetch(`/api/admin/providers/${enc(m)}`);
      expect(adminRead.status, m).toBeLessThan(500);
    }
    expect(await databaseState(t)).toBe(before);
  });

  it('a search matches them literally: wildcards and quotes find nothing they do not contain', async () => {
    for (const m of ['%', '_', '%%', "' OR '1'='1", '\\']) {
      const res = await t.get(`/api/search?q=${encodeURIComponent(m)}`);
      expect(res.status).toBe(200);
      expect(res.body, m).toEqual({ providers: [], chains: [] });
    }
    // The control: a real term does match.
    expect((await t.get('/api/search?q=alch')).body.providers.length).toBeGreaterThan(0);
  });

  it('in JSON fields of user, visitor and admin writes: stored exactly as sent, no row lost', async () => {
    const before = await counts();
    for (const m of METACHARACTERS) {
      const text = `x${m}`; // names are trimmed and must not be empty
      const profile = await user.json('PUT', '/api/auth/profile', {
        displayName: text,
        firstName: m.slice(0, 50),
        lastName: null,
      });
      expect(profile.status, m).toBe(200);
      expect(profile.body).toMatchObject({ displayName: text, firstName: m.trim() || null });

      const review = await user.json('POST', '/api/providers/alchemy/reviews', { rating: 3, comment: text });
      expect(review.status, m).toBeLessThan(300);
      expect(review.body.comment).toBe(text);

      const contact = await t.request('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: t.url },
        body: JSON.stringify({ name: text, email: 'sql@example.com', subject: text, message: text }),
      });
      expect(contact.status, m).toBe(201);

      const provider = await admin.json('PUT', `/api/admin/providers/${providerId}`, {
        description: text,
        metaTitle: text.slice(0, 60),
      });
      expect(provider.status, m).toBe(200);
      expect(provider.body.description).toBe(text);
      const [stored] = await t.sql<
        { description: string }[]
      >`SELECT description FROM providers WHERE id = ${providerId}`;
      expect(stored.description).toBe(text);

      const partner = await admin.json('POST', '/api/admin/partner-links', {
        name: text,
        url: `https://p.example/?q=${encodeURIComponent(m)}`,
        order: 1,
      });
      expect(partner.status, m).toBe(201);
      expect(partner.body.name).toBe(text);
    }
    expect(await counts()).toEqual(before);
  });

  it('a NUL character (which PostgreSQL text cannot hold) is a 400, not a 500', async () => {
    const res = await user.json('PUT', '/api/auth/profile', { displayName: 'nul\u0000byte' });
    expect(res.status).toBe(400);
    const search = await t.request('/api/search?q=%00');
    expect(search.status).toBeLessThan(500);
  });
});
