import { describe, expect, it } from 'vitest';
import { profileResolver, type ProfileFields } from './profile.ts';

const fields = (o: Partial<ProfileFields> = {}): ProfileFields => ({
  displayName: '',
  firstName: '',
  lastName: '',
  ...o,
});

/** What the dialog's resolver finds: the body it would send, or the message of each wrong field. */
async function check(values: ProfileFields, hadDisplayName: boolean) {
  const result = await profileResolver(hadDisplayName)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = Object.entries(result.errors).map(([key, error]) => [key, error?.message]);
  return errors.length ? { errors: Object.fromEntries(errors) } : { value: result.values };
}

describe('profileResolver', () => {
  it('accepts and trims valid input', async () => {
    expect(await check(fields({ displayName: '  Ada ', firstName: 'Ada', lastName: 'Lovelace' }), false)).toEqual({
      value: { displayName: 'Ada', firstName: 'Ada', lastName: 'Lovelace' },
    });
  });
  it('leaves out an empty display name the user never had', async () => {
    expect(await check(fields({ firstName: 'Ada' }), false)).toEqual({ value: { firstName: 'Ada', lastName: '' } });
  });
  it('rejects clearing an existing display name', async () => {
    expect(await check(fields({ displayName: '   ' }), true)).toEqual({
      errors: { displayName: 'Display name is required' },
    });
  });
  it('enforces the length limits with their messages', async () => {
    expect(
      await check(fields({ displayName: 'x'.repeat(101), firstName: 'y'.repeat(51), lastName: 'z'.repeat(51) }), false),
    ).toEqual({
      errors: {
        displayName: 'Display name must be 100 characters or less',
        firstName: 'First name must be 50 characters or less',
        lastName: 'Last name must be 50 characters or less',
      },
    });
    expect(await check(fields({ displayName: 'x'.repeat(100), firstName: 'y'.repeat(50) }), false)).toHaveProperty(
      'value',
    );
  });
});
