// The header's account area in its three states: loading placeholder, signed out, signed in.
import { Link } from '@tanstack/react-router';
import { LogOut, ShieldCheck, UserRound, UserPen } from 'lucide-react';
import { useState } from 'react';
import { useAuth, userLabel, type SignedInUser } from '../data/auth.ts';
import { navigateFullPage, paths } from '../lib/site.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { Button } from './ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';
import { Skeleton } from './ui/skeleton.tsx';

export function Avatar({ user, className = 'size-8' }: { user: SignedInUser; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (user.profileImageUrl && !failed) {
    return <img src={user.profileImageUrl} alt="" className={`${className} rounded-full object-cover`} referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
  }
  return (
    <span className={`${className} inline-flex items-center justify-center rounded-full bg-accent-100 text-accent-700`}>
      <UserRound className="size-4" aria-hidden="true" />
    </span>
  );
}

export function UserMenu() {
  const { user, isLoading } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);

  if (isLoading) return <Skeleton className="h-9 w-32 rounded-lg" data-testid="auth-loading" />;

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Button asChild variant="ghost" size="sm"><Link to="/login">Login</Link></Button>
        <Button asChild size="sm"><Link to="/login">Sign Up</Link></Button>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2">
      {user.isAdmin && (
        <Button asChild variant="outline" size="sm" className="hidden sm:inline-flex">
          <Link to="/admin"><ShieldCheck aria-hidden="true" />Admin Panel</Link>
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" className="h-10 max-w-56 gap-2 px-2">
            <Avatar user={user} />
            <span className="hidden truncate sm:inline">{userLabel(user)}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>
            <span className="block truncate font-medium text-slate-900">{userLabel(user)}</span>
            {user.email && <span className="block truncate">{user.email}</span>}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {user.isAdmin && (
            <DropdownMenuItem className="sm:hidden" asChild>
              <Link to="/admin"><ShieldCheck aria-hidden="true" />Admin Panel</Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setProfileOpen(true)}>
            <UserPen aria-hidden="true" />Edit Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigateFullPage(paths.logout())}>
            <LogOut aria-hidden="true" />Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EditProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
    </div>
  );
}
