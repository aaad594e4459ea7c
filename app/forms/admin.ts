import { z } from 'zod';
import { STAFF_ROLES, staffLoginRequestSchema, staffSetPasswordRequestSchema } from '@contract/api/staff';
import { emailField, required } from '@contract/fields';

/**
 * The back office's forms, checked in the browser and again in the action. The field rules are the
 * API's own (contract/api/staff.ts); a form adds only what it posts beside them.
 */
export const adminLoginSchema = staffLoginRequestSchema.extend({
  /** Where to go after signing in: a hint only, so anything but one short text is ignored. */
  redirectTo: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' && value.length <= 500 ? value : undefined)),
});

export const adminSetPasswordSchema = staffSetPasswordRequestSchema
  .extend({ confirm: z.string(required('Please confirm the password')).min(1, 'Please confirm the password') })
  .refine((value) => value.password === value.confirm, { message: 'Passwords do not match', path: ['confirm'] });

export const staffAddSchema = z.object({
  email: emailField,
  role: z.enum(STAFF_ROLES, { errorMap: () => ({ message: 'Choose a role: owner or staff' }) }),
});

export const staffResendSchema = z.object({ email: emailField });
