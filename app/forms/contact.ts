import { z } from 'zod';

import { CONTACT_LIMITS, CONTACT_REASONS, type ContactReason } from '@contract/contact';
import { EMAIL_PATTERN } from '@contract/shop-rules';

import { MESSAGES } from '../lib/messages';

/** `?reason=` values from other pages (the failed-payment page sends purchase_error) and the reason they mean. */
export function reasonFromQuery(value: string | null): ContactReason | undefined {
  if (!value) return undefined;
  if (value === 'purchase_error') return 'order';
  return (CONTACT_REASONS as readonly string[]).includes(value) ? (value as ContactReason) : undefined;
}

// A value that is no single text (a field sent twice) reads as missing.
const required = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

/**
 * The contact form of docs/product.md#contact, checked in the spec's order (name, email, email shape, reason,
 * subject, message); the browser (Conform) and the action share it. A field shows its first error.
 */
export const contactSchema = z.object({
  name: required(MESSAGES.contactNameRequired).max(CONTACT_LIMITS.name, 'Name is too long'),
  email: required(MESSAGES.contactEmailRequired)
    .regex(EMAIL_PATTERN, MESSAGES.contactEmailInvalid)
    .max(CONTACT_LIMITS.email, MESSAGES.emailTooLong)
    .transform((value) => value.toLowerCase()),
  reason: z.enum(CONTACT_REASONS, { errorMap: () => ({ message: MESSAGES.contactReasonRequired }) }),
  subject: required(MESSAGES.contactSubjectRequired).max(CONTACT_LIMITS.subject, 'Subject is too long'),
  message: required(MESSAGES.contactMessageRequired).max(CONTACT_LIMITS.message, 'Message is too long'),
});

export type ContactMessage = z.infer<typeof contactSchema>;
