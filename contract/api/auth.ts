import { z } from 'zod';

import { codeField, emailField, loginPasswordField, nameField, passwordField } from '../fields';
import { SHOP_LOCALES } from '../locale';

/** The User of docs/product.md#data-user, as every auth answer carries it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_type: z.enum(['guest', 'registered']),
  has_password: z.boolean().optional(),
  session_expires_at: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  first_name: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  last_name: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  phone: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  member_since: z.string().optional(),
  /** The language the shopper's emails and receipts are in (contract/locale.ts); English when not said. */
  locale: z.enum(SHOP_LOCALES).optional(),
});
export type ApiUser = z.infer<typeof userSchema>;

/** What every sign-in answers: the tokens and the user. */
export const signInSchema = z.object({ access_token: z.string(), refresh_token: z.string(), user: userSchema });
export type SignInAnswer = z.infer<typeof signInSchema>;
/** `POST auth/refresh`. */
export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

/** `POST auth/check-email`. */
export const checkEmailAnswerSchema = z.object({ exists: z.boolean(), has_password: z.boolean() });

/** The answers that only say what happened (code sent, verified, signed out, reset...). */
export const messageAnswerSchema = z.object({ message: z.string(), email: z.string().optional(), verified: z.boolean().optional() });

/** The bodies the auth routes accept (docs/product.md#api-auth). */
export const emailRequestSchema = z.object({ email: emailField });
export const registerRequestSchema = z.object({
  email: emailField,
  // The storefront asks for the password after the email is verified; a password sent now must still be valid.
  password: z.union([z.literal(''), passwordField]).optional(),
  guest_checkout: z.boolean().default(false),
});
export const verificationRequestSchema = z.object({ email: emailField, code: codeField('Verification code') });
export const completeRegistrationRequestSchema = z.object({
  email: emailField,
  password: passwordField,
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  /** The sign-up's marketing opt-in, off unless ticked: asks for the consent by its double opt-in email (issue 41). */
  marketing: z.boolean().default(false),
});
/**
 * `POST auth/guest-account`: a guest, signed in by the code sent to their email, keeps that email as a
 * registered account in one step. Names are optional (the card face falls back to the email).
 */
export const guestAccountRequestSchema = z.object({
  password: passwordField,
  first_name: z.union([z.literal(''), nameField('First name')]).optional(),
  last_name: z.union([z.literal(''), nameField('Last name')]).optional(),
  /** As at sign-up: marketing email, asked for by its double opt-in email only when ticked. */
  marketing: z.boolean().default(false),
});
export const loginRequestSchema = z.object({ email: emailField, password: loginPasswordField });
export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(200) });
/** Sign-out may carry only the refresh token: it ends that token's family even after the access token ran out. */
export const logoutRequestSchema = z.object({ refresh_token: z.string().min(1).max(200).optional() });
export const resetCodeRequestSchema = z.object({ email: emailField, code: codeField('Reset code') });
export const resetPasswordRequestSchema = z.object({ email: emailField, code: codeField('Reset code'), new_password: passwordField });
