// Asked before logging out while the user still has reviews in the outbox: logging out deletes them from
// this device (a shared device must not keep them), so the user chooses — stay signed in until they are
// sent, or log out and delete them.
import type { OutboxEntry } from '../offline/db.ts';
import { pluralize } from '../lib/rating.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from './ui/dialog.tsx';

export function OutboxLogoutDialog({
  entries,
  open,
  onOpenChange,
  onLogout,
}: {
  entries: OutboxEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
}) {
  const one = entries.length === 1;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`${pluralize(entries.length, 'review')} not sent yet`}
        description={`${one ? 'This review is' : 'These reviews are'} saved on this device only, waiting to be sent. Logging out deletes ${one ? 'it' : 'them'} from this device.`}
      >
        <ul className="mb-5 list-disc pl-5 text-sm text-slate-700">
          {entries.map((e) => (
            <li key={e.id}>{e.providerName}</li>
          ))}
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Stay signed in</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onLogout}>
            Log out and delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
