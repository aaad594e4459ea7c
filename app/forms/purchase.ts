import { z } from 'zod';
import { MESSAGES } from '~/lib/messages';

/** Add to Cart and Quick Purchase on the product page: both need a selected variant (spec §5). */
export const purchaseSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add-to-cart'), variantId: z.string({ required_error: MESSAGES.noVariantSelected }).max(100) }),
  z.object({ intent: z.literal('quick-purchase'), variantId: z.string({ required_error: MESSAGES.selectProductOptions }).max(100) }),
]);
