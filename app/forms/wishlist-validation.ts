import { parseWithZod } from '@conform-to/zod';
import { wishlistSchema } from './wishlist';

export type FieldErrors = Record<string, string[] | null | undefined>;

/**
 * The browser's check of a Notify Me form with the action's schema: the errors by field, in the shape
 * `submission.reply()` sends back from the server, or null when the form may be sent.
 */
export function validateWishlist(formData: FormData): FieldErrors | null {
  const submission = parseWithZod(formData, { schema: wishlistSchema });
  return submission.status === 'success' ? null : (submission.reply().error ?? {});
}
