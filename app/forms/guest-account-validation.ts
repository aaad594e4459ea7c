import { guestAccountSchema } from './auth';
import { type FieldErrors, fieldErrors } from './field-errors';

/** The browser's check of the guest's one-step account form with the action's schema (fetched on demand, ADR 012). */
export function validateGuestAccount(formData: FormData): FieldErrors | null {
  return fieldErrors(formData, guestAccountSchema);
}
