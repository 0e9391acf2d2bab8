// Shapes the signed-in user for the API (schema.ts).
import type { SessionUser } from '../context.ts';
import type { SignedInUser } from './schema.ts';

export function presentUser(u: SessionUser): SignedInUser {
  return {
    authenticated: true, id: u.id, email: u.email, displayName: u.displayName, firstName: u.firstName,
    lastName: u.lastName, profileImageUrl: u.profileImageUrl, isAdmin: u.isAdmin,
  };
}
