// Shapes the signed-in user for the API (contract/auth.ts).
import type { SessionUser } from '../context.ts';
import type { SignedInUser } from '../../contract/auth.ts';

export function presentUser(u: SessionUser): SignedInUser {
  return {
    authenticated: true,
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    isAdmin: u.isAdmin,
  };
}
