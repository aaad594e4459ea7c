import { type FieldErrors, fieldErrors } from './field-errors';
import { wishlistSchema } from './wishlist';

/** The browser's check of a Notify Me form with the action's schema (see fieldErrors). */
export function validateWishlist(formData: FormData): FieldErrors | null {
  return fieldErrors(formData, wishlistSchema);
}
