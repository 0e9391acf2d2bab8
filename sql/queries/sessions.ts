// Server-side sessions (the cookie holds only the random id) and the secrets the server generates for itself.
import type postgres from 'postgres';
import type { Queryable } from '../db-types.ts';
import type { UserRow } from './users.ts';

export type SessionData = Record<string, unknown> & { userId?: number };

type SessionJoinRow = {
  data: string;
  userId: number | null;
  userEmail: string | null;
  userDisplayName: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  userProfileImageUrl: string | null;
};

/**
 * A live session and, when it belongs to a user, that user, in one round trip (this runs on every
 * API request that carries a session cookie).
 */
export async function findSessionWithUser(sql: Queryable, id: string) {
  const [row] = await sql<SessionJoinRow[]>`
    SELECT s.data::text AS data,
           u.id AS user_id, u.email AS user_email, u.display_name AS user_display_name,
           u.first_name AS user_first_name, u.last_name AS user_last_name,
           u.profile_image_url AS user_profile_image_url
    FROM sessions s LEFT JOIN users u ON u.id = s.user_id
    WHERE s.id = ${id} AND s.expires_at > now()`;
  if (!row) return undefined;
  const user: UserRow | undefined =
    row.userId === null
      ? undefined
      : {
          id: row.userId,
          email: row.userEmail,
          displayName: row.userDisplayName,
          firstName: row.userFirstName,
          lastName: row.userLastName,
          profileImageUrl: row.userProfileImageUrl,
        };
  // Read as text: the client's camelCase transform would otherwise rename keys inside the JSON
  // (grant's code_verifier would come back as codeVerifier).
  return { data: JSON.parse(row.data) as SessionData, user };
}

export async function saveSession(sql: Queryable, id: string, data: SessionData, maxAgeMs: number) {
  const userId = typeof data.userId === 'number' ? data.userId : null;
  await sql`
    INSERT INTO sessions (id, data, user_id, expires_at)
    VALUES (${id}, ${sql.json(data as postgres.JSONValue)}, ${userId},
            now() + ${Math.round(maxAgeMs)}::bigint * interval '1 millisecond')
    ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at`;
}

export async function deleteSession(sql: Queryable, id: string) {
  await sql`DELETE FROM sessions WHERE id = ${id}`;
}

export async function deleteExpiredSessions(sql: Queryable) {
  await sql`DELETE FROM sessions WHERE expires_at <= now()`;
}

/** The stored secret of that name, created from `generate()` by whichever instance asks first. */
export async function ensureAppSecret(sql: Queryable, name: string, generate: () => string) {
  await sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${generate()}) ON CONFLICT (name) DO NOTHING`;
  const [{ value }] = await sql<{ value: string }[]>`SELECT value FROM app_secrets WHERE name = ${name}`;
  return value;
}
