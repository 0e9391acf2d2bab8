import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signInAdmin } from '../admin/test-support.ts';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(() => t.close());

it('a new provider column reaches the admin write and every provider answer', async () => {
  const admin = await signInAdmin(t);
  const created = await admin.json('POST', '/api/admin/providers', { name: 'Trial', slug: 'trial', statusPageUrl: 'https://status.trial.example' });
  expect(created.status).toBe(201);
  expect(created.body.statusPageUrl).toBe('https://status.trial.example');
  const updated = await admin.json('PUT', `/api/admin/providers/${created.body.id}`, { statusPageUrl: 'https://s.trial.example' });
  expect(updated.body.statusPageUrl).toBe('https://s.trial.example');
  const detail = await (await t.request('/api/providers/trial')).json();
  expect(detail.statusPageUrl).toBe('https://s.trial.example');
  const list = await (await t.request('/api/providers')).json();
  expect(list.find((p: { slug: string }) => p.slug === 'trial').statusPageUrl).toBe('https://s.trial.example');
  expect((await admin.json('PUT', `/api/admin/providers/${created.body.id}`, { statusPageUrl: 'ftp://x' })).status).toBe(400);
});
