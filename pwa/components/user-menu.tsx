// The header's account area in its three states: loading placeholder, signed out, signed in.
import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { useAuth } from '../data/auth.ts';
import { lazyPart } from '../lib/lazy-part.ts';
import { AccountButton } from './account-button.tsx';
import { Button } from './ui/button.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** The menu's code, asked for once; a press on the server-rendered menu before it has arrived waits for it. */
const { Part: SignedInMenu, load: loadSignedInMenu } = lazyPart(() => import('./signed-in-menu.tsx'));

export function UserMenu() {
  const { user, isLoading } = useAuth();

  if (isLoading) return <Skeleton className="h-9 w-32 rounded-lg" data-testid="auth-loading" />;

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/login">Login</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/login">Sign Up</Link>
        </Button>
      </div>
    );
  }

  // Asked for as the signed-in header renders, not only when React reaches the menu: it hydrates the menu's
  // <Suspense> in a later pass, after the presses held back until then would have been pressed again.
  void loadSignedInMenu();
  return (
    <div className="flex items-center gap-2">
      {/* Beside the account menu (which holds it too) where the header has room. The wrapper hides it: `hidden`
          on the button itself would sit beside the button's own `inline-flex`, and the stylesheet's order would decide. */}
      {user.isAdmin && (
        <div className="hidden lg:block">
          <Button asChild variant="outline" size="sm">
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" />
              Admin Panel
            </Link>
          </Button>
        </div>
      )}
      <Suspense fallback={<AccountButton user={user} disabled />}>
        <SignedInMenu user={user} />
      </Suspense>
    </div>
  );
}
