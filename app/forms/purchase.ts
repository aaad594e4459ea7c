import { z } from 'zod';

import { MESSAGES } from '~/lib/messages';

const variantId = (message: string) => z.string({ required_error: message, invalid_type_error: message }).max(100, message);

export const PURCHASE_INTENTS: readonly string[] = ['add-to-cart', 'quick-purchase'];

/** Add to Cart and Quick Purchase on the product page: both need a selected variant (docs/product.md#product-page). */
export const purchaseSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add-to-cart'), variantId: variantId(MESSAGES.noVariantSelected) }),
  z.object({ intent: z.literal('quick-purchase'), variantId: variantId(MESSAGES.selectProductOptions) }),
]);
