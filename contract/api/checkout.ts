import { z } from 'zod';

import { deliveryAddressSchema } from '../delivery-address';
import { CART_RULES } from '../shop-rules';
import { discountCodeInput } from './discounts';
import { giftCardCodeInput, giftRecipientSchema } from './gift-cards';

/** Where the payment page sends the shopper back: an absolute http(s) address. */
const returnUrl = z
  .string()
  .trim()
  .max(2048)
  .url('Must be a URL')
  .refine((value) => /^https?:\/\//i.test(value), 'Must be an http or https URL');

const metadata = z
  .record(z.unknown())
  .default({})
  .refine((value) => JSON.stringify(value).length <= 4000, 'Metadata is too large');

/**
 * A gift card's code and the buyer's store credit pay what the discount leaves (ADR 052); refused when the card cannot pay.
 * When they pay it all there is no payment page to ask where the goods go: `shipping_address` says it, and a checkout
 * without it, for goods, by a buyer with no address on file, is refused with `delivery_address_required` (ADR 062).
 */
const balanceFields = {
  gift_card_code: giftCardCodeInput.optional(),
  use_store_credit: z.boolean().default(false),
  shipping_address: deliveryAddressSchema.nullish(),
};

/** `POST checkout/`: pays for the shopper's cart. */
export const cartCheckoutRequestSchema = z.object({
  success_url: returnUrl,
  cancel_url: returnUrl,
  // The purchase goes to the signed-in account's email; this one is only checked for shape.
  email: z.string().trim().max(254).email('Please enter a valid email address').optional(),
  cart_id: z.string().max(100).nullish(),
  /** A discount code: checked and worked out by the API; a code that cannot be used refuses the checkout with its reason. */
  discount_code: discountCodeInput.optional(),
  ...balanceFields,
  metadata,
});

/** `POST checkout/quick`: pays for one variant, the cart untouched. */
export const quickCheckoutRequestSchema = z.object({
  product_variant_id: z.string().uuid(),
  quantity: z.number().int().min(1).max(CART_RULES.maxLineQuantity).default(CART_RULES.quantityPerAdd),
  success_url: returnUrl,
  cancel_url: returnUrl,
  /** The code the shopper carries: applied when it covers this product, otherwise left out. */
  discount_code: discountCodeInput.optional(),
  ...balanceFields,
  metadata,
});

/** `POST checkout/gift-card`: buys one gift card, for the buyer or for someone (ADR 052). */
export const giftCardCheckoutRequestSchema = z.object({
  product_variant_id: z.string().uuid(),
  recipient: giftRecipientSchema.nullish(),
  success_url: returnUrl,
  cancel_url: returnUrl,
  metadata,
});

/** Both checkouts answer with the address of the payment page. */
export const checkoutAnswerSchema = z.object({ checkout_url: z.string().url() });

/** What the payment provider's notification is told: whether it changed a checkout session. */
export const webhookAnswerSchema = z.object({ received: z.literal(true), handled: z.boolean(), purchase_id: z.string().optional() });
