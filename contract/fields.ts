import { z } from 'zod';

/**
 * The checks of the shopper's own fields (docs/product.md#validation), word for word. The storefront's
 * forms run them in the browser and in the action; the API runs the same ones on what it is sent.
 */
/** The same message whether the field is missing or not text. */
export const required = (message: string) => ({ required_error: message, invalid_type_error: message });

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

/** Signing in checks presence and the upper bound only; the stored hash decides the rest. */
export const loginPasswordField = z
  .string(required('Password is required'))
  .min(1, 'Password is required')
  .max(128, 'Password is too long');

export const nameField = (label: 'First name' | 'Last name') =>
  z
    .string(required(`${label} is required`))
    .trim()
    .min(1, `${label} is required`)
    .min(2, `${label} must be at least 2 characters`)
    .max(50, `${label} is too long`)
    .regex(/^[\p{L} '-]+$/u, `${label} contains invalid characters`);

export const codeField = (label: 'Verification code' | 'Reset code') =>
  z
    .string(required(`${label} is required`))
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{6}$/, `${label} must be 6 digits`);

/** A phone number: digits, spaces, brackets, hyphens, a leading +. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,}$/;
export const PROFILE_LIMITS = { phone: 30, address: 300 } as const;

export const phoneField = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.phone, 'Phone number is too long')
  .regex(PHONE_PATTERN, 'Please enter a valid phone number');
export const addressField = z.string().trim().max(PROFILE_LIMITS.address, 'Address is too long');
