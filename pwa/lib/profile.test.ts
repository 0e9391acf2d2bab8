import { describe, expect, it } from 'vitest';
import { validateProfile } from './profile.ts';

const fields = (o: Partial<{ displayName: string; firstName: string; lastName: string }> = {}) => ({
  displayName: '',
  firstName: '',
  lastName: '',
  ...o,
});

describe('validateProfile', () => {
  it('accepts and trims valid input', () => {
    expect(validateProfile(fields({ displayName: '  Ada ', firstName: 'Ada', lastName: 'Lovelace' }), false)).toEqual({
      ok: true,
      value: { displayName: 'Ada', firstName: 'Ada', lastName: 'Lovelace' },
    });
  });
  it('leaves out an empty display name the user never had', () => {
    expect(validateProfile(fields({ firstName: 'Ada' }), false)).toEqual({
      ok: true,
      value: { firstName: 'Ada', lastName: '' },
    });
  });
  it('rejects clearing an existing display name', () => {
    expect(validateProfile(fields({ displayName: '   ' }), true)).toEqual({
      ok: false,
      errors: { displayName: 'Display name is required' },
    });
  });
  it('enforces the length limits with their messages', () => {
    const r = validateProfile(
      fields({ displayName: 'x'.repeat(101), firstName: 'y'.repeat(51), lastName: 'z'.repeat(51) }),
      false,
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        displayName: 'Display name must be 100 characters or less',
        firstName: 'First name must be 50 characters or less',
        lastName: 'Last name must be 50 characters or less',
      },
    });
    expect(validateProfile(fields({ displayName: 'x'.repeat(100), firstName: 'y'.repeat(50) }), false).ok).toBe(true);
  });
});
