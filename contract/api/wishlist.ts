import { z } from 'zod';

import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../shop-rules';

// A basic pattern, as docs/product.md#wishlist asks for the wishlist; length as for every email.
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, 'Email address is too long')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address');
const id = z.string().uuid('must be an id');
const optionalId = z.preprocess((v) => (v === '' ? null : v), id.nullish());

/** `POST products/wishlist`: the email and the product or variant to wait for. */
export const wishlistRequestSchema = z
  .object({ email, product_id: optionalId, product_variant_id: optionalId })
  .refine((body) => body.product_id || body.product_variant_id, {
    message: 'Give product_id or product_variant_id',
    path: ['product_id'],
  });

/** `GET products/wishlist?email=`. */
export const wishlistQuerySchema = z.object({ email });

/** Its answer: what the shopper waits for. */
export const wishlistEntriesSchema = z.array(
  z.object({ product_id: z.string().nullable().optional(), product_variant_id: z.string().nullable().optional() }),
);

export const wishlistAnswerSchema = z.object({ message: z.string(), already_in_wishlist: z.boolean().optional() });

/** The signed token of a back-in-stock email's unsubscribe link: it alone is enough, no sign-in. */
export const wishlistTokenSchema = z.object({
  token: z.string().trim().min(1, 'The link is incomplete').max(200, 'The link is not valid'),
});
/** `GET products/wishlist/unsubscribe?token=`: what the link stops; `POST` with `{ token }` stops it. */
export const wishlistUnsubscribeAnswerSchema = z.object({
  item: z.string(),
  removed: z.boolean(),
  /** When the item is not on sale yet: its launch (the request is a place on the launch list). */
  launches_at: z.string().nullish(),
});
