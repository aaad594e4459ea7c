import { describe, expect, it } from 'vitest';

import { PROFILE_STRIPPERS, profileSchema, stripPhoneCharacters } from './profile';

const messages = (input: Record<string, unknown>) => {
  const result = profileSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('profileSchema', () => {
  it('accepts names with accents, hyphens and apostrophes, and leaves phone and address optional', () => {
    expect(profileSchema.parse({ first_name: ' Zoë ', last_name: "D'Arco-Rossi" })).toEqual({
      first_name: 'Zoë',
      last_name: "D'Arco-Rossi",
    });
    expect(
      profileSchema.parse({ first_name: 'Ada', last_name: 'Rossi', phone: '+39 010 555-1234', address: 'Via Po 1, Torino' }),
    ).toMatchObject({
      phone: '+39 010 555-1234',
      address: 'Via Po 1, Torino',
    });
  });

  it('uses the messages of docs/product.md#validation for names', () => {
    expect(messages({})).toMatchObject({ first_name: 'First name is required', last_name: 'Last name is required' });
    expect(messages({ first_name: 'A', last_name: 'R' })).toMatchObject({
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
    });
    expect(messages({ first_name: 'x'.repeat(51), last_name: 'R0ssi' })).toMatchObject({
      first_name: 'First name is too long',
      last_name: 'Last name contains invalid characters',
    });
  });

  it('checks the phone and address as the API does', () => {
    expect(messages({ first_name: 'Ada', last_name: 'Rossi', phone: 'call me' })).toEqual({ phone: 'Please enter a valid phone number' });
    expect(messages({ first_name: 'Ada', last_name: 'Rossi', phone: '1'.repeat(31) })).toEqual({ phone: 'Phone number is too long' });
    expect(messages({ first_name: 'Ada', last_name: 'Rossi', address: 'x'.repeat(301) })).toEqual({ address: 'Address is too long' });
  });
});

describe('as-you-type filters', () => {
  it('strip what a field may not hold', () => {
    expect(PROFILE_STRIPPERS.first_name!('Ad4a_!')).toBe('Ada');
    expect(PROFILE_STRIPPERS.last_name!("O'Neil-Smith 3")).toBe("O'Neil-Smith ");
    expect(stripPhoneCharacters('+39 (010) 555-12a34')).toBe('+39 (010) 555-1234');
    expect(PROFILE_STRIPPERS.address).toBeUndefined();
  });
});
