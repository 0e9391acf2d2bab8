// Profile form rules: the API's own schema, checked in the browser before the PUT.
import { profileUpdateSchema, type ProfileUpdate } from '../../contract/auth.ts';
import { schemaResolver } from './schema-resolver.ts';

export type ProfileFields = { displayName: string; firstName: string; lastName: string };

/**
 * The PUT body the dialog's text fields make. The display name is optional: left empty by a user who never had
 * one, it is not sent; clearing an existing one is "given and empty", which the schema refuses ('Display name is
 * required'). First and last name are always sent, so clearing them clears them.
 */
export function profileInput(fields: ProfileFields, hadDisplayName: boolean): ProfileUpdate {
  const input: ProfileUpdate = { firstName: fields.firstName, lastName: fields.lastName };
  if (fields.displayName.trim() !== '' || hadDisplayName) input.displayName = fields.displayName;
  return input;
}

/** The dialog's check: the body its fields make, against the API's schema, with the schema's messages. */
export const profileResolver = (hadDisplayName: boolean) =>
  schemaResolver(profileUpdateSchema, (fields: ProfileFields) => profileInput(fields, hadDisplayName));
