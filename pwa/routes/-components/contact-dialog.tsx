// "Request New Chain or Provider" (opened from /chains): the contact form's dialog variant.
import { ContactForm } from '../../components/contact-form.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';

export function ContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Request New Chain or Provider"
        description="Tell us which blockchain network or RPC provider is missing. We read every request."
      >
        {/* Mounted on each opening, so every opening asks a new question. */}
        <ContactForm variant="dialog" onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
