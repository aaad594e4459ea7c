import { z } from 'zod';

import { codeField, emailField, nameField, passwordField, required } from '@contract/fields';

/** The auth flow's steps and their checks (docs/product.md#validation); the fields come from the contract. */
export { emailField, nameField, passwordField };

/** Removes what a name may not contain, as the shopper types (docs/product.md#validation). */
export function stripNameCharacters(value: string): string {
  return value.replace(/[^\p{L} '-]/gu, '');
}

export const emailStepSchema = z.object({ email: emailField });
export const loginStepSchema = z.object({ password: passwordField });
export const verifyStepSchema = z.object({ verificationCode: codeField('Verification code') });
export const registerStepSchema = z
  .object({
    name: nameField('First name'),
    surname: nameField('Last name'),
    password: passwordField,
    confirmPassword: z.string(required('Passwords do not match')),
    acceptedTerms: z.literal('on', {
      errorMap: () => ({ message: 'You must accept the privacy policy and terms' }),
    }),
    // Marketing email, off unless ticked (issue 41): a box left empty sends nothing.
    marketing: z.literal('on').optional(),
  })
  .refine((value) => value.password === value.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
/**
 * A signed-in guest keeps their email as an account (/orders): only a password, checked as the
 * registration step checks it (docs/product.md#validation).
 */
export const guestAccountSchema = z.object({ password: passwordField, marketing: z.literal('on').optional() });
export { GUEST_ACCOUNT_INTENT } from './guest-account-intent';
export const forgotPasswordStepSchema = z.object({ email: emailField });
export const resetCodeStepSchema = z.object({ resetCode: codeField('Reset code') });
export const newPasswordStepSchema = z
  .object({
    newPassword: passwordField,
    confirmNewPassword: z.string(required('Passwords do not match')),
  })
  .refine((value) => value.newPassword === value.confirmNewPassword, { message: 'Passwords do not match', path: ['confirmNewPassword'] });

/** The steps of docs/product.md#sign-in-flow, in the URL as `?auth=<step>`. */
export const AUTH_STEPS = [
  'email',
  'verify-or-guest',
  'verify',
  'register',
  'login',
  'forgot-password',
  'reset-code',
  'new-password',
  'reset-success',
  'success',
] as const;
export type AuthStep = (typeof AUTH_STEPS)[number];

export function isAuthStep(value: string | null | undefined): value is AuthStep {
  return (AUTH_STEPS as readonly string[]).includes(value ?? '');
}

/** Where the flow is shown: the /login screen (no guests), /register, or the modal over shop pages. */
export type AuthContext = 'login' | 'register' | 'modal';

/** The three dots of the step progress bar. */
export function stepProgress(step: AuthStep): 1 | 2 | 3 {
  if (step === 'email') return 1;
  if (step === 'register' || step === 'new-password' || step === 'success' || step === 'reset-success') return 3;
  return 2;
}
