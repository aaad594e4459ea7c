import { type FieldErrors, fieldErrors } from './field-errors';
import { purchaseSchema } from './purchase';

/** The browser's check of Add to Cart and Quick Purchase with the action's schema (see fieldErrors). */
export function validatePurchase(formData: FormData): FieldErrors | null {
  return fieldErrors(formData, purchaseSchema);
}
