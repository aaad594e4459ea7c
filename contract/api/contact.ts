import { z } from 'zod';

import { CONTACT_LIMITS, CONTACT_REASONS } from '../contact';
import { EMAIL_PATTERN } from '../shop-rules';

const text = (max: number) => z.string().trim().min(1, 'Field must not be empty').max(max, `At most ${max} characters`);

/** `POST contact/submit` (docs/product.md#api-contact): name, email, reason, subject, message. */
export const contactRequestSchema = z.object({
  name: text(CONTACT_LIMITS.name),
  email: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.email, 'Email address is too long')
    .regex(EMAIL_PATTERN, 'Not a valid email address')
    .transform((value) => value.toLowerCase()),
  reason: z.enum(CONTACT_REASONS),
  subject: text(CONTACT_LIMITS.subject),
  message: text(CONTACT_LIMITS.message),
});

/** Its answer (201). */
export const contactAnswerSchema = z.object({ id: z.string(), message: z.string() });
