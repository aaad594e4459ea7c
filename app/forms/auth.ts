import { z } from 'zod';

/** The auth flow's fields and their checks, word for word from spec §5. Shared by browser and server. */
const required = (message: string) => ({ required_error: message, invalid_type_error: message });

export const emailField = z
  .string(required('Email is required'))
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email address is too long')
  .email('Please enter a valid email address')
  .transform((value) => value.toLowerCase());

export const passwordField = z
  .string(required('Password is required'))
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password is too long')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

export const nameField = (label: 'First name' | 'Last name') =>
  z
    .string(required(`${label} is required`))
    .trim()
    .min(1, `${label} is required`)
    .min(2, `${label} must be at least 2 characters`)
    .max(50, `${label} is too long`)
    .regex(/^[\p{L} '-]+$/u, `${label} contains invalid characters`);

/** Removes what a name may not contain, as the shopper types (spec §5). */
export function stripNameCharacters(value: string): string {
  return value.replace(/[^\p{L} '-]/gu, '');
}

const codeField = (label: 'Verification code' | 'Reset code') =>
  z
    .string(required(`${label} is required`))
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{6}$/, `${label} must be 6 digits`);

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
  })
  .refine((value) => value.password === value.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export const forgotPasswordStepSchema = z.object({ email: emailField });
export const resetCodeStepSchema = z.object({ resetCode: codeField('Reset code') });
export const newPasswordStepSchema = z
  .object({
    newPassword: passwordField,
    confirmNewPassword: z.string(required('Passwords do not match')),
  })
  .refine((value) => value.newPassword === value.confirmNewPassword, { message: 'Passwords do not match', path: ['confirmNewPassword'] });

/** The steps of spec §4, in the URL as `?auth=<step>`. */
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
