import { z } from 'zod';
import { orderNoteRequestSchema } from '@contract/api/admin';
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

/** The carriers the tracking links know (contract/tracking.ts), as the back office offers them. */
export const CARRIERS = ['GLS', 'BRT', 'DHL', 'Poste Italiane'] as const;

export const shipOrderSchema = z.object({
  carrier: z.enum(CARRIERS, { errorMap: () => ({ message: 'Choose the carrier' }) }),
  tracking: z
    .string(required('Enter the tracking number'))
    .trim()
    .min(1, 'Enter the tracking number')
    .max(80, 'The tracking number is too long')
    .regex(/^[A-Za-z0-9 -]+$/, 'Use only letters, digits, spaces and hyphens'),
});

/** The order list's search, from the address bar. */
export const orderSearchSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(['Processing', 'Shipped', 'Delivered']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** A staff note on an order: the API's own rule (contract/api/admin.ts). */
export const orderNoteFormSchema = orderNoteRequestSchema.pick({ note: true });

/** Units added to one variant from the stock page. */
export const restockFormSchema = z.object({
  sku: z.string(required('Choose a variant')).trim().min(1, 'Choose a variant').max(64, 'Choose a variant'),
  quantity: z.coerce
    .number({ required_error: 'Enter how many units to add', invalid_type_error: 'Enter a whole number of units' })
    .int('Enter a whole number of units')
    .min(1, 'Add at least 1 unit')
    .max(100_000, 'Add at most 100000 units at a time'),
});
