import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn } from '../test/sign-in.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const message = { name: 'A', email: 'a@example.com', message: 'hello' };
const count = async () => (await t.sql`SELECT count(*)::int AS n FROM contact_submissions`)[0].n as number;

it('refuses a state-changing API request without a JSON or multipart content type (415)', async () => {
  const before = await count();
  for (const [type, body] of [
    ['text/plain', JSON.stringify(message)],
    ['application/x-www-form-urlencoded', 'name=A&email=a%40example.com&message=hello'],
  ]) {
    const res = await t.request('/api/contact', { method: 'POST', headers: { 'Content-Type': type }, body });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toMatch(/Unsupported content type/);
  }
  // A body with no content type at all (what fetch sends for a Blob) is refused too.
  const untyped = await t.request('/api/contact', { method: 'POST', body: new Blob([JSON.stringify(message)]) });
  expect(untyped.status).toBe(415);
  expect(await count()).toBe(before);
});

it("refuses a foreign Origin (403) and accepts the site's own or none", async () => {
  const send = (headers: Record<string, string>) =>
    t.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(message),
    });
  const foreign = await send({ Origin: 'https://evil.example' });
  expect(foreign.status).toBe(403);
  expect((await foreign.json()).message).toMatch(/Origin/);
  expect((await send({ Origin: t.url.replace('127.0.0.1', 'localhost') })).status).toBe(403);
  expect((await send({ Origin: t.url })).status).toBe(201);
  expect((await send({})).status).toBe(201); // non-browser clients send no Origin
  expect((await send({ 'Content-Type': 'application/json; charset=utf-8', Origin: t.url })).status).toBe(201);
});

it("guards a signed-in user's writes too, and lets body-less writes through on the origin check", async () => {
  const admin = await signIn(t, 'admin@example.com');
  const forged = await admin.fetch('/api/auth/profile', {
    method: 'PUT',
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify({ displayName: 'pwned' }),
  });
  expect(forged.status).toBe(415);
  const crossSite = await admin.fetch('/api/admin/reviews/999999/approve', {
    method: 'PUT',
    headers: { Origin: 'https://evil.example' },
  });
  expect(crossSite.status).toBe(403);
  const sameSite = await admin.fetch('/api/admin/reviews/999999/approve', { method: 'PUT' });
  expect(sameSite.status).toBe(404); // passed the guard; no such review
  expect((await admin.json('GET', '/api/auth/user')).body.displayName).toBe('admin');
});

it('leaves GET requests and non-API paths alone', async () => {
  expect((await t.request('/api/chains', { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
});
