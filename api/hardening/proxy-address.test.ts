// Behind the proxy an https PUBLIC_URL implies, a visitor's address (what per-address rate limits count)
// is the one that proxy saw and appended to X-Forwarded-For, never an entry the visitor wrote in front of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ PUBLIC_URL: 'https://atlas.example', RATE_LIMITS: 'on', RATE_LIMIT_CONTACT: '1/3600' });
});
afterAll(async () => {
  await t.close();
});

const contact = (forwardedFor: string) =>
  t
    .request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ name: 'N', email: 'n@example.com', subject: 'S', message: 'M' }),
    })
    .then((r) => r.status);

describe('the client address behind the proxy', () => {
  it('a visitor who writes a new X-Forwarded-For each time is still one address to the rate limits', async () => {
    // The proxy appends the address it saw (203.0.113.7) to whatever the visitor sent.
    expect(await contact('198.51.100.1, 203.0.113.7')).toBe(201);
    expect(await contact('198.51.100.2, 203.0.113.7')).toBe(429);
    // Another visitor (another address seen by the proxy) has a limit of its own.
    expect(await contact('203.0.113.8')).toBe(201);
  });
});
