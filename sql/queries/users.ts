// Users, keyed by identity provider + subject.
import type { Queryable } from '../db-types.ts';

export type UserRow = {
  id: number;
  email: string | null;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

export type Identity = {
  identityProvider: 'google' | 'local';
  subject: string;
  email: string | null;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
};

/**
 * Creates the user at first sign-in or refreshes what the identity provider owns (e-mail, picture,
 * admin flag) at later ones. Names are only filled at creation: afterwards the user edits them.
 */
export async function upsertUserFromIdentity(sql: Queryable, i: Identity) {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO users (identity_provider, subject, email, display_name, first_name, last_name, profile_image_url, is_admin)
    VALUES (${i.identityProvider}, ${i.subject}, ${i.email}, ${i.displayName}, ${i.firstName}, ${i.lastName},
            ${i.profileImageUrl}, ${i.isAdmin})
    ON CONFLICT (identity_provider, subject) DO UPDATE SET
      email = EXCLUDED.email,
      profile_image_url = coalesce(EXCLUDED.profile_image_url, users.profile_image_url),
      is_admin = EXCLUDED.is_admin,
      updated_at = now()
    RETURNING id`;
  return row.id;
}

export type ProfileChanges = { displayName?: string; firstName?: string; lastName?: string };

/** Applies the given fields (absent ones stay as they are); an empty first/last name clears it. */
export async function updateProfile(sql: Queryable, userId: number, p: ProfileChanges) {
  const [row] = await sql<UserRow[]>`
    UPDATE users SET
      display_name = ${p.displayName === undefined ? sql`display_name` : p.displayName},
      first_name = ${p.firstName === undefined ? sql`first_name` : p.firstName || null},
      last_name = ${p.lastName === undefined ? sql`last_name` : p.lastName || null},
      updated_at = now()
    WHERE id = ${userId}
    RETURNING id, email, display_name, first_name, last_name, profile_image_url`;
  return row;
}
