// Contact form submissions (the admin's list and "mark as read" are in content.ts).
import type { Queryable } from '../db-types.ts';

export async function insertContactSubmission(
  sql: Queryable,
  m: { name: string; email: string; subject: string | null; message: string },
) {
  const [row] = await sql<{ id: number; createdAt: Date }[]>`
    INSERT INTO contact_submissions (name, email, subject, message)
    VALUES (${m.name}, ${m.email}, ${m.subject}, ${m.message})
    RETURNING id, created_at`;
  return row;
}
