import { z } from 'zod';

import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@contract/shop-rules';

import { MESSAGES } from '~/lib/messages';

// The hidden fields come from the page; anything else in them is a failed add, not a message about the field.
const hidden = z.string({ required_error: MESSAGES.wishlistFailed, invalid_type_error: MESSAGES.wishlistFailed });

/** Notify Me (listing card and product page): the browser and the action validate with this. */
export const wishlistSchema = z.object({
  intent: z.literal('notify', { errorMap: () => ({ message: MESSAGES.wishlistFailed }) }),
  // It names the form in the page, and ends the address the post goes back to (#formKey).
  formKey: hidden.regex(/^[\w-]{1,100}$/, MESSAGES.wishlistFailed),
  email: z
    .string({ required_error: MESSAGES.invalidEmail, invalid_type_error: MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  productId: hidden.max(100, MESSAGES.wishlistFailed).optional(),
  variantId: hidden.max(100, MESSAGES.wishlistFailed).optional(),
  returnTo: hidden.max(2000, MESSAGES.wishlistFailed).optional(),
});
