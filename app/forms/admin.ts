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

/** A parcel: one of the owner's carriers (issue 42, `admin/carriers`, the names the page offers) and its tracking number. */
export const shipOrderSchema = (carriers: readonly string[]) =>
  z.object({
    carrier: z
      .string(required('Choose the carrier'))
      .trim()
      .refine((name) => carriers.includes(name), 'Choose the carrier'),
    tracking: z
      .string(required('Enter the tracking number'))
      .trim()
      .min(1, 'Enter the tracking number')
      .max(80, 'The tracking number is too long')
      .regex(/^[A-Za-z0-9 -]+$/, 'Use only letters, digits, spaces and hyphens'),
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

/** Euros as people type them ("12", "12.5", "12,50"), in cents; empty is none. */
const euros = z
  .string()
  .trim()
  .regex(/^\d{1,7}([.,]\d{1,2})?$/, 'Enter an amount in euros, like 12.50')
  .transform((value) => Math.round(Number(value.replace(',', '.')) * 100))
  .optional();

/** The form's one-time key (contract/api/refunds.ts): the page makes it, a double post reuses it. */
const refundKey = z.string(required('Reload the page and try again')).regex(/^[A-Za-z0-9_-]{16,100}$/, 'Reload the page and try again');

/** Some units of some lines and/or an amount; the API works out and checks the money. */
export const refundFormSchema = z
  .object({
    idempotency_key: refundKey,
    lines: z
      .array(
        z.object({
          item_id: z.string().uuid(),
          quantity: z.coerce
            .number({ invalid_type_error: 'Enter a whole number of units' })
            .int('Enter a whole number of units')
            .min(0, 'Enter 0 or more units')
            .max(10_000)
            .default(0),
        }),
      )
      .max(100)
      .default([]),
    amount: euros,
    restock: z.boolean().default(false),
    reason: z.string().trim().max(500, 'A reason is at most 500 characters').optional(),
  })
  .refine((value) => value.lines.some((line) => line.quantity > 0) || (value.amount ?? 0) > 0, {
    message: 'Choose units to refund or enter an amount',
    path: ['amount'],
  });

/** Everything left on the order, once the owner has ticked that they mean it. */
export const refundAllFormSchema = z.object({
  idempotency_key: refundKey,
  restock: z.boolean().default(false),
  confirm: z.boolean({ required_error: 'Tick the box to confirm' }).refine(Boolean, 'Tick the box to confirm'),
});

export const cancelOrderFormSchema = z.object({
  idempotency_key: refundKey,
  reason: z.string().trim().max(500, 'A reason is at most 500 characters').optional(),
  confirm: z.boolean({ required_error: 'Tick the box to confirm' }).refine(Boolean, 'Tick the box to confirm'),
});
