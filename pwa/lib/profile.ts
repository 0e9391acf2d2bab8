// Profile form rules: the API's own schema, checked in the browser before the PUT.
import { profileUpdateSchema, type ProfileUpdate } from '../../contract/auth.ts';

export type ProfileFormErrors = Partial<Record<keyof ProfileUpdate, string>>;
export type ProfileFields = { displayName: string; firstName: string; lastName: string };

/**
 * Validates the dialog's text fields. The display name is optional: left empty by a user who never had
 * one, it is not sent; clearing an existing one is "given and empty" and fails 'Display name is required'.
 * First and last name are always sent, so clearing them clears them.
 */
export function validateProfile(
  fields: ProfileFields,
  hadDisplayName: boolean,
): { ok: true; value: ProfileUpdate } | { ok: false; errors: ProfileFormErrors } {
  const candidate: ProfileUpdate = { firstName: fields.firstName, lastName: fields.lastName };
  if (fields.displayName.trim() !== '' || hadDisplayName) candidate.displayName = fields.displayName;
  const result = profileUpdateSchema.safeParse(candidate);
  if (result.success) return { ok: true, value: result.data };
  const errors: ProfileFormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ProfileUpdate;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
