import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { contactSentSchema } from '../../contract/contact.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const send = (body: unknown) =>
  t.request('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: t.url },
    body: JSON.stringify(body),
  });

it('stores a message as an unread submission (subject optional)', async () => {
  const res = await send({ name: ' Zoe ', email: 'zoe@example.com', subject: '', message: 'Please add Sonic.' });
  expect(res.status).toBe(201);
  const { id } = contactSentSchema.parse(await res.json());
  const [row] = await t.sql`SELECT name, email, subject, message, is_read FROM contact_submissions WHERE id = ${id}`;
  expect(row).toEqual({
    name: 'Zoe',
    email: 'zoe@example.com',
    subject: null,
    message: 'Please add Sonic.',
    isRead: false,
  });

  const withSubject = await send({
    name: 'Yan',
    email: 'yan@example.com',
    subject: 'Request New Chain or Provider',
    message: 'Hi',
  });
  expect(withSubject.status).toBe(201);
});

it.each([
  [{ email: 'a@example.com', message: 'm' }, 'name: Name is required'],
  [{ name: '', email: 'a@example.com', message: 'm' }, 'name: Name is required'],
  [{ name: 'A', email: 'not-an-email', message: 'm' }, 'email: Enter a valid e-mail address'],
  [{ name: 'A', email: 'a@example.com', message: '  ' }, 'message: Message is required'],
  [
    { name: 'A', email: 'a@example.com', message: 'x'.repeat(10001) },
    'message: Message must be 10000 characters or less',
  ],
  [
    { name: 'A', email: 'a@example.com', subject: 'x'.repeat(301), message: 'm' },
    'subject: Subject must be 300 characters or less',
  ],
])('refuses %j', async (body, message) => {
  const before = (await t.sql`SELECT count(*)::int AS n FROM contact_submissions`)[0].n;
  const res = await send(body);
  expect(res.status).toBe(400);
  expect((await res.json()).message).toContain(message);
  expect((await t.sql`SELECT count(*)::int AS n FROM contact_submissions`)[0].n).toBe(before);
});
