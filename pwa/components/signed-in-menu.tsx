// The signed-in account menu (Admin Panel for admins, Edit Profile, Logout) and the profile dialog.
// Loaded on demand: visitors never download the dropdown and dialog code.
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LogOut, ShieldCheck, UserPen } from 'lucide-react';
import { useState } from 'react';
import { userLabel, type SignedInUser } from '../data/auth.ts';
import { useOutboxEntries } from '../offline/hooks.ts';
import { signOut } from '../offline/sign-out.ts';
import { AccountButton } from './account-button.tsx';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { OutboxLogoutDialog } from './outbox-logout-dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';

export default function SignedInMenu({ user }: { user: SignedInUser }) {
  const [profileOpen, setProfileOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const queryClient = useQueryClient();
  const unsent = useOutboxEntries(user.id);
  const logOut = () => void signOut(queryClient, user.id);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <AccountButton user={user} />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>
            <span className="block truncate font-medium text-slate-900">{userLabel(user)}</span>
            {user.email && <span className="block truncate">{user.email}</span>}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {user.isAdmin && (
            <DropdownMenuItem asChild>
              <Link to="/admin">
                <ShieldCheck aria-hidden="true" />
                Admin Panel
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setProfileOpen(true)}>
            <UserPen aria-hidden="true" />
            Edit Profile
          </DropdownMenuItem>
          {/* Offline, signOut says the logout needs a connection (the unsent reviews then stay anyway). */}
          <DropdownMenuItem
            onSelect={() => (unsent.length > 0 && navigator.onLine ? setConfirmLogout(true) : logOut())}
          >
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EditProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
      <OutboxLogoutDialog entries={unsent} open={confirmLogout} onOpenChange={setConfirmLogout} onLogout={logOut} />
    </>
  );
}
