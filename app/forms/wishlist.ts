import { z } from 'zod';
import { MESSAGES } from '~/lib/messages';
import { BASIC_EMAIL, EMAIL_MAX_LENGTH } from '~/lib/shop-rules';

/** Notify Me (listing card and product page): the browser and the action validate with this. */
export const wishlistSchema = z.object({
  intent: z.literal('notify'),
  formKey: z.string().max(100),
  email: z
    .string({ required_error: MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
    .regex(BASIC_EMAIL, MESSAGES.invalidEmail),
  productId: z.string().max(100).optional(),
  variantId: z.string().max(100).optional(),
  returnTo: z.string().max(2000).optional(),
});
