// Edit Profile dialog: validated in the browser with the API's own schema and messages.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { ProfileUpdate } from '../../contract/auth.ts';
import { useUpdateProfile, type SignedInUser } from '../data/auth.ts';
import { profileResolver, type ProfileFields } from '../lib/profile.ts';
import { toast } from '../lib/toast.ts';
import { useOnline } from '../offline/online.ts';
import { NEEDS_CONNECTION, NeedsConnection } from './offline-notice.tsx';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';
import { FieldError, Input, Label } from './ui/input.tsx';

const fromUser = (u: SignedInUser): ProfileFields => ({
  displayName: u.displayName ?? '',
  firstName: u.firstName ?? '',
  lastName: u.lastName ?? '',
});

export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: SignedInUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ProfileFields, unknown, ProfileUpdate>({
    defaultValues: fromUser(user),
    resolver: profileResolver(Boolean(user.displayName)),
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();
  const online = useOnline();

  // Each opening starts from the saved profile.
  const { reset } = form;
  useEffect(() => {
    if (open) reset(fromUser(user));
  }, [open, user, reset]);

  const onSubmit = form.handleSubmit((value) => {
    update.mutate(value, {
      onSuccess: () => {
        toast({
          title: 'Profile Updated',
          description: 'Your profile has been successfully updated.',
          variant: 'success',
        });
        onOpenChange(false);
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: error.message || 'Failed to update profile. Please try again.',
          variant: 'destructive',
        });
      },
    });
  });

  const field = (
    key: keyof ProfileFields,
    label: string,
    props: { placeholder?: string; help?: string; autoComplete: string },
  ) => {
    const id = `profile-${key}`;
    const error = errors[key]?.message;
    const describedBy =
      [props.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          {...form.register(key)}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {props.help && (
          <p id={`${id}-help`} className="text-xs text-slate-600">
            {props.help}
          </p>
        )}
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit Profile"
        description="Update your profile information. This will be displayed when you write reviews."
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {field('displayName', 'Display Name', {
            placeholder: 'How your name appears in reviews',
            help: 'This name will be shown with your reviews and comments.',
            autoComplete: 'nickname',
          })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('firstName', 'First Name', { autoComplete: 'given-name' })}
            {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
          </div>
          <NeedsConnection message={NEEDS_CONNECTION.profile} />
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending || !online}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
