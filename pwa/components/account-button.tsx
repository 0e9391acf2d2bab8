// The signed-in account's button: shown while the menu's code loads, then the menu's trigger.
import { UserRound } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { userLabel, type SignedInUser } from '../data/auth.ts';
import { Button } from './ui/button.tsx';

function Avatar({ user, className = 'size-8' }: { user: SignedInUser; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (user.profileImageUrl && !failed) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        className={`${className} rounded-full object-cover`}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={`${className} inline-flex items-center justify-center rounded-full bg-accent-100 text-accent-700`}>
      <UserRound className="size-4" aria-hidden="true" />
    </span>
  );
}

/** Avatar and name; the dropdown's trigger (props forwarded by Radix). */
export function AccountButton({ user, ...props }: { user: SignedInUser } & ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-10 max-w-56 gap-2 px-2"
      aria-label={`Account menu for ${userLabel(user)}`}
      {...props}
    >
      <Avatar user={user} />
      <span className="hidden truncate sm:inline" aria-hidden="true">
        {userLabel(user)}
      </span>
    </Button>
  );
}
