// Answers that carry one user's data are stored in no cache — not the browser's disk cache, not a shared
// one — so nothing of a session outlives it on a shared device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';

let t: TestServer;
let user: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  user = await signIn(t, 'private-answers@example.com');
  await user.json('POST', '/api/providers/ankr/reviews', { rating: 4, comment: 'Not public yet' });
  await user.json('PUT', '/api/providers/ankr/vote', { value: 1 });
});
afterAll(async () => {
  await t.close();
});

describe("Cache-Control of a user's own data", () => {
  it.each(['/api/auth/user', '/api/votes/mine', '/api/providers/ankr/reviews/mine'])(
    '%s signed in: no-store',
    async (path) => {
      const res = await user.fetch(path);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toBe('');
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('/api/auth/user signed out: no-store too (it answers for whoever holds the cookie)', async () => {
    const res = await t.get('/api/auth/user');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a public answer to a signed-in user stays revalidated, not unstored (its ETag saves the transfer)', async () => {
    const res = await user.fetch('/api/providers/ankr');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });
});
