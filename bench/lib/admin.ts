// An administrator's session on a running server, obtained through the real sign-in flow (the local
// identity provider's form, the same helper the API tests use): no shortcut into the sessions table.
import { signIn, type SignedIn } from '../../api/test/sign-in.ts';
import type { TestServer } from '../../api/test/harness.ts';

export type Admin = SignedIn;

/** ADMIN_EMAILS defaults to admin@example.com, which the bench servers keep. */
export function signInAdmin(url: string): Promise<Admin> {
  // signIn only reads the server's URL.
  return signIn({ url } as TestServer, 'admin@example.com');
}
