import { z } from 'zod';

/** Spec §5 and §9, enforced by the API as well as by the storefront. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_DURATION_MS = 15 * 60_000;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REGISTERED_REFRESH_TTL_MS = 24 * 60 * 60_000; // 1 day
export const GUEST_SESSION_TTL_MS = 0.42 * 24 * 60 * 60_000; // 0.42 days, about 10 hours

export const email = z
  .string({ required_error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email address is too long')
  .email('Please enter a valid email address');

export const password = z
  .string({ required_error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password is too long')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

/** Login checks presence and the upper bound only; the hash decides the rest. */
export const loginPassword = z.string({ required_error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password is too long');

const name = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(2, `${label} must be at least 2 characters`)
    .max(50, `${label} is too long`)
    .regex(/^[\p{L} '-]+$/u, `${label} contains invalid characters`);

export const firstName = name('First name');
export const lastName = name('Last name');

export const code = (label: 'Verification code' | 'Reset code') =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{6}$/, `${label} must be 6 digits`);
