import { describe, expect, it } from 'vitest';

import {
  emailStepSchema,
  loginStepSchema,
  newPasswordStepSchema,
  registerStepSchema,
  resetCodeStepSchema,
  stripNameCharacters,
  verifyStepSchema,
} from './auth';

/** The message the form shows: the first problem found. */
function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : [result.error!.issues[0].message];
}

describe('auth form schemas (docs/product.md#validation)', () => {
  it('check the email, trimmed and lower-cased', () => {
    expect(messages(emailStepSchema.safeParse({ email: '' }))).toContain('Email is required');
    expect(messages(emailStepSchema.safeParse({}))).toContain('Email is required');
    expect(messages(emailStepSchema.safeParse({ email: 'nope' }))).toContain('Please enter a valid email address');
    expect(messages(emailStepSchema.safeParse({ email: `${'a'.repeat(250)}@example.com` }))).toContain('Email address is too long');
    expect(emailStepSchema.parse({ email: '  Ada@Example.COM ' })).toEqual({ email: 'ada@example.com' });
  });

  it('check passwords with the same rules at login', () => {
    expect(messages(loginStepSchema.safeParse({ password: '' }))).toEqual(['Password is required']);
    expect(messages(loginStepSchema.safeParse({ password: 'Ab1' }))).toEqual(['Password must be at least 8 characters']);
    expect(messages(loginStepSchema.safeParse({ password: 'abcdefg1' }))).toEqual(['Password must contain at least one uppercase letter']);
    expect(messages(loginStepSchema.safeParse({ password: 'ABCDEFG1' }))).toEqual(['Password must contain at least one lowercase letter']);
    expect(messages(loginStepSchema.safeParse({ password: 'Abcdefgh' }))).toEqual(['Password must contain at least one number']);
    expect(messages(loginStepSchema.safeParse({ password: `Ab1${'c'.repeat(126)}` }))).toEqual(['Password is too long']);
  });

  it('check codes: digits only, exactly 6', () => {
    expect(messages(verifyStepSchema.safeParse({ verificationCode: '' }))).toEqual(['Verification code is required']);
    expect(messages(verifyStepSchema.safeParse({ verificationCode: '12a456' }))).toEqual(['Verification code must be 6 digits']);
    expect(messages(resetCodeStepSchema.safeParse({ resetCode: '' }))).toEqual(['Reset code is required']);
    expect(messages(resetCodeStepSchema.safeParse({ resetCode: '1234567' }))).toEqual(['Reset code must be 6 digits']);
    expect(verifyStepSchema.parse({ verificationCode: ' 042137 ' })).toEqual({ verificationCode: '042137' });
  });

  it('check the registration step: names, matching passwords, accepted terms', () => {
    const valid = {
      name: 'Ada',
      surname: "D'Arco-Rossi",
      password: 'Sunny-Day-2026',
      confirmPassword: 'Sunny-Day-2026',
      acceptedTerms: 'on',
    };
    expect(registerStepSchema.safeParse(valid).success).toBe(true);
    expect(messages(registerStepSchema.safeParse({ ...valid, name: '' }))).toEqual(['First name is required']);
    expect(messages(registerStepSchema.safeParse({ ...valid, surname: 'R' }))).toEqual(['Last name must be at least 2 characters']);
    expect(messages(registerStepSchema.safeParse({ ...valid, surname: 'R'.repeat(51) }))).toEqual(['Last name is too long']);
    expect(messages(registerStepSchema.safeParse({ ...valid, name: 'Ada2' }))).toEqual(['First name contains invalid characters']);
    expect(messages(registerStepSchema.safeParse({ ...valid, confirmPassword: 'x' }))).toEqual(['Passwords do not match']);
    expect(messages(registerStepSchema.safeParse({ ...valid, acceptedTerms: undefined }))).toEqual([
      'You must accept the privacy policy and terms',
    ]);
    expect(messages(newPasswordStepSchema.safeParse({ newPassword: 'Sunny-Day-2026', confirmNewPassword: 'Sunny-Day-2027' }))).toEqual([
      'Passwords do not match',
    ]);
  });

  it('strip characters a name may not contain', () => {
    expect(stripNameCharacters("Zoë D'Arco-Rossi 3rd!")).toBe("Zoë D'Arco-Rossi rd");
  });
});
