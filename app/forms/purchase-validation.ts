import { parseWithZod } from '@conform-to/zod';
import type { FieldErrors } from './wishlist-validation';
import { purchaseSchema } from './purchase';

/**
 * The browser's check of Add to Cart and Quick Purchase with the action's schema: the errors by
 * field, in the shape `submission.reply()` sends back from the server, or null when the form may be sent.
 */
export function validatePurchase(formData: FormData): FieldErrors | null {
  const submission = parseWithZod(formData, { schema: purchaseSchema });
  return submission.status === 'success' ? null : (submission.reply().error ?? {});
}
