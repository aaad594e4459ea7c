import { z } from 'zod';

const itemId = z.string().uuid();
/** The line's quantity as the page showed it; the API holds the real limits. */
const quantity = z.coerce.number().int().min(1).max(10_000);

/**
 * The cart page's posts: one form per line (minus, plus, remove) and the cart-wide buttons. Read by
 * the action alone (the page has no validation in the browser), so kept out of its browser bundle.
 */
export const cartActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.enum(['increment', 'decrement']), itemId, quantity }),
  z.object({ intent: z.literal('remove'), itemId }),
  z.object({ intent: z.enum(['clear', 'checkout', 'remove-discount', 'remove-gift-card']) }),
  z.object({ intent: z.literal('apply-gift-card'), gift_card_code: z.string().trim().max(64).default('') }),
  z.object({ intent: z.literal('apply-discount'), code: z.string().trim().max(64).default('') }),
]);
